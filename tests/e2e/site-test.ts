/**
 * The site specs' `test`: Playwright's, with every page asking for less transparency
 * (`prefers-reduced-transparency: reduce`) unless a test says otherwise.
 *
 * Why: the frosted header (blocks/navbar/navbar.tsx, the nine routes whose navbar starts
 * transparent) blurs the page behind it, and with no GPU (the suite's Chromium draws every frame
 * in software) that blur costs 20–25 ms of CPU per frame on the desktop, in every test that
 * scrolls one of those pages (decision 0044, session 33). Visitors who ask their system for less
 * transparency get an opaque bar, which costs 3 ms; the tests are such visitors by default. The
 * frost itself stays checked as visitors normally see it: sodastream-t.spec's header test runs
 * with `test.use({ reducedTransparency: false })` on both projects and checks both variants.
 *
 * Playwright (1.65) has no option for this media feature (its `emulateMedia` and context options
 * cover media, colorScheme, reducedMotion, forcedColors and contrast), so it is asked of Chromium
 * over the DevTools protocol. A feature set over one DevTools session is that session's own:
 * Playwright's `emulateMedia` calls (reduced motion in many specs) neither clear it nor are
 * cleared by it (probed), and it lasts as long as the session, which lasts as long as the page.
 */
import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { BrowserContext, Locator, Page, Request, Route } from '@playwright/test';

/**
 * The tag of a test whose assertions cannot depend on the viewport: HTTP status and headers, the
 * static host's rules, the `<head>`, the served bytes, anything read from the response or the DOM
 * before layout matters. playwright.config.ts runs these in the desktop project only.
 */
export const ANY_VIEWPORT = '@any-viewport';

/** Makes `page` ask for less transparency (the opaque header), for the page's whole life. */
export async function reduceTransparency(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setEmulatedMedia', {
    features: [{ name: 'prefers-reduced-transparency', value: 'reduce' }],
  });
}

export const test = base.extend<{ reducedTransparency: boolean }>({
  /** Whether the test's page asks for less transparency (the default); false: the frosted header. */
  reducedTransparency: [true, { option: true }],
  page: async ({ page, reducedTransparency }, provide) => {
    if (reducedTransparency) await reduceTransparency(page);
    await provide(page);
  },
});
