/**
 * The font files the site ships are the ones its text asks for (design/fonts.ts). A rule asking
 * for a weight a family has no file of makes the browser fake a bold from the regular file (or
 * take another weight than the one designed); a file no text asks for is bytes for nothing. The
 * check reads the computed font of every text in every route, in the real browser: inherited
 * fonts, the browser's own defaults (<strong>, <th>) and media queries included, plus the
 * states that add text later (the offer popup, the consent banner).
 */
import { expect, test, type Page } from './site-test.ts';
import { fontFiles } from '../../design/fonts.ts';
import { extraSitesReady, GA_BASE_URL } from './consent-helpers.ts';
import { ALL_ROUTES } from './routes.ts';
import { advanceTo, popupHydrated } from './popup-clock.ts';

interface Use {
  /** "Family weight" of the computed style: the first family of the stack, as CSS names it. */
  face: string;
  /** The element and the start of its text, for the failure message. */
  sample: string;
  /** Laid out inside the first screen. */
  firstScreen: boolean;
}

const webFamilies = new Set<string>(fontFiles.map((f) => f.family));
const shipped = new Set(fontFiles.map((f) => `${f.family} ${f.weight}`));
const preloaded = fontFiles.filter((f) => f.preload).map((f) => `${f.family} ${f.weight}`);

/**
 * Every element with text of its own under `root`, hidden ones too (a closed menu still needs
 * its font when opened).
 */
const textFonts = (page: Page, root = 'body'): Promise<Use[]> =>
  page.evaluate((root) => {
    const uses: Use[] = [];
    const walker = document.createTreeWalker(document.querySelector(root)!, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || seen.has(el) || !node.textContent!.trim() || el.closest('script, style, noscript')) continue;
      seen.add(el);
      const style = getComputedStyle(el);
      const family = style.fontFamily
        .split(',')[0]!
        .trim()
        .replace(/^["']|["']$/g, '');
      const box = el.getBoundingClientRect();
      uses.push({
        face: `${family} ${style.fontWeight}`,
        sample: `<${el.tagName.toLowerCase()}> ${node.textContent!.trim().slice(0, 40)}`,
        firstScreen:
          box.width > 0 && box.bottom > 0 && box.top < window.innerHeight && style.visibility !== 'hidden',
      });
    }
    return uses;
  }, root) as Promise<Use[]>;

/** Uses of a web font family (Inter, Poppins) at a weight with no file. */
const missing = (uses: Use[]) =>
  uses.filter((u) => webFamilies.has(u.face.replace(/ \d+$/, '')) && !shipped.has(u.face));

test('every text asks for a font file the site ships, every file is used, the first screen’s faces are preloaded', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const used = new Set<string>();
  /** For each face, on how many routes it is on the first screen. */
  const onFirstScreen = new Map<string, number>();
  for (const route of ALL_ROUTES) {
    await page.clock.install();
    await page.goto(route);
    await page.evaluate(() => document.fonts.ready);
    const uses = await textFonts(page);
    // The offer popup renders its text only when it opens (30 s after arrival).
    const popup = page.locator('[data-island="popup"]');
    if (await popup.count()) {
      await popupHydrated(page);
      await advanceTo(page, 30_500);
      await expect(page.getByRole('dialog')).toBeVisible();
      uses.push(...(await textFonts(page)).map((u) => ({ ...u, firstScreen: false })));
    }
    expect(
      missing(uses).map((u) => `${u.face}: ${u.sample}`),
      route,
    ).toEqual([]);
    for (const u of uses) used.add(u.face);
    for (const face of new Set(uses.filter((u) => u.firstScreen).map((u) => u.face)))
      onFirstScreen.set(face, (onFirstScreen.get(face) ?? 0) + 1);
  }
  expect(
    [...shipped].filter((face) => !used.has(face)),
    'files no text uses',
  ).toEqual([]);
  // Preloaded: exactly the faces on the first screen of most routes.
  const most = [...onFirstScreen]
    .filter(([face, n]) => shipped.has(face) && n > ALL_ROUTES.length / 2)
    .map(([face]) => face);
  expect(preloaded.sort()).toEqual(most.sort());
});

test('the consent banner asks only for shipped font files', async ({ page }) => {
  // The second test server has an analytics id, so the banner shows on arrival.
  await extraSitesReady();
  await page.goto(`${GA_BASE_URL}/agendamento`);
  await expect(page.getByRole('region', { name: 'Sua privacidade' })).toBeVisible();
  const uses = await textFonts(page, '.fg-consent');
  expect(uses.length).toBeGreaterThan(3);
  expect(missing(uses).map((u) => `${u.face}: ${u.sample}`)).toEqual([]);
});
