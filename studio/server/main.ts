/**
 * `npm run studio [-- --port N] [-- --pages DIR]`: starts the Estúdio on 127.0.0.1 and prints the
 * address to open, token included, on a line of its own (so a terminal makes it clickable and a
 * script can read it). Nothing else is printed when all goes well.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createStudioServer, DEFAULT_PORT, type StudioServer } from './server.ts';

const root = path.resolve(import.meta.dirname, '../..');

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

let values: { port?: string; pages?: string; public?: string };
try {
  ({ values } = parseArgs({
    options: { port: { type: 'string' }, pages: { type: 'string' }, public: { type: 'string' } },
  }));
} catch (error) {
  fail(
    `${(error as Error).message}\nUso: npm run studio -- [--port 5180] [--pages pasta] [--public pasta]`,
    2,
  );
}

const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
if (!/^\d+$/.test(values.port ?? '0') || port > 65535) {
  fail(
    `Porta inválida: "${values.port}". Use um número de 1 a 65535, por exemplo: npm run studio -- --port 5181`,
    2,
  );
}

let server: StudioServer;
try {
  server = await createStudioServer({
    root,
    port,
    ...(values.pages === undefined ? {} : { pagesDir: path.resolve(values.pages) }),
    ...(values.public === undefined ? {} : { publicDir: path.resolve(values.public) }),
  });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    fail(
      `A porta ${port} já está em uso (o Estúdio já está aberto?). Use outra: npm run studio -- --port ${port + 1}`,
    );
  }
  if (code === 'ENOENT') fail(`Pasta não encontrada: ${(error as NodeJS.ErrnoException).path ?? ''}`);
  console.error(error);
  fail('O Estúdio não conseguiu iniciar.');
}

process.stdout.write(`Estúdio Fillgás pronto. Abra este endereço no navegador:\n${server.url}\n`);

let stopping = false;
const stop = () => {
  // A second Ctrl+C while closing: leave at once.
  if (stopping) process.exit(130);
  stopping = true;
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
