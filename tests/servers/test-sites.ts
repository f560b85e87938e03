/**
 * Every site the browser tests visit, from one command (playwright.config.ts): Playwright starts
 * its web servers one after the other, and four separate processes each loading the build
 * pipeline took about 34 s before the first test; this takes about a third of that.
 *
 *   PORT    dist/ (npm run build), served by `npm run preview`'s command in a child process,
 *           which starts while the builds below run
 *   PORT+1  pages/ with the test analytics id: consent banner, Google tag, CSP with Google
 *   PORT+2  the hostile-text fixture with the same id (tests/e2e/hostile.spec.ts)
 *   PORT+3  pages/ with the id and an experiment on /sodastream-t, the build's real edge worker
 *           under workerd in front of it (tests/e2e/experiment.spec.ts)
 *
 * The three builds run here one after the other (test-builds.ts), each served as soon as it is
 * made; PORT+3 opens last, once all the others answer, so it is the one address to wait for.
 * Playwright waits only for PORT (the built site): the tests that need none of the three start
 * while they are built, and the specs that visit them wait for PORT+3 first (extraSitesReady in
 * tests/e2e/consent-helpers.ts).
 *
 *   E2E_PORT=4317 NODE_ENV=production node --import tsx tests/servers/test-sites.ts
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { serveStatic } from '../../runtime/dev/index.ts';
import { buildConsentSite, buildExperimentSite } from './test-builds.ts';
import { cloudflareOverDist } from './workerd.ts';

const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 4317);

// The built site as `npm run preview` serves it (it reads PORT and DIST_DIR).
const site = spawn(process.execPath, ['--import', 'tsx', 'runtime/cli.ts', 'serve'], {
  cwd: root,
  env: { ...process.env, PORT: String(port) },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let stopping = false;
site.on('exit', (code) => {
  if (stopping) return;
  console.error(`O servidor do site (porta ${port}) saiu (${code}).`);
  process.exit(1);
});
process.on('exit', () => {
  stopping = true;
  site.kill();
});

await serveStatic(await buildConsentSite(port + 1), port + 1);
await serveStatic(await buildConsentSite(port + 2, 'tests/fixtures/hostile/_texto-hostil/pages'), port + 2);
const experimentDist = await buildExperimentSite(port + 3);

await answers(`http://127.0.0.1:${port}/`);
const mf = cloudflareOverDist(experimentDist, { host: '127.0.0.1', port: port + 3 });
await mf.ready;
console.log(`Sites de teste prontos em http://127.0.0.1:${port}/ a ${port + 3}/`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopping = true;
    void mf.dispose().finally(() => process.exit(0));
  });

/** Resolves once `url` answers at all (the child's server is listening). */
async function answers(url: string): Promise<void> {
  for (;;) {
    const ok = await fetch(url).then(
      () => true,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
