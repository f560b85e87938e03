/**
 * Vercel: the split as Routing Middleware (a root `middleware.ts`, generated from _site.yaml by
 * `npx tsx runtime/build/headers.ts` beside vercel.json, with `config.matcher` listing only the
 * experiments' routes, as Vercel reads the matcher statically). The variant's prerendered file is
 * fetched from the deployment at its clean address (vercel.json: cleanUrls, no trailing slash),
 * which no matcher covers, so the middleware never runs twice; the visitor's headers go along
 * (a protected preview deployment needs its cookie). Anything the splitter does not take returns
 * undefined: Vercel then serves the request as usual.
 *
 * With schedules or audiences (issue 38) the matcher cannot follow them (it is read before the
 * build, and a schedule's routes are known only once it is built), so the generated middleware is
 * `vercelDeploymentEdge`: its matcher is every address but `/assets/*` (content-hashed, never
 * scheduled), and it reads the epochs' manifest the build wrote (`/_agenda/manifest.json`) from
 * its own deployment once per instance. Its own reads carry a key (`x-fgs-edge`, generated once
 * into middleware.ts, in no public file): with it a request passes to the static files, without
 * it `/_agenda/…` is 404 like on every host.
 */
import { createEdgeHandler, fileAddress, isAgendaPath } from './handler.ts';
import type { EdgeManifest } from './manifest.ts';
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

/** The header the middleware's own reads carry, and where the build writes the manifest for it. */
export const VERCEL_KEY_HEADER = 'x-fgs-edge';
export const VERCEL_MANIFEST_PATH = '/_agenda/manifest.json';

/** Vercel's "continue to the static file", with headers added to its response (@vercel/functions next()). */
function next(): Response {
  return new Response(null, { headers: { 'x-middleware-next': '1' } });
}

/** The handler over an inlined epochs' manifest; `key` lets its own reads through. */
export function vercelEdge(manifest: EdgeManifest, key: string, fetchImpl: typeof fetch = fetch) {
  const read = (url: URL, original: Request) => {
    const headers = new Headers(original.headers);
    headers.set(VERCEL_KEY_HEADER, key);
    return fetchImpl(url, { method: original.method, headers, redirect: 'manual' });
  };
  const handle = createEdgeHandler(manifest, {
    readFile: (file, original) =>
      readStatic((url) => read(url, original), new URL(fileAddress(file, 'clean'), original.url)),
    passThrough: async () => next(),
  });
  return (request: Request): Promise<Response | undefined> => {
    if (request.headers.get(VERCEL_KEY_HEADER) === key) return Promise.resolve(undefined);
    return handle(request);
  };
}

/**
 * The generated middleware with schedules or audiences: the manifest read from the deployment
 * (once per instance, again after a failed read). Without one (a build with neither), every
 * request passes except a visitor's `/_agenda/…`.
 */
export function vercelDeploymentEdge(key: string, fetchImpl: typeof fetch = fetch) {
  let loading: Promise<((request: Request) => Promise<Response | undefined>) | undefined> | undefined;
  const load = async (origin: Request) => {
    const headers = new Headers({ [VERCEL_KEY_HEADER]: key });
    for (const name of ['Cookie', 'Authorization']) {
      const value = origin.headers.get(name);
      if (value !== null) headers.set(name, value); // a protected preview deployment's
    }
    const response = await fetchImpl(new URL(VERCEL_MANIFEST_PATH, origin.url), { headers });
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`manifest: HTTP ${response.status}`);
    return vercelEdge((await response.json()) as EdgeManifest, key, fetchImpl);
  };
  return async (request: Request): Promise<Response | undefined> => {
    if (request.headers.get(VERCEL_KEY_HEADER) === key) return undefined;
    loading ??= load(request).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    const handle = await loading;
    if (handle) return handle(request);
    return isAgendaPath(new URL(request.url).pathname) ? new Response(null, { status: 404 }) : undefined;
  };
}
