/**
 * Where to type in the preview: the first of a block's texts (in the order given) shown whole in
 * the frame and on top there. Looked for inside the frame in one go — each place visible as
 * Playwright's isVisible() says (a box, not visibility: hidden), scrolled into view if needed,
 * stable, and what is at its middle the text itself — instead of four round trips per place.
 */
import type { FrameLocator, Locator } from '@playwright/test';

export async function firstTextOnTop(
  frame: FrameLocator,
  index: number,
  order: number[],
): Promise<{ n: number; el: Locator } | undefined> {
  const wrapper = frame.locator(`fillgas-block[data-index="${index}"]`);
  // (A block the page does not show has no wrapper: nothing to look for there.)
  if ((await wrapper.count()) === 0) return undefined;
  const found = await wrapper.evaluate(async (block, order) => {
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    for (const n of order) {
      for (const [k, el] of [...block.querySelectorAll(`[data-estudio-leaf="${n}"]`)].entries()) {
        const shown = el.getBoundingClientRect();
        if (shown.width === 0 || shown.height === 0 || getComputedStyle(el).visibility !== 'visible')
          continue;
        (el as Element & { scrollIntoViewIfNeeded(center?: boolean): void }).scrollIntoViewIfNeeded(true);
        // Stable, as Playwright's own scrolling waits for: the same box in two frames in a row (what
        // the scroll brought into view has revealed itself, a sticky bar has changed its state).
        let last = '';
        for (let i = 0; i < 60; i++) {
          await frame();
          const r = el.getBoundingClientRect();
          const now = `${r.x} ${r.y} ${r.width} ${r.height}`;
          if (now === last) break;
          last = now;
        }
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (box.width > 0 && hit !== null && el.contains(hit)) return { n, k };
      }
    }
    return undefined;
  }, order);
  return found && { n: found.n, el: wrapper.locator(`[data-estudio-leaf="${found.n}"]`).nth(found.k) };
}
