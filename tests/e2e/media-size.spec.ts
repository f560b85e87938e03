/**
 * Issue #21: no image or illustration in a content block is taller than the viewport at
 * 1280×800 (desktop), and nothing overflows horizontally at 360 px (phone).
 * Only media inside <main> count: the page frame (navbar logo, footer) is not content, and
 * icons are small by nature. Decorative CSS backgrounds are not <img>/<svg> and are not measured.
 */
import { expect, test } from './site-test.ts';
import { allowPerRoute, noteStorageAtStart, visitFresh } from './one-page.ts';
import { PAGE_ROUTES } from './routes.ts';

// Every route on one page, each a fresh load as a first visit (one-page.ts).
test('media in content blocks fit the viewport on every route', async ({ page }, info) => {
  allowPerRoute(PAGE_ROUTES.length, 20_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  if (info.project.name === 'phone') await page.setViewportSize({ width: 360, height: 740 });
  await noteStorageAtStart(page);
  for (const path of PAGE_ROUTES) {
    await test.step(path, async () => {
      await visitFresh(page, path);
      const viewport = page.viewportSize()!;
      if (info.project.name === 'desktop') {
        const tall = await page.evaluate((vh) => {
          const out: string[] = [];
          for (const el of document.querySelectorAll('main img, main svg, main picture')) {
            if (el instanceof SVGElement && el.ownerSVGElement) continue; // nested svg parts
            const r = el.getBoundingClientRect();
            if (r.height > vh) out.push(`${el.tagName} ${Math.round(r.width)}×${Math.round(r.height)}`);
          }
          return out;
        }, viewport.height);
        expect(tall, path).toEqual([]);
      } else {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    });
  }
});
