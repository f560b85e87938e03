/**
 * Cloudflare (Pages' `_worker.js`, or Workers with static assets): the split in front of the
 * ASSETS binding. A variant's file is read at its route with the trailing slash, the address
 * Cloudflare's asset server answers with 200 by default (`auto-trailing-slash` redirects /x and
 * /x/index.html to /x/); under another `html_handling` its redirect is followed.
 */
import { createSplitter, readStatic, type ExperimentManifest } from './split.ts';

interface Env {
  ASSETS: { fetch(input: Request | string): Promise<Response> };
}

export function cloudflareWorker(manifest: ExperimentManifest) {
  let split: ReturnType<typeof createSplitter> | undefined;
  return {
    async fetch(request: Request, env: Env): Promise<Response> {
      split ??= createSplitter(manifest, {
        fetchAsset: (variant, original) =>
          readStatic(
            (url) => env.ASSETS.fetch(new Request(url)),
            new URL(variant.route === '/' ? '/' : `${variant.route}/`, original.url),
          ),
      });
      return (await split(request)) ?? env.ASSETS.fetch(request);
    },
  };
}
