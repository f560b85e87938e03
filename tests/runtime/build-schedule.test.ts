/**
 * Scheduled changes built for real (issue 38): a copy of pages/ with a schedule "natal" (20/12/2026
 * 00:00 to 26/12/2026 00:00, São Paulo: /agendamento changed, /oferta-natal added, /recarregar-sodastream
 * removed (no page links to it: a linked page taken away is refused, schedule-check.test.ts), its own audiences in its _site.yaml) and an audience in the base, built with the clock
 * on 1/12/2026. dist/ is the site now; the schedule's differing files sit in _agenda/<hash>/ with
 * their assets in assets/; the built Cloudflare worker under workerd (its clock set per request),
 * the built Netlify function and the generated Vercel middleware (as functions, over stand-ins of
 * their hosts) answer every route with the right version before, at and after the start and the
 * end. A schedule that breaks a page at its instant is refused, located and dated; a schedule
 * already over leaves the build byte for byte as without it.
 */
import {
  appendFile,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildSite,
  CLOUDFLARE_WORKER_FILE,
  EDGE_MANIFEST_FILE,
  NETLIFY_FUNCTION_FILE,
  NETLIFY_FUNCTIONS_DIR,
  vercelEdgeMiddlewareSource,
  vercelMiddlewareForRepo,
} from '../../runtime/build/index.ts';
import { PageErrors } from '../../runtime/load/index.ts';
import type { EdgeManifest } from '../../runtime/edge/index.ts';
import { CLOCK_MODULE } from './worker-clock.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BASE = 'https://fillgas.example';
const NOW = new Date('2026-12-01T12:00:00.000Z');
const START = '2026-12-20T03:00:00.000Z';
const END = '2026-12-26T03:00:00.000Z';
const BEFORE_START = '2026-12-20T02:59:59.999Z';
const BEFORE_END = '2026-12-26T02:59:59.999Z';

const BASE_AUDIENCE = [
  'audiences:',
  '  - route: /agendamento',
  '    page: recarga',
  '    when:',
  '      utm_campaign: verao',
  '',
].join('\n');
const NATAL_AUDIENCE = [
  'audiences:',
  '  - route: /agendamento',
  '    page: oferta-natal',
  '    when:',
  '      utm_campaign: natal',
  '',
].join('\n');

let tmp: string;
let site: string;
let dist: string;
let manifest: EdgeManifest;

/** pages/ with the natal schedule (and `extra` files in its folder). */
async function siteWithSchedule(dir: string, meta: string, extra: Record<string, string> = {}) {
  const pages = path.join(dir, 'pages');
  await cp(path.join(ROOT, 'pages'), pages, { recursive: true });
  const siteYaml = await readFile(path.join(pages, '_site.yaml'), 'utf8');
  await appendFile(path.join(pages, '_site.yaml'), BASE_AUDIENCE);
  const folder = path.join(pages, '_agendamentos/natal');
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, '_agendamento.yaml'), meta);
  const page = await readFile(path.join(pages, 'agendamento.yaml'), 'utf8');
  await writeFile(
    path.join(folder, 'agendamento.yaml'),
    page.replace(/^title: .*$/m, 'title: Natal na Fillgás | Agende'),
  );
  await writeFile(
    path.join(folder, 'oferta-natal.yaml'),
    page
      .replace(/^title: .*$/m, 'title: Oferta de Natal | Fillgás')
      .replace(/pageView: .*/, 'pageView: oferta_natal_page'),
  );
  await writeFile(path.join(folder, '_site.yaml'), siteYaml + NATAL_AUDIENCE);
  for (const [name, text] of Object.entries(extra)) await writeFile(path.join(folder, name), text);
  return pages;
}

const NATAL =
  'start: 2026-12-20 00:00\nend: 2026-12-26 00:00\nnote: Oferta de Natal\nremove: [recarregar-sodastream.yaml]\n';

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'agendamento-build-'));
  site = path.join(tmp, 'site');
  const pagesDir = await siteWithSchedule(site, NATAL);
  dist = path.join(site, 'dist');
  await buildSite({ root: ROOT, pagesDir, outDir: dist, now: NOW });
  manifest = JSON.parse(await readFile(path.join(dist, EDGE_MANIFEST_FILE), 'utf8')) as EdgeManifest;
}, 300_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('the build with a schedule', () => {
  it('leaves an audience’s page out of the sitemap, as an experiment’s variant', async () => {
    const sitemap = await readFile(path.join(dist, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://fillgas.example/agendamento</loc>');
    expect(sitemap).not.toContain('/recarga<'); // served at /agendamento to utm_campaign=verao
  });

  it('writes the site as it is now at the root and only the schedule’s differing files under _agenda/', async () => {
    expect(title(await readFile(path.join(dist, 'agendamento/index.html'), 'utf8'))).toMatch(
      /^Recarga de Cilindro/,
    );
    expect(await stat(path.join(dist, 'recarregar-sodastream/index.html'))).toBeTruthy();
    await expect(stat(path.join(dist, 'oferta-natal'))).rejects.toThrow();
    expect(manifest.epochs.map((e) => e.from)).toEqual([null, START, END]);
    const natal = manifest.epochs[1]!;
    expect(natal.folder).toMatch(/^_agenda\/[0-9a-f]{16}$/);
    expect(natal.changed).toEqual(
      expect.arrayContaining(['agendamento/index.html', 'oferta-natal/index.html', 'sitemap.xml']),
    );
    expect(natal.changed).not.toContain('index.html'); // unchanged pages stay the root's
    expect(natal.gone).toEqual(['recarregar-sodastream/index.html']);
    expect(natal.audiences.map((a) => [a.route, a.page, a.when])).toEqual([
      ['/agendamento', '/oferta-natal', { utm_campaign: 'natal' }],
    ]);
    expect(manifest.epochs[0]!.audiences.map((a) => a.page)).toEqual(['/recarga']);
    expect(manifest.epochs[2]).toMatchObject({ changed: [], gone: [] });
    const files = await readdir(path.join(dist, natal.folder!), { recursive: true });
    expect(files.filter((f) => f.endsWith('.html') || f.endsWith('.xml')).sort()).toEqual(
      [...natal.changed].sort(),
    );
    // Every asset an epoch's page names is in dist/assets/.
    for (const file of natal.changed) {
      const text = await readFile(path.join(dist, natal.folder!, file), 'utf8');
      for (const [, asset] of text.matchAll(/["'(](\/assets\/[^"')\s?#]+)/g))
        expect(
          await stat(path.join(dist, asset!)).then(
            () => true,
            () => false,
          ),
          asset,
        ).toBe(true);
    }
    // The audience's page names itself for the page script (runtime/client/audience.ts).
    const oferta = await readFile(path.join(dist, natal.folder!, 'oferta-natal/index.html'), 'utf8');
    expect(oferta).toContain('data-aud-page="oferta-natal"');
    expect(oferta).toContain('data-aud-route="/agendamento"');
    // No scratch folder left beside dist/.
    expect((await readdir(site)).filter((f) => f.startsWith('dist.'))).toEqual([]);
    expect(await readFile(path.join(dist, '.assetsignore'), 'utf8')).toContain(`/${EDGE_MANIFEST_FILE}`);
  });

  it('refuses a schedule that breaks a page at its instant, located and dated, dist/ untouched', async () => {
    const dir = path.join(tmp, 'quebrado');
    const pagesDir = await siteWithSchedule(dir, NATAL, {
      'recarga.yaml': 'title: 3\nblocks: nao-e-lista\n',
    });
    await mkdir(path.join(dir, 'dist'));
    await writeFile(path.join(dir, 'dist', 'antigo.txt'), 'antes');
    const error = await buildSite({ root: ROOT, pagesDir, outDir: path.join(dir, 'dist'), now: NOW }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PageErrors);
    const problems = (error as PageErrors).problems;
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) {
      expect(p.message).toMatch(/^Em 20\/12\/2026 às 00:00 \(agendamento natal\): /);
      expect(p.loc.file).toMatch(/pages\/_agendamentos\/natal\/recarga\.yaml$/);
    }
    expect(await readdir(path.join(dir, 'dist'))).toEqual(['antigo.txt']);
    expect((await readdir(dir)).filter((f) => f.startsWith('dist.'))).toEqual([]);
  }, 300_000);
});

/** The files under a folder with their bytes. */
async function tree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const f of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!f.isFile()) continue;
    const full = path.join(f.parentPath, f.name);
    out.set(path.relative(dir, full), (await readFile(full)).toString('base64'));
  }
  return out;
}

describe('without a schedule still to come', () => {
  it('builds byte for byte as without any schedule (a schedule already over changes nothing)', async () => {
    const plain = path.join(tmp, 'sem');
    await cp(path.join(ROOT, 'pages'), path.join(plain, 'pages'), { recursive: true });
    await buildSite({
      root: ROOT,
      pagesDir: path.join(plain, 'pages'),
      outDir: path.join(plain, 'dist'),
      now: NOW,
    });
    const over = path.join(tmp, 'encerrado');
    await cp(path.join(ROOT, 'pages'), path.join(over, 'pages'), { recursive: true });
    const folder = path.join(over, 'pages/_agendamentos/velho');
    await mkdir(folder, { recursive: true });
    await writeFile(
      path.join(folder, '_agendamento.yaml'),
      'start: 2026-01-01 00:00\nend: 2026-02-01 00:00\n',
    );
    await writeFile(path.join(folder, 'agendamento.yaml'), 'title: velho\n');
    await buildSite({
      root: ROOT,
      pagesDir: path.join(over, 'pages'),
      outDir: path.join(over, 'dist'),
      now: NOW,
    });
    const [a, b] = [await tree(path.join(plain, 'dist')), await tree(path.join(over, 'dist'))];
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [file, bytes] of a) expect(b.get(file) === bytes, file).toBe(true);
    expect(a.has(EDGE_MANIFEST_FILE)).toBe(false);
    expect(a.has(CLOUDFLARE_WORKER_FILE)).toBe(false);
  }, 300_000);
});

/** What each route must answer at an instant (issue 38's "every route answers the right version"). */
const EXPECT: Record<string, { status: number; title?: RegExp; body?: RegExp }[]> = {
  // [before start, at start, before end, at end]
  '/agendamento': [
    { status: 200, title: /^Recarga de Cilindro/ },
    { status: 200, title: /^Natal na Fillgás/ },
    { status: 200, title: /^Natal na Fillgás/ },
    { status: 200, title: /^Recarga de Cilindro/ },
  ],
  '/oferta-natal': [
    { status: 404 },
    { status: 200, title: /^Oferta de Natal/ },
    { status: 200, title: /^Oferta de Natal/ },
    { status: 404 },
  ],
  '/recarregar-sodastream': [{ status: 200 }, { status: 404 }, { status: 404 }, { status: 200 }],
  // While natal is live /recarregar-sodastream is gone; /oferta-natal is the audience's page at /agendamento,
  // so it is never listed on its own.
  '/sitemap.xml': [
    { status: 200, body: /^(?![\s\S]*oferta-natal)[\s\S]*recarregar-sodastream/ },
    { status: 200, body: /^(?![\s\S]*(oferta-natal|recarregar-sodastream))/ },
    { status: 200, body: /^(?![\s\S]*(oferta-natal|recarregar-sodastream))/ },
    { status: 200, body: /^(?![\s\S]*oferta-natal)[\s\S]*recarregar-sodastream/ },
  ],
};
const AT = [BEFORE_START, START, BEFORE_END, END];

type Get = (pathname: string, at: string, headers?: Record<string, string>) => Promise<Response>;

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

function hostCases(name: string, host: () => Get) {
  // As a browser asks: its user agent, and a folder's redirect (the host's own "/x" → "/x/") followed.
  const get: () => Get =
    () =>
    async (pathname, at, headers = {}) => {
      const first = await host()(pathname, at, { 'User-Agent': BROWSER, ...headers });
      const location = first.status >= 300 && first.status < 400 ? first.headers.get('Location') : null;
      if (location === null) return first;
      await first.arrayBuffer();
      return host()(new URL(location, `${BASE}${pathname}`).pathname, at, {
        'User-Agent': BROWSER,
        ...headers,
      });
    };
  describe(`${name}: the schedule and the audiences`, () => {
    it('answers every route with its version before, at and after the start and the end', async () => {
      for (const [route, wants] of Object.entries(EXPECT)) {
        for (const [i, want] of wants.entries()) {
          const response = await get()(route, AT[i]!);
          const text = await response.text();
          expect(response.status, `${route} em ${AT[i]}`).toBe(want.status);
          if (want.title) expect(title(text), `${route} em ${AT[i]}`).toMatch(want.title);
          if (want.body) expect(text, `${route} em ${AT[i]}`).toMatch(want.body);
        }
      }
    });

    it('never lets /_agenda/ out, at any instant', async () => {
      const folder = manifest.epochs[1]!.folder!;
      for (const at of AT)
        for (const p of [
          `/${folder}/oferta-natal/`,
          `/${folder}/oferta-natal/index.html`,
          `/${EDGE_MANIFEST_FILE}`,
        ]) {
          const response = await get()(p, at);
          const text = await response.text();
          expect(response.status, p).toBe(404);
          expect(text).not.toContain('Oferta de Natal');
        }
    });

    it('gives each rule its epoch’s page, keeps it by the cookie, and a crawler the route’s page', async () => {
      const natal = await get()('/agendamento?utm_campaign=natal', START);
      expect(title(await natal.text())).toMatch(/^Oferta de Natal/);
      const cookie = natal.headers.get('Set-Cookie')!.split(';')[0]!;
      expect(cookie).toBe('fgs_campanha=utm_campaign%3Dnatal');
      expect(natal.headers.get('Cache-Control')).toBe('private, no-cache');
      const again = await get()('/agendamento', BEFORE_END, { Cookie: cookie });
      expect(title(await again.text())).toMatch(/^Oferta de Natal/);
      // Before the schedule the natal rule does not exist; the base's verao rule does.
      expect(title(await (await get()('/agendamento', BEFORE_START, { Cookie: cookie })).text())).toMatch(
        /^Recarga de Cilindro/,
      );
      const verao = await get()('/agendamento?utm_campaign=verao', BEFORE_START);
      const recarga = await readFile(path.join(dist, 'recarga/index.html'), 'utf8');
      expect(title(await verao.text())).toBe(title(recarga));
      const bot = await get()('/agendamento?utm_campaign=natal', START, {
        'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      });
      expect(title(await bot.text())).toMatch(/^Natal na Fillgás/);
      expect(bot.headers.get('Set-Cookie')).toBeNull();
    });
  });
}

let mf: Miniflare | undefined;
describe('under workerd', () => {
  beforeAll(async () => {
    const own = path.join(tmp, 'workerd');
    await mkdir(own);
    await writeFile(path.join(own, 'clock-worker.js'), CLOCK_MODULE);
    await symlink(dist, path.join(own, 'dist'));
    mf = new Miniflare({
      modules: true,
      scriptPath: path.join(own, 'clock-worker.js'),
      modulesRoot: own,
      modulesRules: [{ type: 'ESModule', include: ['**/*.js'] }],
      compatibilityDate: '2025-01-01',
      cf: false,
      assets: {
        directory: dist,
        binding: 'ASSETS',
        routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
      },
    });
    await mf.ready;
  }, 120_000);
  afterAll(() => mf?.dispose());
  hostCases(
    'the Cloudflare worker',
    () =>
      (pathname, at, headers = {}) =>
        mf!.dispatchFetch(`${BASE}${pathname}`, {
          headers: { 'Accept-Encoding': 'identity', ...headers, 'X-Test-Now': at },
          redirect: 'manual',
        }) as unknown as Promise<Response>,
  );
});

/** A static host over dist/: a folder's index at "/x/" (and "/x" with `clean`), 404.html with 404. */
async function staticFile(pathname: string, clean: boolean): Promise<Response> {
  const read = (rel: string) =>
    readFile(path.join(dist, rel)).then(
      (b) => b,
      () => undefined,
    );
  const type = (rel: string) => (rel.endsWith('.xml') ? 'application/xml' : 'text/html; charset=utf-8');
  if (!pathname.endsWith('/')) {
    const direct = pathname.includes('.') ? await read(pathname) : undefined;
    if (direct) return new Response(direct, { headers: { 'Content-Type': type(pathname) } });
    if (!clean && !pathname.includes('.')) {
      if (await read(`${pathname}/index.html`))
        return new Response(null, { status: 301, headers: { Location: `${pathname}/` } });
    }
  }
  const index = await read(`${pathname.replace(/\/$/, '')}/index.html`);
  if (index && (clean ? !pathname.endsWith('/') || pathname === '/' : true))
    return new Response(index, { headers: { 'Content-Type': type('x.html') } });
  if (clean && pathname.endsWith('/') && index)
    return new Response(null, { status: 308, headers: { Location: pathname.slice(0, -1) } });
  return new Response(await read('404.html'), { status: 404, headers: { 'Content-Type': type('x.html') } });
}

describe('the built Netlify function', () => {
  let mod: {
    default: (r: Request, c: { next(r?: Request): Promise<Response> }) => Promise<Response | undefined>;
    config: { path: string[]; excludedPath?: string[]; method: string[] };
  };
  beforeAll(async () => {
    mod = await import(pathToFileURL(path.join(site, NETLIFY_FUNCTIONS_DIR, NETLIFY_FUNCTION_FILE)).href);
  });
  afterAll(() => vi.useRealTimers());
  it('runs on every address but /assets/ (the site has audiences)', () => {
    expect(mod.config).toMatchObject({ path: ['/*'], excludedPath: ['/assets/*'], method: ['GET', 'HEAD'] });
  });
  hostCases('Netlify', () => async (pathname, at, headers = {}) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(at));
    const request = new Request(`${BASE}${pathname}`, { headers });
    const next = (r: Request = request) => staticFile(new URL(r.url).pathname, false);
    const excluded = pathname.startsWith('/assets/');
    try {
      return (excluded ? undefined : await mod.default(request, { next })) ?? (await next());
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the generated Vercel middleware', () => {
  const key = '3b0c6c1e-8d1f-4a51-9a51-0f3f3b2d9a10';
  let middleware: (r: Request) => Promise<Response | undefined>;
  const unkeyed: string[] = [];
  beforeAll(async () => {
    const file = path.join(tmp, 'middleware.ts');
    const source = vercelEdgeMiddlewareSource(key);
    expect(source).toContain("matcher: ['/((?!assets/).*)']");
    await writeFile(
      file,
      source.replace("'./runtime/edge/vercel.ts'", JSON.stringify(path.join(ROOT, 'runtime/edge/vercel.ts'))),
    );
    // The deployment: a request the middleware makes itself runs the middleware again (its matcher
    // covers it); with the key it passes to the static files.
    const deployment = (async (input: URL | RequestInfo, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input);
      const headers = new Headers(init?.headers);
      if (headers.get('x-fgs-edge') !== key) unkeyed.push(url.pathname);
      return staticFile(url.pathname, true);
    }) as typeof fetch;
    const realFetch = globalThis.fetch;
    globalThis.fetch = deployment;
    try {
      middleware = ((await import(pathToFileURL(file).href)) as { default: typeof middleware }).default;
    } finally {
      globalThis.fetch = realFetch;
    }
  });
  hostCases('Vercel', () => async (pathname, at, headers = {}) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(at));
    const request = new Request(`${BASE}${pathname}`, { headers });
    try {
      const answer = pathname.startsWith('/assets/') ? undefined : await middleware(request);
      if (answer && answer.headers.get('x-middleware-next') !== '1') return answer;
      const served = await staticFile(new URL(request.url).pathname, true);
      const cookie = answer?.headers.get('Set-Cookie');
      if (cookie) served.headers.set('Set-Cookie', cookie);
      return served;
    } finally {
      vi.useRealTimers();
    }
  });
  it('reads the manifest and every file with its key', () => {
    expect(unkeyed).toEqual([]);
  });
});

describe('the Vercel middleware a repository implies', () => {
  it('is the fixed one once pages/ has a schedule folder, and keeps its key when generated again', async () => {
    const repo = path.join(tmp, 'repo');
    await cp(path.join(ROOT, 'pages'), path.join(repo, 'pages'), { recursive: true });
    const project = { site: {}, pages: [], experiments: [], audiences: [] } as unknown as Parameters<
      typeof vercelMiddlewareForRepo
    >[1];
    expect(await vercelMiddlewareForRepo(repo, project)).toBeUndefined();
    await mkdir(path.join(repo, 'pages/_agendamentos/natal'), { recursive: true });
    await writeFile(path.join(repo, 'pages/_agendamentos/natal/_agendamento.yaml'), NATAL);
    const first = (await vercelMiddlewareForRepo(repo, project))!;
    const key = /vercelDeploymentEdge\("([0-9a-f-]{36})"\)/.exec(first)?.[1];
    expect(key).toBeDefined();
    expect(first).toBe(vercelEdgeMiddlewareSource(key!));
    await writeFile(path.join(repo, 'middleware.ts'), first);
    expect(await vercelMiddlewareForRepo(repo, project)).toBe(first);
    // A tree checked elsewhere (the Estúdio's) keeps the key of its own middleware.ts.
    expect(await vercelMiddlewareForRepo(tmp, project, path.join(repo, 'pages'))).toBe(first);
  });
});
