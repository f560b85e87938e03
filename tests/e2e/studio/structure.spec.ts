/**
 * The structure panel (issue 27, point 4), as an author uses it on a copy of pages/: in a page and
 * in a variant, a block moved from the keyboard (Alt+↑/↓, announced) and one dragged; a block
 * deleted and brought back, one duplicated; saved; then `npm run check` and the build accept the
 * files and the built routes show the new order. The editor with the panel passes axe, and the
 * panel is photographed at 1280 and 375 px.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ROOT, startStudio, TSX, type RunningStudio } from './studio-server.ts';
import { axeOutsideFrames } from '../axe.ts';

const run = promisify(execFile);
let studio: RunningStudio;
test.beforeAll(async () => {
  studio = await startStudio();
});
test.afterAll(async () => {
  await studio?.stop();
});

async function openStructure(page: Page, file: string) {
  await page.goto(`${studio.origin}/#/editar/${encodeURIComponent(file)}`);
  await expect(page.locator('[data-preview-renders]')).not.toHaveAttribute('data-preview-renders', '0', {
    timeout: 60_000,
  });
  await page.getByRole('tab', { name: 'Estrutura' }).click();
  return page.getByRole('list', { name: 'Blocos da página' });
}

const names = (list: Locator) =>
  list.locator(':scope > li').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name') ?? ''));
const row = (list: Locator, name: string) => list.locator(`:scope > li[data-name="${name}"]`);
const announcement = (page: Page) => page.locator('[data-structure-announcement]');

/** Drags row `name` onto the top (or bottom) quarter of row `onto`. */
async function drag(list: Locator, name: string, onto: string, side: 'before' | 'after') {
  const target = row(list, onto);
  const box = (await target.boundingBox())!;
  await row(list, name)
    .locator('.handle')
    .dragTo(target, {
      targetPosition: { x: 20, y: side === 'before' ? box.height * 0.25 : box.height * 0.75 },
    });
}

async function axe(page: Page) {
  const results = await axeOutsideFrames(page);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** The order of the given anchors in a built page's HTML (-1: absent). */
const orderIn = (html: string, ids: string[]) => ids.map((id) => html.indexOf(`id="${id}"`));

test('reorder, delete and duplicate in a page and in a variant; check and build accept them', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.goto(studio.url);

  // --- A page: /recarga.
  let list = await openStructure(page, 'pages/recarga.yaml');
  await expect(list.locator(':scope > li').nth(2)).toContainText('Números e selos de confiança');
  expect(await names(list)).toEqual([
    'navbar',
    'hero',
    'numeros',
    'beneficios',
    'como-funciona',
    'depoimentos',
    'footer',
  ]);
  await axe(page);

  // From the keyboard: Alt+↓ on the focused row, announced, the focus stays on the block.
  await row(list, 'numeros').focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(announcement(page)).toHaveText(
    'Bloco Números e selos de confiança movido para a posição 4 de 7.',
  );
  await expect(row(list, 'numeros')).toBeFocused();
  // Dragged: the testimonials before the hero.
  await drag(list, 'depoimentos', 'hero', 'before');
  await expect(announcement(page)).toContainText('movido para a posição 2 de 7');
  const pageOrder = ['navbar', 'depoimentos', 'hero', 'beneficios', 'numeros', 'como-funciona', 'footer'];
  expect(await names(list)).toEqual(pageOrder);

  // Delete is one click, and undone by the panel's Desfazer (the source's own undo).
  await row(list, 'beneficios')
    .getByRole('button', { name: /^Excluir/ })
    .click();
  await expect(list.locator(':scope > li')).toHaveCount(6);
  await page.getByRole('button', { name: 'Desfazer' }).click();
  expect(await names(list)).toEqual(pageOrder);
  // Duplicate: a copy right after, with its own id.
  await row(list, 'como-funciona')
    .getByRole('button', { name: /^Duplicar/ })
    .click();
  await expect(row(list, 'como-funciona-copia')).toBeVisible();
  await row(list, 'como-funciona-copia')
    .getByRole('button', { name: /^Excluir/ })
    .click();
  await expect(list.locator(':scope > li')).toHaveCount(7);
  // With neither a keyboard nor a drag (a tablet): ↓ and ↑ beside the block, one place each;
  // the first block's ↑ is off.
  await row(list, 'beneficios')
    .getByRole('button', { name: /^Descer/ })
    .click();
  await expect(announcement(page)).toHaveText('Bloco Cartões de benefícios movido para a posição 5 de 7.');
  await row(list, 'beneficios')
    .getByRole('button', { name: /^Subir/ })
    .click();
  await expect(announcement(page)).toHaveText('Bloco Cartões de benefícios movido para a posição 4 de 7.');
  expect(await names(list)).toEqual(pageOrder);
  await expect(row(list, 'navbar').getByRole('button', { name: /^Subir/ })).toBeDisabled();

  await page.keyboard.press('Control+s');
  await expect(page.getByText(/Salvo às/)).toBeVisible();
  const recarga = await readFile(path.join(studio.pagesDir, 'recarga.yaml'), 'utf8');
  expect(recarga).toMatch(
    /# The spec's stray marketing-analytics figures[^\n]*\n {2}- type: credibility\n {4}id: numeros/,
  );
  expect(recarga).not.toContain('como-funciona-copia');

  // --- A variant: /recarrega-site, every block inherited from /sodastream-t.
  list = await openStructure(page, 'pages/recarrega-site.yaml');
  await expect(row(list, 'duvidas')).toContainText('herdado de sodastream-t');
  const base = await names(list);
  expect(base.slice(0, 4)).toEqual(['navbar', 'hero', 'sobre', 'beneficios']);

  // Alt+↑ twice: each waits for the loader's new order (the list is the render's).
  await row(list, 'duvidas').focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(announcement(page)).toContainText('movido para a posição 8 de');
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(row(list, 'duvidas')).toBeFocused();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(announcement(page)).toContainText('movido para a posição 7 de');
  await expect(list).toHaveAttribute('aria-busy', 'false');
  // Dragged: the call to action before the "sobre" section.
  // (A window tall enough for both rows: a drag that scrolls the list starts from another row.)
  await page.setViewportSize({ width: 1280, height: 1400 });
  await drag(list, 'agendar', 'sobre', 'before');
  await expect(announcement(page)).toContainText('movido para a posição 3 de');
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await page.setViewportSize({ width: 1280, height: 800 });
  // An inherited block deleted: remove: in the variant.
  await row(list, 'pagamento')
    .getByRole('button', { name: /^Excluir/ })
    .click();
  await expect(row(list, 'pagamento')).toHaveCount(0);
  const variantOrder = await names(list);
  expect(variantOrder.indexOf('agendar')).toBe(2);
  expect(variantOrder.indexOf('duvidas')).toBeLessThan(variantOrder.indexOf('depoimentos'));
  await axe(page);

  // The panel at 1280 and 375 px.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await row(list, 'duvidas').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: test.info().outputPath(`estrutura-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.keyboard.press('Control+s');
  await expect(page.getByText(/Salvo às/)).toBeVisible();
  const variant = await readFile(path.join(studio.pagesDir, 'recarrega-site.yaml'), 'utf8');
  expect(variant).toMatch(/\nmove:\n/);
  expect(variant).toMatch(/\nremove:\n {2}- pagamento\n/);

  // The runtime accepts what the panel wrote: check, then a build whose routes show the order.
  const cli = path.join(ROOT, 'runtime/cli.ts');
  const env = { ...process.env, NODE_ENV: 'production' };
  const check = await run(process.execPath, [...TSX, cli, 'check', '--pages', studio.pagesDir], {
    cwd: ROOT,
    env,
  });
  expect(check.stdout).toContain('páginas válidas');
  const out = path.join(studio.dir, 'dist');
  await run(process.execPath, [...TSX, cli, 'build', '--pages', studio.pagesDir, '--out', out], {
    cwd: ROOT,
    env,
  });
  const builtPage = await readFile(path.join(out, 'recarga/index.html'), 'utf8');
  const ids = ['depoimentos', 'beneficios', 'numeros', 'como-funciona'];
  const at = orderIn(builtPage, ids);
  expect(at.every((x) => x >= 0)).toBe(true);
  expect([...at].sort((a, b) => a - b)).toEqual(at);
  const builtVariant = await readFile(path.join(out, 'recarrega-site/index.html'), 'utf8');
  const variantIds = variantOrder.filter((n) => !['navbar', 'hero', 'footer'].includes(n));
  const positions = orderIn(builtVariant, variantIds);
  expect(positions.every((x) => x >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  expect(builtVariant).not.toContain('id="pagamento"');
});
