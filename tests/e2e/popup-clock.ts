import { expect, type Page } from '@playwright/test';
import { SPEC } from '../../schema/constants.ts';
import { PREFETCH_LEAD_MS } from '../../blocks/popup/popup.tsx';

/** When the popup's island (and React with it) loads: a few seconds before the popup opens. */
export const POPUP_HYDRATES_AT_MS = SPEC.popupDelayMs - PREFETCH_LEAD_MS;

/**
 * Runs the installed clock until the page has been open `ms` (its performance.now()). The
 * clock also flows at real speed between steps, so tests aim at absolute page times rather
 * than add up relative jumps.
 */
export async function advanceTo(page: Page, ms: number): Promise<void> {
  const now = await page.evaluate(() => performance.now());
  if (ms > now) await page.clock.runFor(Math.ceil(ms - now));
}

/** Runs the clock just past the moment the popup's island is due and waits until React has hydrated it. */
export async function popupHydrated(page: Page): Promise<void> {
  await advanceTo(page, POPUP_HYDRATES_AT_MS + 100);
  await expect(page.locator('[data-island="popup"]')).toHaveAttribute('data-hydrated', 'true');
}
