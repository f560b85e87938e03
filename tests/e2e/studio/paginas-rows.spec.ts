/**
 * Páginas' rows. A page someone is editing: its "está editando" badge is in its row from the
 * rows' first frame (it came a moment later and moved every row below it). Pages whose addresses are long words (/uma-pagina-com-um-endereco-muito-longo-…,
 * and the same without hyphens):
 * at 1280 px (the table) and at 375 px (the cards) every action of its row is on screen, not
 * covered and not scrolled away, and pressing one works; the address breaks inside its cell, its
 * whole text shown. Pictures under .tmp/h4/.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROOT, startStudio, type RunningStudio } from './studio-server.ts';

test.describe.configure({ mode: 'default' });

/** Hyphens are where a browser breaks a word; the second address has none. */
const ROUTES = [
  '/uma-pagina-com-um-endereco-muito-longo-sem-espacos-para-quebrar',
  '/umapaginacomumenderecomuitolongosemespacosnemhifensparaquebrar',
];
const fileOf = (route: string) => `pages${route}.yaml`;
const ACTIONS = ['Abrir', 'Histórico de', 'Nova variante de', 'Duplicar', 'Excluir'];

let studio: RunningStudio;
test.beforeAll(async () => {
  // (The Estúdio starts slowly on a busy machine.)
  test.setTimeout(120_000);
  studio = await startStudio();
  // A page as Duplicar makes one: the home page's file under the long name.
  const home = await readFile(path.join(studio.pagesDir, 'index.yaml'), 'utf8');
  for (const route of ROUTES) await writeFile(path.join(studio.dir, fileOf(route)), home);
});
test.afterAll(async () => {
  await studio?.stop();
});

async function shot(page: Page, name: string) {
  const file = test.info().outputPath(name);
  await page.screenshot({ path: file, fullPage: true });
  const dir = path.join(ROOT, '.tmp', 'h4');
  await mkdir(dir, { recursive: true });
  await copyFile(file, path.join(dir, name));
}

/** Is the element on screen whole, inside every box that clips it, and the one a press at its centre reaches? */
const reachable = (el: Element) => {
  const box = el.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return 'sem tamanho';
  if (box.left < 0 || box.right > innerWidth) return `fora da tela (${box.left}–${box.right})`;
  for (let up = el.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const clip = up.getBoundingClientRect();
    if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5)
      return `cortado por ${up.tagName.toLowerCase()} (${box.left}–${box.right} em ${clip.left}–${clip.right})`;
  }
  el.scrollIntoView({ block: 'center' });
  const now = el.getBoundingClientRect();
  const hit = document.elementFromPoint(now.left + now.width / 2, now.top + now.height / 2);
  return hit && (el === hit || el.contains(hit)) ? 'ok' : `coberto por ${hit?.tagName.toLowerCase()}`;
};

for (const width of [1280, 375]) {
  test(`at ${width} px: every action of the long address's row is on screen and works`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(studio.url);
    await page.goto(`${studio.origin}/#/`);
    for (const route of ROUTES) {
      const row = page.locator(`[data-file="${fileOf(route)}"]`);
      await expect(row).toBeVisible({ timeout: 60_000 });

      // The address: all of its words there, broken inside its cell (nothing wider than the cell).
      const link = row.locator('a.route');
      await expect(link).toHaveText(route);
      const fits = await link.evaluate((el) => {
        const cell = el.closest('td, li')!.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        return box.left >= cell.left - 0.5 && box.right <= cell.right + 0.5;
      });
      expect(fits).toBe(true);

      for (const name of ACTIONS) {
        const action = row.getByRole(name === 'Histórico de' ? 'link' : 'button', {
          name: new RegExp(`^${name}`),
        });
        expect(`${route} ${name}: ${await action.evaluate(reachable)}`).toBe(`${route} ${name}: ok`);
      }
    }
    // The list is not wider than its place: nothing to scroll sideways to.
    const region = page.getByRole(width === 375 ? 'list' : 'region', { name: 'Lista de páginas' });
    expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.evaluate(() => scrollTo(0, 0));
    await shot(page, `paginas-endereco-longo-${width}.png`);

    // Usable: Duplicar opens its dialog, naming the whole address.
    const last = ROUTES[1]!;
    await page
      .locator(`[data-file="${fileOf(last)}"]`)
      .getByRole('button', { name: /^Duplicar/ })
      .click();
    const dialog = page.getByRole('dialog', { name: `Duplicar ${last}` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
  });
}

test("someone editing /agendamento: the badge is there from the rows' first frame, no row moves", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // A phone's cards: there the badge is a line of its own (in the table it may fit the row's height).
  await page.setViewportSize({ width: 375, height: 812 });
  // Another person's tab with /agendamento open (its beat, as the editor sends it).
  const other = await browser.newContext();
  const them = await other.newPage();
  await them.goto(studio.url);
  const beat = () =>
    them.evaluate(() =>
      fetch('/api/presence', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ tab: '0123456789abcdef01234567', file: 'pages/agendamento.yaml' }),
      }).then((r) => r.status),
    );
  expect(await beat()).toBe(200);

  // Every position a row below it takes on screen, from its first frame, and whether the badge
  // was there in that frame.
  await page.addInitScript(() => {
    const seen: { top: number; badge: boolean }[] = [];
    (window as unknown as { seen: typeof seen }).seen = seen;
    const watch = () => {
      const button = document.querySelector('button[aria-label="Nova variante de /recarga"]');
      if (button) {
        const top = Math.round(button.getBoundingClientRect().top);
        const badge = Boolean(document.querySelector('[data-presence="pages/agendamento.yaml"]'));
        const last = seen.at(-1);
        if (!last || last.top !== top || last.badge !== badge) seen.push({ top, badge });
      }
      requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  // Who is editing answers last, after everything else the list waits for.
  let answerPresence!: () => void;
  const presenceHeld = new Promise<void>((resolve) => (answerPresence = resolve));
  await page.route('**/api/presence', async (route) => {
    if (route.request().method() === 'GET') await presenceHeld;
    await route.continue();
  });
  const othersAnswered = Promise.all(
    ['**/api/pages', '**/api/eu', '**/api/site', '**/api/history/deleted'].map((url) =>
      page.waitForResponse(url),
    ),
  );
  await page.goto(studio.url);
  await othersAnswered;
  await page.waitForTimeout(500);
  answerPresence();
  const badge = page.locator('[data-presence="pages/agendamento.yaml"]');
  await expect(badge).toContainText('está editando');
  await page.waitForTimeout(500);
  const seen = await page.evaluate(() => (window as unknown as { seen: unknown[] }).seen);
  expect(seen, 'the rows moved, or the badge came after them').toHaveLength(1);
  expect(seen[0]).toMatchObject({ badge: true });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await other.close();
});
