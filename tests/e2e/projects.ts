import { expect, type Page } from '@playwright/test';
import { LAID_OUT_CLASS } from '../../design/below-fold.ts';
import { breakpoints } from '../../design/theme.ts';

/** The phone project (375 px): below the navbar's desktop breakpoint, where the menu is a toggle. */
export const isPhone = (page: Page): boolean => (page.viewportSize()?.width ?? 0) < breakpoints.lg;

/**
 * Waits until the page script has laid out what is below the first screen (design/below-fold.ts):
 * before that, a far element has no position yet and the page's height is an estimate.
 */
export async function pageLaidOut(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${LAID_OUT_CLASS}\\b`));
}
