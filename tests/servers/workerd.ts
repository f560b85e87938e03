/**
 * A built dist/ as Cloudflare runs it when the site declares experiments: the build's
 * `_worker.js` under workerd (Miniflare 4), in front of the folder as static assets, worker
 * first (Pages' `_worker.js`; Workers' `run_worker_first`). Offline (`cf: false`). Shared by
 * the edge tests, the browser tests' experiment server and `npm run bench:edge`.
 */
import path from 'node:path';
import { Miniflare } from 'miniflare';
import { CLOUDFLARE_WORKER_FILE } from '../../runtime/build/index.ts';

type HtmlHandling = 'auto-trailing-slash' | 'force-trailing-slash' | 'drop-trailing-slash' | 'none';

export function cloudflareOverDist(
  outDir: string,
  { htmlHandling, ...listen }: { host?: string; port?: number; htmlHandling?: HtmlHandling } = {},
): Miniflare {
  return new Miniflare({
    ...listen,
    modules: true,
    scriptPath: path.join(outDir, CLOUDFLARE_WORKER_FILE),
    // workerd resolves module paths inside this folder (builds often sit in the system's temp folder).
    modulesRoot: outDir,
    compatibilityDate: '2025-01-01',
    cf: false,
    assets: {
      directory: outDir,
      binding: 'ASSETS',
      routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
      // Cloudflare's default is auto-trailing-slash; Workers may set another.
      ...(htmlHandling && { assetConfig: { html_handling: htmlHandling } }),
    },
  });
}
