/**
 * The part of issue 21's early taps that only a real browser can show: a link inside an island
 * that is not yet live, tapped, does not navigate (the tap is caught and its default cancelled)
 * and navigates exactly once when the island goes live and the tap is replayed. The fixture is
 * the page script's own module (runtime/client/early-taps.ts, transpiled as it is) on a page
 * with one island holding one link; the slider's real islands are in island-taps.spec.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './site-test.ts';
import ts from 'typescript';

const source = readFileSync(path.resolve(import.meta.dirname, '../../runtime/client/early-taps.ts'), 'utf8');
// A classic module with its exports as plain declarations, and a handle for the test.
const earlyTaps = ts
  .transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
  })
  .outputText.replace(/^export /gm, '');

test('a link tapped inside an island before it is live navigates once, after it is', async ({
  page,
  baseURL,
  isMobile,
}) => {
  const target = `${baseURL}/recarga`;
  await page.setContent(
    `<main><div data-island="fixture"><p><a id="link" href="${target}">Ver a recarga</a></p></div></main>`,
  );
  await page.addScriptTag({
    type: 'module',
    content: `${earlyTaps}
      const island = document.querySelector('[data-island]');
      window.__woken = 0;
      window.__taps = catchEarlyTaps([island], () => window.__woken++);`,
  });
  await page.waitForFunction(() => '__taps' in window);
  const navigations: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest()) navigations.push(r.url());
  });

  const link = page.locator('#link');
  if (isMobile) await link.tap();
  else await link.click();
  await page.waitForTimeout(500);
  expect(navigations).toEqual([]); // caught: the dead HTML did not follow the link
  expect(page.url()).toBe('about:blank');
  expect(await page.evaluate(() => (window as unknown as { __woken: number }).__woken)).toBeGreaterThan(0);
  await expect(page.locator('[data-island]')).toHaveAttribute('aria-busy', 'true');

  // The island commits: the caught tap is replayed, and the link is followed once.
  await Promise.all([
    page.waitForURL(target),
    page.evaluate(() =>
      (window as unknown as { __taps: { live(el: Element): void } }).__taps.live(
        document.querySelector('[data-island]')!,
      ),
    ),
  ]);
  await page.waitForLoadState('load');
  await page.waitForTimeout(300);
  expect(navigations).toEqual([target]);
});
