/**
 * Renders stories of a static Storybook build in Chromium, one PNG per story, the same pixels on
 * every run:
 * - each story is shown alone (iframe.html?id=…&viewMode=story, then switched in place, see
 *   open()), at the width its `globals.viewport` asks for (Celular 375 × 740, else Computador
 *   1280 × 800, as in preview.tsx), the whole page;
 * - the clock is Playwright's fake one, and after the story has rendered and played, time jumps
 *   SETTLE_MS ahead with every timer and animation frame run in order: entrance steps, the
 *   loading overlay's ticks, the side button folding up and framer-motion all reach their end,
 *   whatever the machine's load (the popup of a page, 30 s, stays closed, as when a page opens);
 * - Math.random is seeded again before each story (the loading overlay's steps);
 * - lazy images load, every image is decoded and the fonts are in before the shot, and CSS
 *   animations are finished (infinite ones reset) by Playwright's `animations: 'disabled'`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { folderHandler } from '../../runtime/file-response.ts';

export type Viewport = 'phone' | 'desktop';
export const VIEWPORTS: Record<Viewport, { width: number; height: number }> = {
  phone: { width: 375, height: 740 },
  desktop: { width: 1280, height: 800 },
};
/** Virtual time a story is given to come to rest after it rendered (the side button folds at 4 s). */
const SETTLE_MS = 6_000;
/** The fake clock's start, so dates on the page are the same on every run. */
const START = new Date('2026-01-15T12:00:00-03:00');

/** A static build served on 127.0.0.1 at an ephemeral port. */
export interface Served {
  url: string;
  close(): Promise<void>;
}

export async function serve(dir: string): Promise<Served> {
  const server: Server = createServer(folderHandler(dir));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface PreviewWindow {
  __STORYBOOK_PREVIEW__?: {
    storyStoreValue?: {
      loadStory(input: { storyId: string }): Promise<{ storyGlobals?: { viewport?: { value?: string } } }>;
    };
    currentRender?: { id?: string; phase?: string };
  };
}

/** The viewport each story asks for, read from the build's own story store in one tab. */
export async function storyViewports(
  browser: Browser,
  url: string,
  ids: string[],
): Promise<Map<string, Viewport>> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${url}/iframe.html`);
    await page.waitForFunction(
      () => (window as PreviewWindow).__STORYBOOK_PREVIEW__?.storyStoreValue,
      undefined,
      {
        timeout: 60_000,
      },
    );
    const phones = await page.evaluate(async (storyIds) => {
      const store = (window as PreviewWindow).__STORYBOOK_PREVIEW__!.storyStoreValue!;
      const phone: string[] = [];
      for (const storyId of storyIds) {
        const story = await store.loadStory({ storyId });
        if (story.storyGlobals?.viewport?.value === 'phone') phone.push(storyId);
      }
      return phone;
    }, ids);
    return new Map(ids.map((id) => [id, phones.includes(id) ? 'phone' : 'desktop']));
  } finally {
    await context.close();
  }
}

/** A worker's browser context: fake clock from START, Math.random seeded on every page load. */
async function workerContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, deviceScaleFactor: 1 });
  await context.clock.install({ time: START });
  await context.addInitScript(() => {
    // mulberry32; reseed() restarts the sequence before each story.
    const state = window as unknown as { __reviewSeed: number; __reviewReseed: () => void };
    state.__reviewReseed = () => {
      state.__reviewSeed = 0x2f6b_3a1d;
    };
    state.__reviewReseed();
    Math.random = () => {
      state.__reviewSeed = (state.__reviewSeed + 0x6d2b79f5) | 0;
      let t = Math.imul(state.__reviewSeed ^ (state.__reviewSeed >>> 15), 1 | state.__reviewSeed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  });
  return context;
}

export interface Job {
  /** The served build's address. */
  url: string;
  id: string;
  viewport: Viewport;
}

interface StoryChannelWindow extends PreviewWindow {
  __STORYBOOK_ADDONS_CHANNEL__: { emit(event: string, payload: unknown): void };
  __reviewReseed(): void;
}

/** The story `id` is on screen, rendered, played and through its afterEach (or it failed). */
async function rendered(page: Page, id: string): Promise<void> {
  await page.waitForFunction(
    (storyId) => {
      const render = (window as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender;
      return render?.id === storyId && ['finished', 'errored', 'aborted'].includes(render.phase ?? '');
    },
    id,
    { timeout: 30_000, polling: 50 },
  );
}

/**
 * Opens the story in `page`: the first time by loading iframe.html (the axe run of the a11y
 * addon is off: globals a11y.manual), then by asking the loaded preview for another story, as
 * the Storybook manager does. Switching costs about a tenth of a reload (the preview's 1.5 MB of
 * script is already running); what a story leaves behind is cleared first: session and local
 * storage, the scroll position, the random sequence.
 */
async function open(page: Page, job: Job, first: boolean): Promise<void> {
  const size = VIEWPORTS[job.viewport];
  const current = page.viewportSize();
  if (current?.width !== size.width || current.height !== size.height) await page.setViewportSize(size);
  const showing = first
    ? undefined
    : await page.evaluate(() => (window as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender?.id);
  if (first || showing === job.id) {
    await page.goto(
      `${job.url}/iframe.html?id=${encodeURIComponent(job.id)}&viewMode=story&globals=a11y.manual:!true`,
    );
  } else {
    await page.evaluate((storyId) => {
      const win = window as unknown as StoryChannelWindow;
      sessionStorage.clear();
      localStorage.clear();
      window.scrollTo(0, 0);
      win.__reviewReseed();
      win.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'story' });
    }, job.id);
  }
  await rendered(page, job.id);
}

/** Brings the story on screen to rest and returns its picture. */
async function settleAndShoot(context: BrowserContext, page: Page): Promise<Buffer> {
  await context.clock.runFor(SETTLE_MS);
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    await Promise.all(
      images.map((image) =>
        image.complete
          ? image.decode().catch(() => {})
          : new Promise((resolve) => {
              image.addEventListener('load', resolve, { once: true });
              image.addEventListener('error', resolve, { once: true });
            }),
      ),
    );
    await document.fonts.ready;
  });
  // Frames for what the images' sizes moved.
  await context.clock.runFor(100);
  return page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
}

/**
 * Renders every job with `workers` browser contexts at a time (each with its own fake clock, and
 * one tab per build), calling `done` with each PNG as it comes.
 */
export async function renderAll(
  browser: Browser,
  jobs: Job[],
  workers: number,
  done: (job: Job, png: Buffer) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(workers, jobs.length) }, async () => {
      const context = await workerContext(browser);
      const tabs = new Map<string, Page>();
      try {
        while (next < jobs.length) {
          const job = jobs[next++]!;
          let png: Buffer;
          try {
            let page = tabs.get(job.url);
            const first = !page;
            if (!page) tabs.set(job.url, (page = await context.newPage()));
            const t0 = Date.now();
            await open(page, job, first);
            const t1 = Date.now();
            png = await settleAndShoot(context, page);
            if (process.env.REVIEW_STORIES_DEBUG) console.log(`${job.id} ${t1 - t0} ${Date.now() - t1}`);
          } catch (error) {
            throw new Error(
              `Não consegui renderizar a história ${job.id} (${job.url}): ${(error as Error).message}`,
              { cause: error },
            );
          }
          await done(job, png);
        }
      } finally {
        await context.close();
      }
    }),
  );
}
