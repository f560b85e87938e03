/**
 * Pictures of a built page before and after a change, at a phone's and a desktop's width, with
 * the changed regions found (decision 0029). One Chromium is launched at the first request and
 * kept warm (closed after a few idle minutes); each build is served by the site's own static
 * server (runtime/dev: `npm run preview`, the host's headers) on 127.0.0.1 for as long as its
 * pictures take, and the browser reaches nothing else (every other host name resolves nowhere).
 *
 * A page is photographed whole, at the top, as a visitor finds it once it has loaded: entrance
 * animations off (reduced motion, so nothing waits to be revealed by scrolling), the popup
 * counted as closed and the side chat button collapsed (both would otherwise depend on how long
 * the page was open), the below-the-fold layout done and lazy images loaded at once. The desktop picture is taken at half scale
 * (640 px for 1280 CSS px): it is read beside the other, never at full size.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pixelmatch from 'pixelmatch';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LAID_OUT_CLASS } from '../../../design/below-fold.ts';
import type { PictureSize } from '../../api.ts';

/** sharp (about 0.2 s of CPU to load) at the first picture, not at every start of the Estúdio. */
const loadSharp = async () => (await import('sharp')).default;

/** The site's static server (runtime/dev), loaded at the browser's start. */
const loadServeStatic = async () => (await import('../../../runtime/dev/index.ts')).serveStatic;

/** The widths pictures are taken at, in CSS px: a phone (as the preview's) and a desktop. */
export const PICTURE_WIDTHS = [375, 1280] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

const DEVICES: Record<PictureWidth, { height: number; scale: number; phone: boolean }> = {
  375: { height: 740, scale: 1, phone: true },
  1280: { height: 800, scale: 0.5, phone: false },
};

/** Chromium stops a full-page picture near 16,384 px; longer pages are cut there. */
const MAX_PICTURE_HEIGHT = 16_000;
/** Differing rows closer than this (picture px) make one region. */
const REGION_GAP = 32;
const MAX_REGIONS = 8;
/** Shots kept in memory (PNG, 0.3–0.9 MB each). */
const KEEP_SHOTS = 64;
const IDLE_CLOSE_MS = 5 * 60_000;

export interface Shot {
  png: Buffer;
  width: number;
  height: number;
}

/** One side of a comparison: a build's tree and its dist folder (undefined: no page there). */
export interface Side {
  tree: string;
  dist: string;
}

export interface PicturesOptions {
  /** Default: scripts/chromium.ts's `picturesChromium` (CHROMIUM_PATH, else the headless shell, else /usr/bin/chromium). */
  executablePath?: string;
  /** Shots taken at once (default 2: a page each for the two widths). */
  parallel?: number;
}

export function createPictures(options: PicturesOptions = {}) {
  let browser: Promise<Browser> | undefined;
  let contexts: Promise<Map<PictureWidth, BrowserContext>> | undefined;
  /** Why pictures cannot be made here (Chromium would not start), and until when that holds. */
  let refused: { reason: string; until: number } | undefined;
  let idle: NodeJS.Timeout | undefined;
  let disposed = false;
  const shots = new Map<string, Promise<Shot>>();
  const comparisons = new Map<string, Promise<PictureSize[]>>();
  const servers = new Map<string, { server: Promise<Server>; users: number }>();
  /** Tabs kept open between pictures, per width (opening one costs more than navigating it). */
  const idlePages = new WeakMap<BrowserContext, Page[]>();
  /** Per width, the pages (build's origin and route) whose font files that context's cache holds. */
  const fontsCached = new WeakMap<BrowserContext, Set<string>>();

  // At most `parallel` pages at a time.
  const parallel = options.parallel ?? 2;
  let running = 0;
  const waiting: (() => void)[] = [];
  async function slot<T>(task: () => Promise<T>): Promise<T> {
    if (running >= parallel) await new Promise<void>((go) => waiting.push(go));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  const keyOf = (tree: string, route: string, width: number) => `${tree}|${route}|${width}`;

  async function launch(): Promise<Map<PictureWidth, BrowserContext>> {
    const [{ chromium }, { picturesChromium, CHROME_FLAGS }] = await Promise.all([
      import('playwright-core'),
      import('../../../scripts/chromium.ts'),
      // The builds' static server, loaded with the browser: the first picture does not wait for it.
      loadServeStatic(),
    ]);
    const named = picturesChromium();
    browser = chromium.launch({
      executablePath: options.executablePath ?? named.executablePath,
      args: [
        ...CHROME_FLAGS.slice(1),
        ...(options.executablePath ? [] : named.args),
        // No host name resolves but the local one: a page reaches only its own build.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
      timeout: 30_000,
    });
    const b = await browser;
    b.on('disconnected', () => {
      browser = undefined;
      contexts = undefined;
    });
    const made = new Map<PictureWidth, BrowserContext>();
    for (const width of PICTURE_WIDTHS) {
      const device = DEVICES[width];
      const context = await b.newContext({
        viewport: { width, height: device.height },
        deviceScaleFactor: device.scale,
        isMobile: device.phone,
        hasTouch: device.phone,
        reducedMotion: 'reduce',
        serviceWorkers: 'block',
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
      });
      await context.addInitScript(() => {
        sessionStorage.setItem('hasClosedPopup', 'true');
        sessionStorage.setItem('sideWhatsCollapsed', 'true');
      });
      made.set(width, context);
    }
    return made;
  }

  /** The warm browser's contexts, launched on first use; a plain reason when it cannot start. */
  async function ready(): Promise<Map<PictureWidth, BrowserContext> | { reason: string }> {
    if (refused && Date.now() < refused.until) return { reason: refused.reason };
    clearTimeout(idle);
    idle = setTimeout(() => void closeBrowser(), IDLE_CLOSE_MS);
    idle.unref();
    contexts ??= launch();
    try {
      return await contexts;
    } catch (error) {
      contexts = undefined;
      browser = undefined;
      refused = {
        reason: `As imagens das páginas não estão disponíveis neste servidor: o navegador que as fotografa (Chromium) não pôde ser aberto. A lista das páginas que mudam continua valendo. (${String(error).split('\n')[0]})`,
        // Tried again after a minute (it may have been installed meanwhile).
        until: Date.now() + 60_000,
      };
      return { reason: refused.reason };
    }
  }

  async function closeBrowser(): Promise<void> {
    const b = browser;
    browser = undefined;
    contexts = undefined;
    await (await b?.catch(() => undefined))?.close().catch(() => {});
  }

  /** The site's static server for a dist folder, shared while pictures of it are taken. */
  async function serve<T>(dist: string, task: (base: string) => Promise<T>): Promise<T> {
    let entry = servers.get(dist);
    if (!entry) {
      // Made at once, so that the two widths' pictures of a side share one server.
      entry = { server: loadServeStatic().then((serveStatic) => serveStatic(dist, 0)), users: 0 };
      servers.set(dist, entry);
    }
    entry.users++;
    try {
      const server = await entry.server;
      return await task(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    } finally {
      entry.users--;
      if (entry.users === 0) {
        servers.delete(dist);
        (await entry.server).close();
      }
    }
  }

  /**
   * The font files `url`'s page declares, loaded as fonts (FontFace) from a document of the same
   * build (the tab's page when it is there already, else robots.txt; a build without one answers
   * with its 404 page, which serves as well): what a visitor's earlier visit leaves, without
   * loading, running and painting the page itself once more. Loaded as fonts, not fetch()ed: with
   * fetch() only the HTTP cache held them, and at load 13 one first picture of twenty missed a face
   * (drawn in the fallback); this way the renderer's own cache holds them, as after a visit.
   */
  async function cacheFonts(page: Page, url: string): Promise<void> {
    const { origin, pathname } = new URL(url);
    if (new URL(page.url()).origin !== origin)
      await page.goto(`${origin}/robots.txt`, { waitUntil: 'load', timeout: 30_000 });
    await page.evaluate(async (route) => {
      const html = await (await fetch(route)).text();
      const files = new Set(
        [...html.matchAll(/url\((\/[^)'"\s]+\.woff2)\)|href="(\/[^"]+\.woff2)"/g)].map((m) => m[1] ?? m[2]),
      );
      await Promise.all([...files].map((file, i) => new FontFace(`warm${i}`, `url(${file})`).load()));
    }, pathname);
  }

  async function take(context: BrowserContext, url: string): Promise<Shot> {
    // A tab of this width left from an earlier picture, else a new one.
    const page = idlePages.get(context)?.pop() ?? (await context.newPage());
    let reusable = false;
    try {
      // The page as a returning visitor sees it: its font files cached first. The faces are
      // font-display: optional (decision 0028), so a first visit whose files miss the first paint
      // keeps the fallback, and a pair with one side in it would be marked as changed all over.
      const cached = fontsCached.get(context) ?? new Set<string>();
      fontsCached.set(context, cached);
      if (!cached.has(url)) {
        await cacheFonts(page, url);
        cached.add(url);
      }
      await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
      await page.evaluate(async (laidOut) => {
        // What the page script does within a second of idle moments, at once: everything below
        // the first screen laid out (decision 0013), every lazy image loaded.
        document.documentElement.classList.add(laidOut);
        for (const img of document.images) if (img.loading === 'lazy') img.loading = 'eager';
        await Promise.all(
          [...document.images].map((img) => (img.complete ? null : img.decode().catch(() => null))),
        );
        await document.fonts.ready;
      }, LAID_OUT_CLASS);
      // The loading overlay gone (/recarregar-sodastream), as the preview's pixel test waits.
      await page
        .waitForFunction(
          () =>
            [...document.querySelectorAll<HTMLElement>('[data-loading-overlay]')].every((el) => el.hidden),
          undefined,
          { timeout: 10_000, polling: 50 },
        )
        .catch(() => {});
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const png = await page.screenshot({
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
        scale: 'device',
        ...(height > MAX_PICTURE_HEIGHT
          ? { clip: { x: 0, y: 0, width: page.viewportSize()!.width, height: MAX_PICTURE_HEIGHT } }
          : {}),
      });
      const meta = await (await loadSharp())(png).metadata();
      reusable = true;
      return { png, width: meta.width ?? 0, height: meta.height ?? 0 };
    } finally {
      const idle = idlePages.get(context) ?? [];
      idlePages.set(context, idle);
      if (reusable && idle.length < parallel) idle.push(page);
      else await page.close().catch(() => {});
    }
  }

  /** The shot of `route` in `side`'s build at `width`, taken once and kept. */
  function shot(
    ready: Map<PictureWidth, BrowserContext>,
    side: Side,
    route: string,
    width: PictureWidth,
    base: string,
  ): Promise<Shot> {
    const key = keyOf(side.tree, route, width);
    let found = shots.get(key);
    if (found) {
      // Most recently used last: the oldest go first.
      shots.delete(key);
      shots.set(key, found);
      return found;
    }
    found = slot(() => take(ready.get(width)!, base + route));
    shots.set(key, found);
    found.catch(() => shots.delete(key));
    while (shots.size > KEEP_SHOTS) shots.delete(shots.keys().next().value!);
    return found;
  }

  return {
    /**
     * `route` before and after at each width, with the changed regions. A side is undefined when
     * the page does not exist there (a new or deleted page). Kept per pair of trees and route.
     */
    async compare(
      before: Side | undefined,
      after: Side | undefined,
      route: string,
    ): Promise<{ sizes: PictureSize[]; ms: number } | { reason: string }> {
      if (disposed) return { reason: 'O Estúdio está sendo encerrado.' };
      const contextsNow = await ready();
      if ('reason' in contextsNow) return contextsNow;
      const key = `${before?.tree ?? '-'}|${after?.tree ?? '-'}|${route}`;
      const started = Date.now();
      let pending = comparisons.get(key);
      const fresh = !pending;
      if (!pending) {
        // Each width compared as soon as its two pictures are there, while the other's are taken.
        const sideShot = async (side: Side | undefined, width: PictureWidth) =>
          side ? serve(side.dist, (base) => shot(contextsNow, side, route, width, base)) : undefined;
        pending = Promise.all(
          PICTURE_WIDTHS.map(async (width): Promise<PictureSize> => {
            const [a, b] = await Promise.all([sideShot(before, width), sideShot(after, width)]);
            const picture = (side: Side | undefined, s: Shot | undefined) =>
              side && s
                ? {
                    url: pictureUrl(side.tree, route, width),
                    width: s.width,
                    height: s.height,
                  }
                : null;
            return {
              width,
              before: picture(before, a),
              after: picture(after, b),
              regions: a && b ? await changedRegions(a, b) : [],
            };
          }),
        );
        comparisons.set(key, pending);
        pending.catch(() => comparisons.delete(key));
        while (comparisons.size > KEEP_SHOTS) comparisons.delete(comparisons.keys().next().value!);
      }
      const sizes = await pending;
      return { sizes, ms: fresh ? Date.now() - started : 0 };
    },

    /** Starts the browser now (a review's builds take seconds: its start hides behind them). */
    warm(): void {
      if (!disposed) void ready();
    },

    /**
     * `side`'s pictures of `routes` at every width taken now and kept, before anyone compares
     * them: a review photographs the edited pages of a build as soon as it is made, while the
     * other side builds and while its answer reaches the dialog, which asks for them next.
     * Shots already taken or under way are not taken again; a failure is left for `compare`,
     * which tries again and says why.
     */
    async prepare(side: Side, routes: string[]): Promise<void> {
      if (disposed) return;
      const wanted = routes.filter((route) =>
        PICTURE_WIDTHS.some((w) => !shots.has(keyOf(side.tree, route, w))),
      );
      if (wanted.length === 0) return;
      const contextsNow = await ready();
      if ('reason' in contextsNow) return;
      await serve(side.dist, (base) =>
        Promise.allSettled(
          wanted.flatMap((route) => PICTURE_WIDTHS.map((w) => shot(contextsNow, side, route, w, base))),
        ),
      );
    },

    /** A picture already taken (PNG), or undefined. */
    async picture(tree: string, route: string, width: PictureWidth): Promise<Buffer | undefined> {
      const found = shots.get(keyOf(tree, route, width));
      return found ? (await found.catch(() => undefined))?.png : undefined;
    },

    async dispose(): Promise<void> {
      disposed = true;
      clearTimeout(idle);
      await closeBrowser();
    },
  };
}

export type Pictures = ReturnType<typeof createPictures>;

export const pictureUrl = (tree: string, route: string, width: number) =>
  `/api/review/picture?tree=${tree}&route=${encodeURIComponent(route)}&width=${width}`;

/**
 * Where two pictures of a page differ, as up to MAX_REGIONS rectangles (bands of differing rows
 * merged across small gaps, each as wide as its differences). Pictures of different heights are
 * compared over the taller one's height, the shorter one padded with white.
 */
export async function changedRegions(a: Shot, b: Shot): Promise<PictureSize['regions']> {
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const sharp = await loadSharp();
  const raw = async (s: Shot) =>
    sharp(s.png)
      .ensureAlpha()
      .extend({
        right: width - s.width,
        bottom: height - s.height,
        background: { r: 255, g: 255, b: 255, alpha: 1 },
      })
      .raw()
      .toBuffer();
  const [one, two] = await Promise.all([raw(a), raw(b)]);
  const out = Buffer.alloc(one.length);
  const count = pixelmatch(one, two, out, width, height, {
    threshold: 0.1,
    diffMask: true,
    diffColor: [255, 0, 0],
    aaColor: [0, 0, 255],
  });
  if (count === 0) return [];
  // Rows with differing pixels: their first and last column.
  const bands: { top: number; bottom: number; left: number; right: number }[] = [];
  for (let y = 0; y < height; y++) {
    let left = -1;
    let right = -1;
    for (let x = 0, i = y * width * 4; x < width; x++, i += 4) {
      if (out[i] === 255 && out[i + 1] === 0 && out[i + 3] !== 0) {
        if (left < 0) left = x;
        right = x;
      }
    }
    if (left < 0) continue;
    const last = bands.at(-1);
    if (last && y - last.bottom <= REGION_GAP) {
      last.bottom = y;
      last.left = Math.min(last.left, left);
      last.right = Math.max(last.right, right);
    } else bands.push({ top: y, bottom: y, left, right });
  }
  // Too many: the closest neighbours are joined until few enough remain.
  while (bands.length > MAX_REGIONS) {
    let best = 0;
    for (let i = 1; i < bands.length - 1; i++)
      if (bands[i + 1]!.top - bands[i]!.bottom < bands[best + 1]!.top - bands[best]!.bottom) best = i;
    const [x, y] = [bands[best]!, bands[best + 1]!];
    bands.splice(best, 2, {
      top: x.top,
      bottom: y.bottom,
      left: Math.min(x.left, y.left),
      right: Math.max(x.right, y.right),
    });
  }
  const pad = 4;
  return bands.map((band) => {
    const x = Math.max(0, band.left - pad);
    const y = Math.max(0, band.top - pad);
    return {
      x,
      y,
      width: Math.min(width, band.right + pad + 1) - x,
      height: Math.min(height, band.bottom + pad + 1) - y,
    };
  });
}
