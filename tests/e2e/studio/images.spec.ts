/**
 * Image upload as a marketer meets it, on a copy of pages/ and public/: in the hero's form,
 * "Enviar imagem" with a photo from the computer ("Foto da Loja.png") puts its thumbnail in the
 * grid, chosen, and writes src, width and height into the source as one undoable step; an SVG
 * with a script is refused with the server's Portuguese reason beside the button, and nothing
 * is written. The form with the picker passes axe.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { startStudio, type RunningStudio } from './studio-server.ts';
import { axeWholePage } from '../axe.ts';

let studio: RunningStudio;
test.beforeAll(async () => {
  studio = await startStudio(0, { copyPublic: true });
});
test.afterAll(async () => {
  await studio?.stop();
});

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Código YAML da página' });
const phone = (page: Page) => page.frameLocator('iframe[title="Prévia da página: Celular"]');

test('upload a photo into the hero, see it chosen and written; an SVG with a script is refused', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.goto(studio.url);
  await page.goto(`${studio.origin}/#/editar/${encodeURIComponent('pages/agendamento.yaml')}`);
  await expect(page.locator('[data-preview-renders]')).not.toHaveAttribute('data-preview-renders', '0', {
    timeout: 60_000,
  });
  // The editor opens on the page (issue 37): these tests type YAML, in the Código tab.
  await page.getByRole('tab', { name: 'Código' }).click();
  await editorOf(page).getByText('- type: hero').first().click();
  await page.getByRole('tab', { name: 'Formulário do bloco' }).click();
  const form = page.getByRole('region', { name: 'Formulário do bloco' });

  // The grid of public/images/, the hero's drawing marked as the current one.
  const grid = form.getByRole('list', { name: /^Imagens de public\/images\// }).first();
  await expect(grid.getByRole('button', { name: /troca-na-porta\.svg/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(grid.getByRole('button', { name: /cilindro\.svg 240 × 320/ })).toBeVisible();

  // A photo from the computer, its name as the camera or the author left it.
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0ea5c6' } })
    .png()
    .toBuffer();
  const fileInput = form.locator('input[type=file]').first();
  await expect(fileInput).toHaveAttribute('accept', '.png,.jpg,.jpeg,.webp,.avif,.svg');
  await fileInput.setInputFiles({ name: 'Foto da Loja.png', mimeType: 'image/png', buffer: photo });
  await expect(form.getByRole('status')).toContainText(
    'Imagem enviada e escolhida: /images/foto-da-loja.png (640 × 480 pixels).',
  );
  const thumb = grid.getByRole('button', { name: /foto-da-loja\.png 640 × 480/ });
  await expect(thumb).toHaveAttribute('aria-pressed', 'true');
  await expect(thumb.getByRole('img', { name: 'foto-da-loja.png' })).toBeVisible();
  // Thumbnails load lazily: the image group is further down the form.
  await thumb.scrollIntoViewIfNeeded();
  await expect
    .poll(() => thumb.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(640);
  expect(await readFile(path.join(studio.publicDir, 'images/foto-da-loja.png'))).toEqual(photo);
  // The form shows what the source now says; the preview shows the photo.
  await expect(form.getByRole('textbox', { name: /^Arquivo da imagem/ }).first()).toHaveValue(
    '/images/foto-da-loja.png',
  );
  await expect(phone(page).locator('img[src^="/images/foto-da-loja-"]').first()).toBeAttached();

  await page.getByRole('tab', { name: 'Código' }).click();
  const source = editorOf(page);
  await expect(source).toContainText('src: /images/foto-da-loja.png');
  await expect(source).toContainText('width: 640');
  await expect(source).toContainText('height: 480');
  await expect(source).not.toContainText('troca-na-porta.svg');
  // src, width and height were one edit: one Ctrl+Z takes all three back.
  await source.click();
  await page.keyboard.press('Control+z');
  await expect(source).toContainText('src: /images/troca-na-porta.svg');
  await expect(source).toContainText('width: 560');
  await expect(source).toContainText('height: 440');
  await page.keyboard.press('Control+Shift+z');
  await expect(source).toContainText('src: /images/foto-da-loja.png');

  // An SVG with a script: the server's reason beside the button, nothing written.
  await page.getByRole('tab', { name: 'Formulário do bloco' }).click();
  const before = await readdir(path.join(studio.publicDir, 'images'));
  const text = await page.evaluate(() =>
    document.querySelector<HTMLElement>('.cm-content')!.innerText.replace(/\s+/g, ' '),
  );
  await form
    .locator('input[type=file]')
    .first()
    .setInputFiles({
      name: 'selo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
    });
  const alert = form.getByRole('alert');
  await expect(alert).toHaveText('O SVG foi recusado porque tem <script> (código que roda no navegador).');
  expect(await readdir(path.join(studio.publicDir, 'images'))).toEqual(before);
  // The form with its thumbnails, the refusal and the buttons passes axe.
  const axe = await axeWholePage(page, { include: 'section[aria-label="Formulário do bloco"]' });
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  await expect(form.getByRole('textbox', { name: /^Arquivo da imagem/ }).first()).toHaveValue(
    '/images/foto-da-loja.png',
  );
  expect(
    await page.evaluate(() =>
      document.querySelector<HTMLElement>('.cm-content')!.innerText.replace(/\s+/g, ' '),
    ),
  ).toBe(text);

  // Choosing an existing drawing from the grid writes its size too.
  await grid.getByRole('button', { name: /cilindro\.svg/ }).click();
  await expect(form.getByRole('textbox', { name: /^Arquivo da imagem/ }).first()).toHaveValue(
    '/images/cilindro.svg',
  );
  await expect(form.getByRole('spinbutton', { name: /^Largura natural/ }).first()).toHaveValue('240');
  await expect(form.getByRole('spinbutton', { name: /^Altura natural/ }).first()).toHaveValue('320');
});
