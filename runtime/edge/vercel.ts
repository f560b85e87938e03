/**
 * Vercel: the split as Routing Middleware (a root `middleware.ts`, generated from _site.yaml by
 * `npx tsx runtime/build/headers.ts` beside vercel.json, with `config.matcher` listing only the
 * experiments' routes, as Vercel reads the matcher statically). The variant's prerendered file is
 * fetched from the deployment at its clean address (vercel.json: cleanUrls, no trailing slash),
 * which no matcher covers, so the middleware never runs twice; the visitor's headers go along
 * (a protected preview deployment needs its cookie). Anything the splitter does not take returns
 * undefined: Vercel then serves the request as usual.
 */
import { createSplitter, readStatic, type ExperimentManifest } from './split.ts';

export function vercelMiddleware(manifest: ExperimentManifest, fetchImpl: typeof fetch = fetch) {
  const split = createSplitter(manifest, {
    fetchAsset: (variant, original) =>
      readStatic(
        (url) => fetchImpl(url, { method: original.method, headers: original.headers, redirect: 'manual' }),
        new URL(variant.route, original.url),
      ),
  });
  return (request: Request): Promise<Response | undefined> => split(request);
}
