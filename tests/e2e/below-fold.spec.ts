/**
 * Content below the first screen is laid out only when it nears the viewport
 * (design/below-fold.ts, decision 0013): the visitor must never see the difference, and an
 * in-page link's smooth scroll must still end with its section under the header.
 */
import { expect, test, type Locator, type Page } from './site-test.ts';
import { layout } from '../../design/theme.ts';
import { isPhone, pageLaidOut } from './projects.ts';

/** Where a section reached through a #link stops: the page's scroll-padding-top. */
const UNDER_HEADER = layout.anchorOffsetPx;

/**
 * Clicks an in-page link and waits for the end of the scroll it starts (smooth scrolling takes
 * several frames). It must move first: a link that lays the page out before it scrolls leaves
 * scrollY where it was for a moment, which is not the end of its scroll. Then it must hold still
 * for ten frames drawn: two readings of scrollY a moment apart were not enough, as on a busy
 * machine the renderer can draw no frame between them and the scroll seemed over while still
 * under way. (Chromium's `scrollend` is no better here: the load's own scroll to the top can fire
 * one just after the click.)
 */
async function clickAndSettle(page: Page, link: Locator): Promise<void> {
  const from = await page.evaluate(() => window.scrollY);
  await link.click();
  await page.evaluate(
    (from) =>
      new Promise<void>((resolve) => {
        let last = from;
        let moved = false;
        let still = 0;
        const frame = () => {
          const y = window.scrollY;
          if (y !== last) [moved, still, last] = [true, 0, y];
          else still += 1;
          if (moved && still >= 10) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    from,
  );
}

/** Keeps the after-load layout from running, so only the link can lay the page out. */
async function holdIdleLayout(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
}

async function topOf(page: Page, id: string): Promise<number> {
  return page.evaluate((id) => Math.round(document.getElementById(id)!.getBoundingClientRect().top), id);
}

test('the first paint lays out the first screen only; the rest follows after the load', async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () =>
      requestAnimationFrame(() => {
        // The last section of <main> and the footer after it.
        const far = [document.getElementById('credibilidade')!, document.querySelector('footer')!];
        (window as unknown as { farSkipped: boolean }).farSkipped = far.every(
          (el) => !el.checkVisibility({ contentVisibilityAuto: true }),
        );
      }),
    );
  });
  await page.goto('/agendamento');
  // The first frame may come after the load event in a headless browser: wait for it.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { farSkipped?: boolean }).farSkipped))
    .toBe(true);
  await pageLaidOut(page);
  // Without any scrolling: the whole page has its real layout, in spec order.
  for (const far of [page.locator('#credibilidade'), page.locator('footer')])
    expect(await far.evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }))).toBe(true);
  const tops = await page.evaluate(() =>
    ['como-funciona', 'duvidas', 'credibilidade'].map(
      (id) => document.getElementById(id)!.getBoundingClientRect().top,
    ),
  );
  expect(tops[0]).toBeGreaterThan(0);
  expect([...tops].sort((a, b) => a - b)).toEqual(tops);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the menu link to the last section ends with it under the header (smooth scrolling)', async ({
  page,
}) => {
  await page.goto('/agendamento');
  if (isPhone(page)) await page.getByRole('button', { name: 'Abrir menu' }).click();
  await clickAndSettle(
    page,
    page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Por que nos escolher' }),
  );
  expect(Math.abs((await topOf(page, 'credibilidade')) - UNDER_HEADER)).toBeLessThanOrEqual(2);
});

test('every entry of a long table of contents lands on its clause', async ({ page }) => {
  await holdIdleLayout(page);
  await page.goto('/termos-de-uso');
  const toc = page.getByRole('navigation', { name: 'Nesta página' });
  const hrefs = await toc.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  expect(hrefs.length).toBeGreaterThanOrEqual(10);
  // The last clauses first: the most placeholders stand between them and the top.
  for (const href of hrefs.slice(-3).reverse()) {
    await page.goto('/termos-de-uso');
    await clickAndSettle(page, toc.locator(`a[href="${href}"]`));
    expect(Math.abs((await topOf(page, href.slice(1))) - UNDER_HEADER), href).toBeLessThanOrEqual(2);
  }
});
