/**
 * Páginas with pages whose addresses are long words (/uma-pagina-com-um-endereco-muito-longo-…,
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
