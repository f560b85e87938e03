/**
 * `npm run bench:edge`: the Cloudflare worker of a site with an experiment, built to a temporary
 * folder and run by workerd (Miniflare) in front of it: time per request, one at a time, for a
 * visitor without the cookie (draw + Set-Cookie), with it, and for a route outside the
 * experiment (passed to the static files). Prints a table; nothing is asserted.
 */
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildSite } from '../runtime/build/index.ts';
import { cloudflareOverDist } from '../tests/servers/workerd.ts';

const root = path.resolve(import.meta.dirname, '..');
const N = 2000;
const tmp = await mkdtemp(path.join(os.tmpdir(), 'bench-edge-'));
try {
  await cp(path.join(root, 'pages'), path.join(tmp, 'pages'), { recursive: true });
  await appendFile(
    path.join(tmp, 'pages/_site.yaml'),
    'experiments:\n  - id: bench\n    route: /sodastream-t\n    variants:\n      - page: sodastream-t\n        weight: 50\n      - page: recarrega-site\n        weight: 50\n',
  );
  const outDir = path.join(tmp, 'dist');
  await buildSite({ root, pagesDir: path.join(tmp, 'pages'), outDir });
  const mf = cloudflareOverDist(outDir);

  await mf.ready;
  const measure = async (pathname: string, headers: Record<string, string>) => {
    const times: number[] = [];
    for (let i = 0; i < N; i++) {
      const t0 = performance.now();
      const response = await mf.dispatchFetch(`https://fillgas.example${pathname}`, {
        headers,
        redirect: 'manual',
      });
      await response.arrayBuffer();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(2);
    return `${q(0.5)} ms | ${q(0.95)} ms`;
  };
  console.log(
    `Cloudflare worker under workerd (Miniflare), ${N} requests each, one at a time; ${os.cpus().length} CPU, Node ${process.version}`,
  );
  console.log('| request | median | p95 |');
  console.log('| --- | --- | --- |');
  console.log(`| experiment route, no cookie (draw, Set-Cookie) | ${await measure('/sodastream-t', {})} |`);
  console.log(
    `| experiment route, with the cookie | ${await measure('/sodastream-t', { Cookie: 'fgs_exp_bench=recarrega-site' })} |`,
  );
  console.log(`| another route (passed to the files) | ${await measure('/agendamento/', {})} |`);
  await mf.dispose();
} finally {
  await rm(tmp, { recursive: true, force: true });
}
