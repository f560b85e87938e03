/**
 * `npm run studio [-- --port N] [-- --pages DIR]`: starts the Estúdio on 127.0.0.1 and prints the
 * address to open, token included, on a line of its own (so a terminal makes it clickable and a
 * script can read it). Nothing else is printed when all goes well, but for a line on stderr while
 * the app's production build is made (once per version of its sources: app-cache.ts).
 * `--dev` serves the app through Vite with hot reload instead, for people changing the Estúdio.
 *
 * `npm run studio -- --hosted --public-url https://estudio.fillgas.com.br`: the hosted Estúdio
 * (decision 0018, README "Estúdio hospedado"). Every flag has an environment variable, for
 * containers: STUDIO_HOSTED=1, STUDIO_PUBLIC_URL, STUDIO_HOST, PORT, STUDIO_DATA_DIR,
 * STUDIO_REPO, STUDIO_ACCOUNTS_FILE or STUDIO_ACCOUNTS (JSON), STUDIO_TRUST_PROXY, STUDIO_APP_DIR,
 * and for Cloudflare Access STUDIO_PROXY_TEAM, STUDIO_PROXY_AUD, STUDIO_PROXY_JWKS.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { HostedConfigError, type HostedOptions } from './hosted/gate.ts';
import { cachedAppDir } from './app-cache.ts';
import { createStudioServer, DEFAULT_PORT, type StudioServer } from './server.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** Defined (true) in the kept bundle of this entry (bundled-entry.ts); undeclared under tsx. */
declare const ESTUDIO_KEPT_BUNDLE: boolean | undefined;
/**
 * From the bundle, a snapshot of the sources, the runtime is the bundle's own (runtime.ts,
 * 'loaded'); through tsx (`npm run studio`), an edit to runtime/ or blocks/ shows without a restart.
 */
const runtimeLoading = typeof ESTUDIO_KEPT_BUNDLE !== 'undefined' && ESTUDIO_KEPT_BUNDLE ? 'loaded' : 'hot';
const env = process.env;

/** Hosted, without --port: the platform's PORT, else 8080 (the container's EXPOSE). */
const HOSTED_PORT = 8080;

const USAGE = `Uso: npm run studio -- [--port 5180] [--pages pasta] [--public pasta] [--dev]
Hospedado: npm run studio -- --hosted --public-url https://estudio.exemplo.com.br
  [--host 0.0.0.0] [--port 8080] [--data pasta] [--repo clone] [--accounts contas.json]
  [--trust-proxy 1] [--app pasta-da-interface]
  [--proxy --proxy-team https://equipe.cloudflareaccess.com --proxy-aud AUD [--proxy-jwks chaves.json]]`;

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const options = {
  port: { type: 'string' },
  pages: { type: 'string' },
  public: { type: 'string' },
  hosted: { type: 'boolean' },
  'public-url': { type: 'string' },
  host: { type: 'string' },
  data: { type: 'string' },
  repo: { type: 'string' },
  accounts: { type: 'string' },
  'trust-proxy': { type: 'string' },
  proxy: { type: 'boolean' },
  'proxy-team': { type: 'string' },
  'proxy-aud': { type: 'string' },
  'proxy-jwks': { type: 'string' },
  app: { type: 'string' },
  dev: { type: 'boolean' },
} as const;

let values: ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];
try {
  ({ values } = parseArgs({ options }));
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`, 2);
}

const hosted = values.hosted === true || env.STUDIO_HOSTED === '1' || env.STUDIO_HOSTED === 'true';

const portText = values.port ?? (hosted ? env.PORT : undefined);
const port = portText === undefined ? (hosted ? HOSTED_PORT : DEFAULT_PORT) : Number(portText);
if (!/^\d+$/.test(portText ?? '0') || port > 65535) {
  fail(
    `Porta inválida: "${portText}". Use um número de 1 a 65535, por exemplo: npm run studio -- --port 5181`,
    2,
  );
}

const repo = values.repo ?? (hosted ? env.STUDIO_REPO : undefined);
const pagesDir = values.pages ?? (repo === undefined ? undefined : path.join(repo, 'pages'));
const publicDir = values.public ?? (repo === undefined ? undefined : path.join(repo, 'public'));
const dataDir = values.data ?? (hosted ? env.STUDIO_DATA_DIR : undefined);

async function hostedOptions(): Promise<HostedOptions> {
  const publicUrl = values['public-url'] ?? env.STUDIO_PUBLIC_URL;
  if (!publicUrl)
    fail(
      'Falta o endereço público do Estúdio hospedado: --public-url https://estudio.fillgas.com.br (ou STUDIO_PUBLIC_URL). É o único endereço que ele aceita.',
      2,
    );
  const trust = values['trust-proxy'] ?? env.STUDIO_TRUST_PROXY ?? '0';
  if (!/^\d{1,2}$/.test(trust))
    fail(`--trust-proxy precisa ser um número de proxies (recebido: ${trust}).`, 2);
  const team = values['proxy-team'] ?? env.STUDIO_PROXY_TEAM;
  const aud = values['proxy-aud'] ?? env.STUDIO_PROXY_AUD;
  // A build made beforehand (npm run studio:build -- <pasta>; the container image does); else at start.
  const appDir = values.app ?? env.STUDIO_APP_DIR;
  const base = {
    publicUrl,
    trustedProxies: Number(trust),
    ...(appDir ? { appDir: path.resolve(appDir) } : {}),
  };
  if (values.proxy || team || aud) {
    if (!team || !aud)
      fail(
        'O modo proxy (Cloudflare Access) precisa de --proxy-team https://<equipe>.cloudflareaccess.com e --proxy-aud <AUD da aplicação> (ou STUDIO_PROXY_TEAM e STUDIO_PROXY_AUD).',
        2,
      );
    const jwks = values['proxy-jwks'] ?? env.STUDIO_PROXY_JWKS;
    let keys: HostedOptions['proxy'] = { issuer: team, audience: aud };
    if (jwks && /^https:\/\//.test(jwks)) keys = { ...keys, jwksUrl: jwks };
    else if (jwks) {
      try {
        keys = { ...keys, jwks: JSON.parse(await readFile(jwks, 'utf8')) as { keys: [] } };
      } catch (error) {
        fail(`As chaves do proxy (${jwks}) não puderam ser lidas: ${(error as Error).message}`);
      }
    }
    return { ...base, proxy: keys };
  }
  const accountsFile = values.accounts ?? env.STUDIO_ACCOUNTS_FILE;
  return {
    ...base,
    ...(env.STUDIO_ACCOUNTS ? { accountsJson: env.STUDIO_ACCOUNTS } : {}),
    ...(accountsFile ? { accountsFile: path.resolve(accountsFile) } : {}),
  };
}

/**
 * Local mode's app: a production build (made now if these sources have none yet), or with --dev
 * (or STUDIO_DEV=1) Vite's development app with hot reload.
 */
async function localAppDir(): Promise<string | undefined> {
  if (values.dev === true || env.STUDIO_DEV === '1') return undefined;
  if (values.app) return path.resolve(values.app);
  try {
    return await cachedAppDir(root, () =>
      process.stderr.write('Preparando a interface do Estúdio (só depois de uma atualização)…\n'),
    );
  } catch (error) {
    console.error(error);
    return fail(
      'A interface do Estúdio não pôde ser preparada. Para usar a de desenvolvimento: npm run studio -- --dev',
    );
  }
}

/** Starts the server (a function: the kept bundle is one CommonJS script, without top-level await). */
async function start(): Promise<void> {
  let server: StudioServer;
  try {
    const appDir = hosted ? undefined : await localAppDir();
    // With a built app (hosted, or local without --dev) the previews are rendered by React's
    // production build too, as the site's build renders pages: about four times faster.
    if (hosted || appDir) process.env.NODE_ENV ??= 'production';
    server = await createStudioServer({
      root,
      port,
      ...(pagesDir === undefined ? {} : { pagesDir: path.resolve(pagesDir) }),
      ...(publicDir === undefined ? {} : { publicDir: path.resolve(publicDir) }),
      ...(dataDir === undefined ? {} : { dataDir: path.resolve(dataDir) }),
      ...(hosted ? { hosted: await hostedOptions(), host: values.host ?? env.STUDIO_HOST ?? '0.0.0.0' } : {}),
      ...(!hosted && values.host !== undefined ? { host: values.host } : {}),
      ...(appDir ? { appDir } : {}),
      // The cache's build (not --app's) is built again if another server's build prunes it.
      ...(appDir && !values.app ? { rebuildApp: () => cachedAppDir(root) } : {}),
      runtime: runtimeLoading,
      // Test-only: a local runReport server instead of Google's (tests/servers/fake-ga4.ts, decision 0036).
      ...(env.STUDIO_GA4_ENDPOINT ? { ga4Endpoint: env.STUDIO_GA4_ENDPOINT } : {}),
    });
  } catch (error) {
    if (error instanceof HostedConfigError) fail(error.message);
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

  if (server.mode === 'local') {
    process.stdout.write(`Estúdio Fillgás pronto. Abra este endereço no navegador:\n${server.url}\n`);
  } else {
    process.stdout.write(
      `Estúdio Fillgás hospedado (${server.mode === 'proxy' ? 'atrás do Cloudflare Access' : 'com contas e senhas'}), na porta ${server.port}. Endereço público:\n${server.url}\n`,
    );
  }

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
}

void start();
