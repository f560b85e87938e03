import { expect, type Page } from '@playwright/test';
import { SPEC } from '../../schema/constants.ts';
import { PREFETCH_LEAD_MS } from '../../blocks/popup/popup.tsx';

/** When the popup's island (and React with it) loads: a few seconds before the popup opens. */
export const POPUP_HYDRATES_AT_MS = SPEC.popupDelayMs - PREFETCH_LEAD_MS;

/**
 * Advances the installed clock just past the moment the popup's island is due and waits until
 * React has hydrated it; the clock then stands at POPUP_HYDRATES_AT_MS + 100 ms.
 */
export async function popupHydrated(page: Page): Promise<void> {
  await page.clock.runFor(POPUP_HYDRATES_AT_MS + 100);
  await expect(page.locator('[data-island="popup"]')).toHaveAttribute('data-hydrated', 'true');
}
