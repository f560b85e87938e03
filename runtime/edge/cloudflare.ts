/**
 * Cloudflare (Pages' `_worker.js`, or Workers with static assets): the split in front of the
 * ASSETS binding. A variant's file is read at its route with the trailing slash, the address
 * Cloudflare's asset server answers with 200 by default (`auto-trailing-slash` redirects /x and
 * /x/index.html to /x/); under another `html_handling` its redirect is followed.
 *
 * With schedules or audiences (issue 38) the build inlines the epochs' manifest instead and the
 * worker is `cloudflareEdge`: the same reads, through the one handler of runtime/edge/handler.ts.
 * The ASSETS binding reads `/_agenda/…` directly (no second run of the worker); a visitor's
 * request for it goes through the worker first and gets 404.
 */
import { createEdgeHandler, fileAddress } from './handler.ts';
import type { EdgeManifest } from './manifest.ts';
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

export function cloudflareEdge(manifest: EdgeManifest) {
  let handle: ReturnType<typeof createEdgeHandler> | undefined;
  return {
    async fetch(request: Request, env: Env): Promise<Response> {
      handle ??= createEdgeHandler(manifest, {
        readFile: (file, original) =>
          readStatic(
            (url) => env.ASSETS.fetch(new Request(url)),
            new URL(fileAddress(file, 'slash'), original.url),
          ),
        passThrough: (original) => env.ASSETS.fetch(original),
      });
      return (await handle(request)) ?? env.ASSETS.fetch(request);
    },
  };
}
