/**
 * The Netlify edge function and the Vercel middleware, tested as functions: the artifacts the
 * build and the generator write (not only their source), over the edge tests' site built once
 * (experiment-site.ts's sharedEdgeSite: two experiments, and a dated one on a third route), each
 * in front of a stand-in for its host's static files that follows that host's documented rules
 * (Netlify: the function runs only on its `config.path`, returns undefined to pass, reads a file
 * through `context.next(request)`; Vercel: the middleware runs only on `config.matcher`,
 * vercel.json's clean URLs without a trailing slash). The same cases as the Cloudflare worker
 * under workerd (edge-cloudflare.test.ts), the dated experiment's São Paulo days included.
 */
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { blockList } from '../../blocks/index.ts';
import { placeNetlifyFunction } from '../../runtime/build/experiments.ts';
import { vercelConfig } from '../../runtime/build/headers.ts';
import {
  NETLIFY_FUNCTION_FILE,
  NETLIFY_FUNCTIONS_DIR,
  vercelMiddlewareFor,
} from '../../runtime/build/index.ts';
import { loadProject } from '../../runtime/load/index.ts';
import { dayCases, splitCases } from './edge-cases.ts';
import { ROOT as root, sharedEdgeSite } from './experiment-site.ts';

const BASE = 'https://fillgas.example';
/** The built site (shared with edge-cloudflare.test.ts: read only) and this file's own folder. */
let site: string;
let outDir: string;
let tmp: string;

beforeAll(async () => {
  ({ site, outDir } = await sharedEdgeSite());
  tmp = await mkdtemp(path.join(os.tmpdir(), 'experimento-hosts-'));
}, 180_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml',
  '.js': 'text/javascript',
  '.json': 'application/json',
};

/** The files a static host has read from a built folder (it never changes under a test). */
const read = new Map<string, Promise<ArrayBuffer | undefined>>();

/**
 * A static host over `dist`: a file at its path, a folder's index.html at "/x/" and (if the host
 * serves clean URLs without the slash) at "/x", "/x/" redirected then; 404.html with 404.
 */
async function staticFile(dist: string, pathname: string, slash: 'serve' | 'redirect'): Promise<Response> {
  // Read once per path, like a host's cache: 46,000 requests read the same few files.
  const file = async (rel: string) => {
    const full = path.join(dist, rel);
    if (!full.startsWith(dist)) return undefined;
    let bytes = read.get(full);
    if (!bytes) {
      bytes = stat(full).then(
        async (s) => {
          if (!s.isFile()) return undefined;
          const b = await readFile(full);
          return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
        },
        () => undefined,
      );
      read.set(full, bytes);
    }
    // Each answer gets its own copy, as a body read from disk would be.
    return (await bytes)?.slice(0);
  };
  const ok = (body: ArrayBuffer, rel: string) =>
    new Response(body, {
      status: 200,
      headers: { 'Content-Type': TYPES[path.extname(rel)] ?? 'application/octet-stream' },
    });
  const direct = await file(pathname);
  if (direct && !pathname.endsWith('/')) return ok(direct, pathname);
  if (pathname.endsWith('/') && pathname !== '/' && slash === 'redirect')
    return new Response(null, { status: 308, headers: { Location: pathname.slice(0, -1) } });
  const index = `${pathname.replace(/\/$/, '')}/index.html`;
  const body = await file(index);
  if (body) return ok(body, index);
  return new Response(await file('404.html'), { status: 404, headers: { 'Content-Type': TYPES['.html']! } });
}

type Handle = (pathname: string, headers?: Record<string, string>) => Promise<Response>;

interface Host {
  name: string;
  handle: Handle;
}

/** Netlify: the generated module of the site in `site`, run on its declared paths only; undefined lets Netlify serve. */
async function netlifyHost(site: string, dist: string) {
  const file = path.join(site, NETLIFY_FUNCTIONS_DIR, NETLIFY_FUNCTION_FILE);
  const mod = (await import(pathToFileURL(file).href)) as {
    default: (r: Request, c: { next(r?: Request): Promise<Response> }) => Promise<Response | undefined>;
    config: { path: string[]; method: string[]; onError: string };
  };
  const handle: Handle = async (pathname, headers = {}) => {
    const request = new Request(`${BASE}${pathname}`, { headers });
    const next = (r: Request = request) => staticFile(dist, new URL(r.url).pathname, 'serve');
    const runs = mod.config.path.includes(pathname) && mod.config.method.includes(request.method);
    return (runs ? await mod.default(request, { next }) : undefined) ?? next();
  };
  return { config: mod.config, handle };
}

/**
 * Vercel: the middleware.ts generated for the site in `site` (written into `own`, this file's
 * folder: the site is shared), run on its matcher only; fetch answers like the deployment.
 */
async function vercelHost(site: string, dist: string, own: string) {
  const project = await loadProject({ root, pagesDir: path.join(site, 'pages'), blocks: blockList });
  const source = vercelMiddlewareFor(project)!;
  const file = path.join(own, 'middleware.ts');
  await writeFile(
    file,
    source.replace("'./runtime/edge/vercel.ts'", JSON.stringify(path.join(root, 'runtime/edge/vercel.ts'))),
  );
  const deployment = (async (input: URL | RequestInfo) => {
    const url = new URL(input instanceof Request ? input.url : input);
    return staticFile(dist, url.pathname, 'redirect');
  }) as typeof fetch;
  const realFetch = globalThis.fetch;
  globalThis.fetch = deployment; // the module binds fetch when it is loaded
  const mod = (await import(pathToFileURL(file).href)) as {
    default: (r: Request) => Promise<Response | undefined>;
    config: { matcher: string[] };
  };
  globalThis.fetch = realFetch;
  const handle: Handle = async (pathname, headers = {}) => {
    const request = new Request(`${BASE}${pathname}`, { headers });
    const runs = mod.config.matcher.includes(pathname);
    return (runs ? await mod.default(request) : undefined) ?? staticFile(dist, pathname, 'redirect');
  };
  return { matcher: mod.config.matcher, handle, project };
}

const hosts: Host[] = [];
let netlifyConfig: { path: string[]; method: string[]; onError: string };
let vercelMatcher: string[];
let project: Awaited<ReturnType<typeof loadProject>>;

beforeAll(async () => {
  const netlify = await netlifyHost(site, outDir);
  netlifyConfig = netlify.config;
  hosts.push({ name: 'Netlify (edge function)', handle: netlify.handle });
  const vercel = await vercelHost(site, outDir, tmp);
  vercelMatcher = vercel.matcher;
  project = vercel.project;
  hosts.push({ name: 'Vercel (routing middleware)', handle: vercel.handle });
}, 60_000);

describe('the configuration each host reads', () => {
  it('Netlify: the function sits in the Frameworks API folder beside dist/, on the experiments’ routes only', () => {
    expect(netlifyConfig).toEqual({
      path: [
        '/sodastream-t',
        '/sodastream-t/',
        '/sodastream-t/index.html',
        '/sodastream-f',
        '/sodastream-f/',
        '/sodastream-f/index.html',
        '/recarregue',
        '/recarregue/',
        '/recarregue/index.html',
      ],
      method: ['GET', 'HEAD'],
      onError: 'bypass',
    });
    for (const p of netlifyConfig.path) expect(p.startsWith('/')).toBe(true); // Netlify: paths start with "/"
  });

  it('Vercel: the matcher is the same list, literal, and vercel.json serves clean URLs without a slash', async () => {
    expect(vercelMatcher).toEqual(netlifyConfig.path);
    const source = await readFile(path.join(tmp, 'middleware.ts'), 'utf8');
    expect(source).toMatch(/^export const config = \{ matcher: \["\/sodastream-t",/m); // statically readable
    expect(source).toMatch(/^export default vercelMiddleware\(/m);
    expect(vercelConfig(project.site)).toMatchObject({
      outputDirectory: 'dist',
      cleanUrls: true,
      trailingSlash: false,
    });
  });

  it('a site without experiments gets no edge function and no middleware (and loses a stale function)', async () => {
    const project = await loadProject({ root, pagesDir: path.join(root, 'pages'), blocks: blockList });
    expect(project.experiments ?? []).toEqual([]);
    expect(vercelMiddlewareFor(project)).toBeUndefined();
    const site = path.join(tmp, 'sem-experimentos');
    const stale = path.join(site, NETLIFY_FUNCTIONS_DIR, NETLIFY_FUNCTION_FILE);
    await mkdir(path.dirname(stale), { recursive: true });
    await writeFile(stale, 'export default () => {};\n');
    await mkdir(path.join(site, 'dist'));
    await placeNetlifyFunction(path.join(site, 'dist'));
    await expect(stat(stale)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

splitCases('Netlify (edge function)', {
  shareRequests: 2_500,
  request: (pathname, headers) => hosts[0]!.handle(pathname, headers),
  outDir: () => outDir,
  otherRoute: '/agendamento',
  batch: 100,
});

splitCases('Vercel (routing middleware)', {
  shareRequests: 2_500,
  request: (pathname, headers) => hosts[1]!.handle(pathname, headers),
  outDir: () => outDir,
  otherRoute: '/agendamento',
  batch: 100,
});

/**
 * The dated experiment (experiment-site.ts, edge-cases.ts): the same two functions, their split's
 * clock (`new Date()`) set by Vitest's fake Date for the request's own run; the body is read after
 * the real clock is back.
 */
describe('a dated experiment on Netlify and Vercel', () => {
  async function at(iso: string, run: () => Promise<Response>): Promise<Response> {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
    try {
      return await run();
    } finally {
      vi.useRealTimers();
    }
  }

  for (const [name, index] of [
    ['Netlify (edge function)', 0],
    ['Vercel (routing middleware)', 1],
  ] as const) {
    dayCases(name, {
      request: (pathname, iso, headers) => at(iso, () => hosts[index]!.handle(pathname, headers)),
      outDir: () => outDir,
    });
  }
});
