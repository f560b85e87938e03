/**
 * Excluir a page others link to (Páginas): before deleting, the dialog names the pages whose links
 * go to it, by the server's link check (GET /api/page/links, the check the publish runs), so the
 * broken links the publish then names are no surprise; a page no other links to gets no warning.
 * The delete itself is as before. The dialog at 375 and 1280 px goes to .tmp/h4/ (axe on both).
 */
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROOT, startStudio, type RunningStudio } from './studio-server.ts';
import { axeWholePage } from '../axe.ts';

test.describe.configure({ mode: 'default' });

let studio: RunningStudio;
test.beforeAll(async () => {
  studio = await startStudio();
});
test.afterAll(async () => {
  await studio?.stop();
});

const SHOTS = path.join(ROOT, '.tmp/h4');
const exists = (file: string) =>
  access(path.join(studio.pagesDir, file)).then(
    () => true,
    () => false,
  );

/** Páginas, with its list shown (a table at 1280 px, cards on a phone). */
async function openPages(page: Page) {
  await page.goto(studio.url);
  await expect(page.getByRole('heading', { name: 'Páginas', level: 1 })).toBeVisible();
  await expect(page.locator('[data-file="pages/termos-de-uso.yaml"]')).toBeVisible();
}

test('Excluir names the pages that link to the page; a page nobody links to gets no warning', async ({
  page,
}) => {
  // Two openings of Páginas, three of the server's link checks over the whole site, two deletes,
  // a picture and axe at each width: 7–26 s at load 11–24 here, and CI ran it out of the default
  // 30 s twice as the first test of a loaded run (at the dialog once, inside axe once), while the
  // other worker started its Estúdio and the extra sites were being built. A minute; the
  // Estúdio's other specs of several steps allow two or more.
  test.setTimeout(60_000);
  await mkdir(SHOTS, { recursive: true });
  const linking =
    '6 páginas têm links para /termos-de-uso: /politica-de-reembolso, /recarga, /recarrega-site, /sodastream-f, /sodastream-m e /sodastream-t.';

  for (const width of [375, 1280]) {
    const dialog = page.getByRole('dialog', { name: 'Excluir /termos-de-uso?' });
    await test.step(`${width} px: the dialog names the linking pages`, async () => {
      await page.setViewportSize({ width, height: 800 });
      await openPages(page);
      await page.getByRole('button', { name: 'Excluir /termos-de-uso' }).click();
      const warning = dialog.getByRole('alert');
      await expect(warning).toHaveText(
        `${linking} Depois de apagar, esses links ficam quebrados e a publicação vai pedir que você os troque.`,
      );
      // Nothing wider than the screen, and the buttons where a thumb finds them.
      const box = (await dialog.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await expect(dialog.getByRole('button', { name: 'Excluir' })).toBeInViewport();
    });
    await test.step(`${width} px: picture and axe`, async () => {
      await page.screenshot({ path: path.join(SHOTS, `apagar-links-${width}.png`) });
      const axe = await axeWholePage(page, { include: 'dialog[open]' });
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    });
    await test.step(`${width} px: ${width === 375 ? 'Cancelar' : 'Excluir'}`, async () => {
      if (width === 375) await dialog.getByRole('button', { name: 'Cancelar' }).click();
      else {
        // The delete is as it was: the file goes, the list follows.
        await dialog.getByRole('button', { name: 'Excluir' }).click();
        await expect(dialog).toBeHidden();
        await expect(page.locator('[data-file="pages/termos-de-uso.yaml"]')).toHaveCount(0);
        expect(await exists('termos-de-uso.yaml')).toBe(false);
      }
    });
  }

  // /recarga: no page links to it. The site now has broken links (to /termos-de-uso): the pages'
  // links are still read, and none goes to /recarga.
  const checked = page.waitForResponse((r) => r.url().includes('/api/page/links?file=pages%2Frecarga.yaml'));
  await page.getByRole('button', { name: 'Excluir /recarga' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir /recarga?' });
  await expect(dialog).toBeVisible();
  expect(((await (await checked).json()) as { linking: unknown[] }).linking).toEqual([]);
  // The Estúdio has drawn that answer (Páginas marks it in the same render): only then does "no
  // warning" say anything; before, the dialog shows none while the check runs.
  await expect(page.locator('main[data-links-checked]')).toHaveAttribute(
    'data-links-checked',
    'pages/recarga.yaml',
  );
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog).not.toContainText('têm links');
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await expect(dialog).toBeHidden();
  expect(await exists('recarga.yaml')).toBe(false);
});
