/**
 * Content below the first screen is laid out only when it nears the viewport
 * (design/below-fold.ts, decision 0013): the visitor must never see the difference, and an
 * in-page link's smooth scroll must still end with its section under the header.
 */
import { expect, test, type Page } from '@playwright/test';
import { layout } from '../../design/theme.ts';
import { isPhone, pageLaidOut } from './projects.ts';

/** Where a section reached through a #link stops: the page's scroll-padding-top. */
const UNDER_HEADER = layout.anchorOffsetPx;

/**
 * Waits until the page, clicked at the top, has scrolled and stopped (smooth scrolling takes
 * several frames). It must move first: a link that lays the page out before it scrolls leaves
 * scrollY at 0 for a moment, which is not the end of its scroll.
 */
async function settledScroll(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  let last = -1;
  await expect
    .poll(async () => {
      const y = await page.evaluate(() => window.scrollY);
      const still = y === last;
      last = y;
      return still;
    })
    .toBe(true);
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
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Por que nos escolher' })
    .click();
  await settledScroll(page);
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
    await toc.locator(`a[href="${href}"]`).click();
    await settledScroll(page);
    expect(Math.abs((await topOf(page, href.slice(1))) - UNDER_HEADER), href).toBeLessThanOrEqual(2);
  }
});
