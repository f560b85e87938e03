/**
 * Netlify: the split as an edge function, declared only on the experiments' routes (the build
 * writes it to `.netlify/v1/edge-functions/`, Netlify's Frameworks API folder for generated
 * functions, with its `config.path` listing those routes). The variant's prerendered file is
 * read through the request chain with `context.next(request)` (Netlify's static file, no new
 * request through the CDN and no second run of this function), at its route with the trailing
 * slash: the directory index every static host answers with 200. Anything the splitter does not
 * take returns undefined: Netlify then serves the request as if the function did not exist.
 *
 * With schedules or audiences (issue 38) the function is `netlifyEdge` over the epochs' manifest,
 * its `config.path` every route an epoch or an audience touches plus `/_agenda/*` (with
 * audiences, every address but `/assets/*`: the campaign cookie is kept wherever a visit lands).
 */
import { createEdgeHandler, fileAddress } from './handler.ts';
import type { EdgeManifest } from './manifest.ts';
import { createSplitter, readStatic, type ExperimentManifest } from './split.ts';

/** The part of Netlify's Context the split uses. */
export interface NetlifyContext {
  next(request?: Request): Promise<Response>;
}

export function netlifyEdgeFunction(manifest: ExperimentManifest) {
  return async (request: Request, context: NetlifyContext): Promise<Response | undefined> => {
    const split = createSplitter(manifest, {
      fetchAsset: (variant, original) =>
        readStatic(
          (url) => context.next(new Request(url, original)),
          new URL(variant.route === '/' ? '/' : `${variant.route}/`, original.url),
        ),
    });
    return split(request);
  };
}

export function netlifyEdge(manifest: EdgeManifest) {
  // One handler for the function's life; each request's context found by its request.
  const contexts = new WeakMap<Request, NetlifyContext>();
  const handle = createEdgeHandler(manifest, {
    readFile: (file, original) =>
      readStatic(
        (url) => contexts.get(original)!.next(new Request(url, original)),
        new URL(fileAddress(file, 'slash'), original.url),
      ),
    passThrough: (original) => contexts.get(original)!.next(),
  });
  return async (request: Request, context: NetlifyContext): Promise<Response | undefined> => {
    contexts.set(request, context);
    return handle(request);
  };
}
