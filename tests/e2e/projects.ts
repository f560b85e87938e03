import { expect, type Locator, type Page, type ViewportSize } from '@playwright/test';
import { LAID_OUT_CLASS } from '../../design/below-fold.ts';
import { breakpoints } from '../../design/theme.ts';

/** The phone project (375 px): below the navbar's desktop breakpoint, where the menu is a toggle. */
export const isPhone = (page: Page): boolean => (page.viewportSize()?.width ?? 0) < breakpoints.lg;

/**
 * The same question asked of the project's options, for a skip decided before the test's browser
 * context and page exist (about half a second of CPU each, for a test that would only skip):
 * `test.skip(onPhone, …)` or `test.skip(onDesktop, …)` in a describe. Playwright reads the fixtures
 * a modifier needs from its parameter list (it must destructure them), so only `viewport`, an
 * option, is set up for it: nothing starts.
 */
export const onPhone = ({ viewport }: { viewport: ViewportSize | null }): boolean =>
  (viewport?.width ?? 0) < breakpoints.lg;

/** Not `onPhone`: the desktop project (1280 px). */
export const onDesktop = ({ viewport }: { viewport: ViewportSize | null }): boolean => !onPhone({ viewport });

/**
 * Waits until the page script has laid out what is below the first screen (design/below-fold.ts):
 * before that, a far element has no position yet and the page's height is an estimate.
 */
export async function pageLaidOut(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${LAID_OUT_CLASS}\\b`));
}

/**
 * Waits, after the load, for the page script's start-up: every block's behaviour attached
 * (`data-enhanced`) and the page laid out below the first screen (a page without a script has
 * neither to wait for). A page requests nothing after its load event (its islands wait for a
 * visitor or a timer), so this is the state that waiting for half a second of network quiet
 * ('networkidle') reached, without the half second: the same markup on every route, at both
 * widths, with Playwright's clock installed or not.
 */
export async function pageStarted(page: Page): Promise<void> {
  if ((await page.locator('script[type="module"][src]').count()) === 0) return;
  await expect(page.locator('[data-behavior]:not([data-enhanced])')).toHaveCount(0);
  await pageLaidOut(page);
}

/**
 * Presses `control` where it is on the screen now, as a visitor does: a tap on the phone, a
 * click on the desktop, at the centre of its box. Locator.click() and tap() wait for a control
 * to stop moving (a reveal on scroll, a dialog's entrance) and, from their second try on, scroll
 * it to the bottom, the middle and then the top of the screen (scrollIntoView, run in
 * Playwright's own isolated world, so the page never sees the call): a test tapping a control
 * in its first 800 ms on screen would see the page jump (issue 29). Fails if the control is off
 * the screen or something else is at its centre.
 */
export async function pressInPlace(page: Page, control: Locator): Promise<void> {
  const point = await control.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const hit = document.elementFromPoint(x, y);
    return { x, y, onControl: hit !== null && el.contains(hit) };
  });
  expect(point.onControl, 'the control is on the screen, with nothing over its centre').toBe(true);
  if (isPhone(page)) await page.touchscreen.tap(point.x, point.y);
  else await page.mouse.click(point.x, point.y);
}
