/**
 * `npm run studio:build -- <outDir>` (NODE_ENV=production tsx build-app.ts <outDir>): the
 * app's production build (appBuildConfig), its page moved to <outDir>/index.html, and a gzip and
 * a brotli copy of every script beside it (runtime/file-response.ts answers with those when the browser accepts them).
 * Run in a process of its own by app.ts, so the server's Vite dev server never shares its
 * NODE_ENV.
 */
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build } from 'vite';
import { APP_ASSETS_DIR, APP_HTML, appBuildConfig } from '../../app/vite-config.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const given = process.argv[2];
if (!given) {
  process.stderr.write('Uso: npm run studio:build -- <pasta nova ou de um build anterior>\n');
  process.exit(2);
}
if (process.env.NODE_ENV !== 'production') {
  process.stderr.write('Rode com NODE_ENV=production (senão o React vem na versão de desenvolvimento).\n');
  process.exit(2);
}
const outDir = path.resolve(given);
// The build empties its folder first: only a new, an empty or a previous build's folder.
const existing = await readdir(outDir).catch(() => [] as string[]);
if (existing.length > 0 && !(existing.includes('index.html') && existing.includes(APP_ASSETS_DIR))) {
  process.stderr.write(`${outDir} não está vazia e não é um build anterior da interface: nada foi feito.\n`);
  process.exit(2);
}

await build(appBuildConfig(root, outDir));
await rename(path.join(outDir, APP_HTML), path.join(outDir, 'index.html'));
await rm(path.join(outDir, APP_HTML.split('/')[0]!), { recursive: true, force: true });

const gz = promisify(gzip);
const br = promisify(brotliCompress);
for (const entry of await readdir(outDir, { recursive: true })) {
  if (!/\.(js|css|svg|json)$/.test(entry)) continue;
  const file = path.join(outDir, entry);
  const bytes = await readFile(file);
  await writeFile(`${file}.gz`, await gz(bytes, { level: 9 }));
  await writeFile(`${file}.br`, await br(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }));
}
