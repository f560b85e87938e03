/**
 * No tap is lost before an island hydrates (issue 21, decision 0020): a tap on the testimonial
 * slider of /recarregue before its code has arrived is replayed once when it has, never twice.
 * The island's chunk is held back by the test (deterministic), and once on a throttled phone.
 */
import { expect, test, type Locator, type Page, type Route } from './site-test.ts';
import { isPhone, pageLaidOut } from './projects.ts';

const CHUNK = /\/assets\/testimonials-[^/]+\.js$/;

const island = (page: Page) => page.locator('[data-island="testimonials"]');
const slider = (page: Page) => page.getByRole('region', { name: 'Depoimentos de clientes' });
const next = (page: Page) => slider(page).getByRole('button', { name: 'Próximo depoimento' });

/** Holds the slider's chunk until release() (or forever). */
async function holdChunk(page: Page): Promise<{ requested: Promise<void>; release: () => void }> {
  let release!: () => void;
  let requested!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked = new Promise<void>((resolve) => (requested = resolve));
  await page.route(CHUNK, async (route: Route) => {
    requested();
    await released;
    await route.continue().catch(() => {});
  });
  return { requested: asked, release };
}

/** A tap on the phone, a click on the desktop. */
async function tap(page: Page, target: Locator) {
  if (isPhone(page)) await target.tap();
  else await target.click();
}

/** Scrolls the slider's arrow into view and resolves when it is there. */
async function bringIntoView(page: Page) {
  await next(page).evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await expect(next(page)).toBeInViewport();
}

/** The slider shows testimonial `slide` (0-based) and stays there. */
async function staysAt(page: Page, slide: number) {
  await expect(slider(page)).toHaveAttribute('data-slide', String(slide));
  await page.waitForTimeout(400);
  await expect(slider(page)).toHaveAttribute('data-slide', String(slide));
}

/** Nothing is left busy or pressed. */
async function notBusy(page: Page) {
  await expect(island(page)).not.toHaveAttribute('aria-busy', /.*/);
  await expect(page.locator('[data-pending]')).toHaveCount(0);
}

test.describe('a tap before the slider hydrates', () => {
  for (const [afterMs, holdMs] of [
    [0, 300],
    [100, 300],
    [400, 300],
    [100, 3000],
  ] as const) {
    test(`at ${afterMs} ms after it comes into view, chunk held ${holdMs} ms: advances once`, async ({
      page,
    }) => {
      const chunk = await holdChunk(page);
      await page.goto('/recarregue');
      await bringIntoView(page);
      await page.waitForTimeout(afterMs);
      await expect(island(page)).not.toHaveAttribute('data-hydrated', 'true');
      await tap(page, next(page));
      await expect(island(page)).toHaveAttribute('aria-busy', 'true');
      await expect(next(page)).toHaveAttribute('data-pending', '');
      await expect(slider(page)).toHaveAttribute('data-slide', '0');
      await page.waitForTimeout(holdMs);
      chunk.release();
      await expect(island(page)).toHaveAttribute('data-hydrated', 'true');
      await staysAt(page, 1);
      await expect(slider(page).getByRole('group')).toHaveAttribute('aria-label', 'Depoimento 2 de 3');
      await notBusy(page);
    });
  }

  test('a second tap after hydration advances once more (no double)', async ({ page }) => {
    await page.goto('/recarregue');
    await bringIntoView(page);
    await expect(island(page)).toHaveAttribute('data-hydrated', 'true');
    await tap(page, next(page));
    await staysAt(page, 1);
    await tap(page, next(page));
    await staysAt(page, 2);
  });

  test('a drag that starts on the arrow does not advance', async ({ page }) => {
    const chunk = await holdChunk(page);
    await page.goto('/recarregue');
    await bringIntoView(page);
    const box = (await next(page).boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    if (isPhone(page)) {
      const cdp = await page.context().newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', dx: number, dy: number) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints: type === 'touchEnd' ? [] : [{ x: x + dx, y: y + dy }],
        });
      await touch('touchStart', 0, 0);
      for (let i = 1; i <= 6; i++) await touch('touchMove', -20 * i, -25 * i);
      await touch('touchEnd', -120, -150);
      await cdp.detach();
    } else {
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x - 150, y - 100, { steps: 6 });
      await page.mouse.up();
    }
    chunk.release();
    await expect(island(page)).toHaveAttribute('data-hydrated', 'true');
    await staysAt(page, 0);
    await notBusy(page);
  });

  test('Enter on the focused arrow before hydration advances once, and focus stays on it', async ({
    page,
  }) => {
    const chunk = await holdChunk(page);
    await page.goto('/recarregue');
    await bringIntoView(page);
    await next(page).focus();
    await page.keyboard.press('Enter');
    await expect(island(page)).toHaveAttribute('aria-busy', 'true');
    await page.waitForTimeout(300);
    chunk.release();
    await expect(island(page)).toHaveAttribute('data-hydrated', 'true');
    await staysAt(page, 1);
    await expect(next(page)).toBeFocused();
    await notBusy(page);
  });

  test('a chunk that fails to load leaves nothing busy, and a later tap is not swallowed', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(CHUNK, async (route) => {
      await released;
      await route.abort();
    });
    await page.goto('/recarregue');
    await bringIntoView(page);
    await tap(page, next(page));
    await expect(island(page)).toHaveAttribute('aria-busy', 'true');
    release();
    await expect
      .poll(() => errors.some((e) => e.includes('Falha ao carregar o bloco "testimonials"')))
      .toBe(true);
    await notBusy(page);
    // The server's HTML gets the next tap: it is no longer cancelled.
    const cancelled = page.evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          document.addEventListener('click', (event) => resolve(event.defaultPrevented), { once: true }),
        ),
    );
    await tap(page, next(page));
    expect(await cancelled).toBe(false);
    await notBusy(page);
    await expect(slider(page)).toHaveAttribute('data-slide', '0');
  });
});

test('on a throttled phone (4× CPU, slow 4G), a tap 100 or 400 ms after the slider comes into view advances once', async ({
  browser,
}) => {
  test.skip(test.info().project.name !== 'phone', 'one run is enough: it sets its own phone');
  test.setTimeout(120_000);
  for (const afterMs of [100, 400]) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    // Whether the slider was live when the tap's click arrived (seen before the page script's own listener).
    await page.addInitScript(() => {
      window.addEventListener(
        'click',
        (event) => {
          const button = (event.target as Element).closest('button');
          (window as unknown as { tapOn?: string }).tapOn = button?.getAttribute('aria-label') ?? '';
          const el = document.querySelector('[data-island="testimonials"]');
          (window as unknown as { tapWhileCold?: boolean }).tapWhileCold = !el?.hasAttribute('data-hydrated');
        },
        { capture: true, once: true },
      );
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto('/recarregue', { waitUntil: 'load', timeout: 60_000 });
    // A visitor reads the first screen before scrolling down: the page is laid out by then.
    await pageLaidOut(page);
    await page.waitForTimeout(500);
    // Straight there (no smooth scroll), then a real touch at the arrow's centre `afterMs` later,
    // where the arrow is then: the section is still rising into place (its entrance, 24 px over
    // 0.6 s), and a touch where it was when it came into view missed it by up to 24 px.
    await next(page).evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await page.waitForTimeout(afterMs);
    const { x, y } = await next(page).evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { tapOn?: string }).tapOn))
      .toBe('Próximo depoimento');
    const t0 = Date.now();
    await expect(island(page)).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
    const hydratedAfter = Date.now() - t0;
    const cold = await page.evaluate(() => (window as unknown as { tapWhileCold?: boolean }).tapWhileCold);
    console.log(
      `throttled: tap at ${afterMs} ms (${cold ? 'before' : 'after'} hydration), hydrated ${hydratedAfter} ms after the tap`,
    );
    await expect(slider(page), `hydrated ${hydratedAfter} ms after the tap`).toHaveAttribute(
      'data-slide',
      '1',
    );
    // Whether the slider's code had arrived when the tap came varies from run to run on this
    // throttled phone (mostly not at 100 ms, often at 400 ms): either way the tap moves the slider
    // once, which is the promise. The held-chunk tests above cover the tap before hydration
    // deterministically.
    await page.waitForTimeout(1_000);
    await expect(slider(page)).toHaveAttribute('data-slide', '1');
    await notBusy(page);
    await context.close();
  }
});

test('the gallery too: a tap on its arrow before its chunk arrives moves it once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/gallery-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  await page.goto('/recarregue');
  const gallery = page.getByRole('region', { name: 'Galeria de imagens' });
  const arrow = gallery.getByRole('button', { name: 'Próximas imagens' });
  await arrow.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await page.waitForTimeout(100);
  await tap(page, arrow);
  await expect(page.locator('[data-island="gallery"]')).toHaveAttribute('aria-busy', 'true');
  await page.waitForTimeout(500);
  release();
  await expect(page.locator('[data-island="gallery"]')).toHaveAttribute('data-hydrated', 'true');
  await expect(gallery).toHaveAttribute('data-slide', '1');
  await page.waitForTimeout(400);
  await expect(gallery).toHaveAttribute('data-slide', '1');
  await expect(page.locator('[data-pending], [aria-busy]')).toHaveCount(0);
});
