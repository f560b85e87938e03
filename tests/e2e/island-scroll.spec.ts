/**
 * A press on an island's control never moves the page (issue 29, point 9), before the island is
 * live (decision 0020: the tap is caught, the island hydrated and the click replayed), while it
 * hydrates and after. Each island of /recarregue is brought to the middle of the screen and its
 * controls pressed 0, 300 and 800 ms later, while the block is still revealing itself; the
 * island's chunk is held back until the last press, so the first three find it cold.
 *
 * The presses are real pointer input at the control's centre (pressInPlace): Playwright's own
 * click()/tap() on a control that is still moving scrolls it to the bottom, middle or top of the
 * screen before pressing, which is what made the page seem to jump in the issue.
 */
import { ANY_VIEWPORT, expect, test, type Locator, type Page, type Route } from './site-test.ts';
import { blockList } from '../../blocks/index.ts';
import { SPEC } from '../../schema/constants.ts';
import { advanceTo, popupHydrated } from './popup-clock.ts';
import { pageLaidOut, pressInPlace } from './projects.ts';

/** When the presses come, after the island is brought into view. */
const PRESS_AT_MS = [0, 300, 800] as const;

interface Slider {
  /** data-island */
  type: string;
  /** The carousel's region name. */
  region: string;
  /** The control pressed before hydration. */
  next: string;
  /** Then, once live: a control and the slide it leads to. */
  then: [control: string, slide: number][];
}

const SLIDERS: Slider[] = [
  {
    type: 'gallery',
    region: 'Galeria de imagens',
    next: 'Próximas imagens',
    then: [
      ['Próximas imagens', 2],
      ['Imagens anteriores', 1],
    ],
  },
  {
    type: 'testimonials',
    region: 'Depoimentos de clientes',
    next: 'Próximo depoimento',
    then: [
      ['Depoimento 3 de 3', 2],
      ['Depoimento anterior', 1],
    ],
  },
];

// No page: the block list against this file's (ANY_VIEWPORT).
test('every island type is covered here', { tag: ANY_VIEWPORT }, () => {
  const islands = blockList.filter((block) => block.hydrate !== false).map((block) => block.type);
  expect(islands.sort()).toEqual([...SLIDERS.map((s) => s.type), 'popup'].sort());
});

/** Holds an island's chunk until release(). */
async function holdChunk(page: Page, type: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/assets/${type}-[^/]+\\.js$`), async (route: Route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return release;
}

/**
 * Brings `region` to the middle of the screen and records every scroll position from then on.
 * Returns the position and the moment it got there.
 */
async function centre(region: Locator): Promise<{ y: number; t0: number }> {
  const y = await region.evaluate((el) => {
    el.scrollIntoView({ block: 'center', behavior: 'instant' });
    const w = window as unknown as { scrolledTo: number[] };
    w.scrolledTo = [];
    addEventListener('scroll', () => w.scrolledTo.push(scrollY), { passive: true });
    return scrollY;
  });
  return { y, t0: Date.now() };
}

/** Waits until `ms` after `t0`. */
async function until(page: Page, t0: number, ms: number): Promise<void> {
  const wait = t0 + ms - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
}

/** The page is still at `y` two frames on, and has been nowhere else since centre(). */
async function stayedAt(page: Page, y: number, when: string): Promise<void> {
  const { now, seen } = await page.evaluate(
    () =>
      new Promise<{ now: number; seen: number[] }>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve({ now: scrollY, seen: (window as unknown as { scrolledTo: number[] }).scrolledTo }),
          ),
        ),
      ),
  );
  expect(Math.abs(now - y), `scrollY ${now}, was ${y} (${when})`).toBeLessThanOrEqual(1);
  const far = seen.filter((seenY) => Math.abs(seenY - y) > 1);
  expect(far, `scroll positions other than ${y} (${when})`).toEqual([]);
}

for (const slider of SLIDERS) {
  test(`${slider.type}: presses at ${PRESS_AT_MS.join(', ')} ms after it comes into view, before it is live, leave the page where it was`, async ({
    page,
  }) => {
    const island = page.locator(`[data-island="${slider.type}"]`);
    const region = page.getByRole('region', { name: slider.region });
    const button = (name: string) => region.getByRole('button', { name, exact: true });
    const release = await holdChunk(page, slider.type);
    await page.goto('/recarregue');
    // The page's final layout (below-fold.ts): before it, a block above could still change height.
    await pageLaidOut(page);
    const { y, t0 } = await centre(region);

    for (const ms of PRESS_AT_MS) {
      await until(page, t0, ms);
      await expect(island).not.toHaveAttribute('data-hydrated', 'true');
      await pressInPlace(page, button(slider.next));
      await expect(island).toHaveAttribute('aria-busy', 'true');
      await stayedAt(page, y, `press at ${ms} ms`);
    }
    await expect(region).toHaveAttribute('data-slide', '0');

    // The island goes live; the last press is replayed once.
    release();
    await expect(island).toHaveAttribute('data-hydrated', 'true');
    await expect(region).toHaveAttribute('data-slide', '1');
    await expect(island).not.toHaveAttribute('aria-busy', /.*/);
    await expect(button(slider.next)).toBeFocused();
    await stayedAt(page, y, 'replay');

    for (const [control, slide] of slider.then) {
      await pressInPlace(page, button(control));
      await expect(region).toHaveAttribute('data-slide', String(slide));
      await stayedAt(page, y, `${control}, live`);
    }
    await page.waitForTimeout(500);
    await stayedAt(page, y, 'half a second later');
  });
}

test(`popup: presses at ${PRESS_AT_MS.join(', ')} ms after it opens leave the page where it was`, async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/recarregue');
  await pageLaidOut(page);
  const { y } = await centre(page.getByRole('region', { name: 'Galeria de imagens' }));
  await popupHydrated(page);
  await advanceTo(page, SPEC.popupDelayMs + 50);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const t0 = Date.now();
  await stayedAt(page, y, 'opened');

  const controls = [/^Copiar/, /^Copiar/, /^Fechar oferta$/];
  for (const [i, ms] of PRESS_AT_MS.entries()) {
    await until(page, t0, ms);
    await pressInPlace(page, dialog.getByRole('button', { name: controls[i] }));
    await stayedAt(page, y, `press at ${ms} ms`);
  }
  await expect(dialog).toHaveCount(0);
  await page.waitForTimeout(500);
  await stayedAt(page, y, 'closed');
});
