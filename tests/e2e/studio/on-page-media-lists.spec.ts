/**
 * Issue 37.1, on the page beyond texts: an image clicked in the preview is replaced with the image
 * picker (its alt text too); a button's target is changed in the small panel under its label
 * (checked as the loader checks it, Enter applies); an FAQ question is added, moved and removed
 * with the controls beside it. On /agendamento the YAML list changes; in a variant of it the base
 * file stays byte-identical and `npm run check` passes on the result. On a phone (390 × 844, touch)
 * the controls are tapped. Screenshots of the controls at 390 and 1280 px under .tmp/on-page/.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { ROOT, startStudio, TSX, type RunningStudio } from './studio-server.ts';
import { draftSource } from './draft-text.ts';

test.describe.configure({ mode: 'default' });

let studio: RunningStudio;
test.beforeAll(async () => {
  studio = await startStudio();
});
test.afterAll(async () => {
  await studio?.stop();
});

const frameOf = (page: Page, label: 'Celular' | 'Computador' = 'Celular') =>
  page.frameLocator(`iframe[title="Prévia da página: ${label}"]`);

async function openPage(page: Page, file: string) {
  await page.goto(studio.url);
  await page.goto(`${studio.origin}/#/editar/${encodeURIComponent(file)}`);
  await expect(page.locator('[data-preview-renders]')).not.toHaveAttribute('data-preview-renders', '0', {
    timeout: 60_000,
  });
}

/** The editor's whole text while it differs from what is saved (the draft the Estúdio keeps). */
const unsaved = (page: Page, file: string) => draftSource(page, file);

type Faq = { id?: string; type: string; items?: { question: string }[] | Record<string, unknown> };
const questions = async (page: Page, file: string): Promise<string[] | undefined> => {
  const source = await unsaved(page, file);
  if (source === null) return undefined;
  const data = parse(source) as { blocks?: Faq[] };
  const faq = data.blocks?.find((b) => b.id === 'duvidas');
  return Array.isArray(faq?.items) ? faq.items.map((i) => i.question) : undefined;
};

async function shot(page: Page, name: string, take: (file: string) => Promise<unknown>) {
  const file = test.info().outputPath(name);
  await take(file);
  const dir = path.join(ROOT, '.tmp', 'on-page');
  await mkdir(dir, { recursive: true });
  await copyFile(file, path.join(dir, name));
}

const Q1 = 'Quanto custa a recarga?';
const Q2 = 'Como funciona a troca do cilindro?';
const Q3 = 'Vocês aceitam cilindros de outras marcas?';

test('on /agendamento: an image, a button target and FAQ questions changed on the page', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const FILE = 'pages/agendamento.yaml';
  await openPage(page, FILE);
  const frame = frameOf(page);

  // The hero's image: a click opens the picker; another image and an alt text are written.
  const heroImage = frame.locator('fillgas-block').nth(1).locator('[data-estudio-image]').first();
  await heroImage.click();
  const dialog = page.getByRole('dialog', { name: 'Trocar imagem' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /^cilindro\.svg/ }).click();
  await dialog.getByLabel('Texto alternativo').fill('Um cilindro de CO2 cheio');
  await expect
    .poll(async () => (parse((await unsaved(page, FILE)) ?? '{}') as { blocks: Faq[] }).blocks?.[1])
    .toMatchObject({ type: 'hero', image: { src: '/images/cilindro.svg', alt: 'Um cilindro de CO2 cheio' } });
  await dialog.getByRole('button', { name: 'Pronto' }).click();
  await expect(dialog).toBeHidden();

  // A button's target: the panel under "Como funciona"; an unsafe address is refused in words,
  // Enter applies a good one.
  const label = frame.getByText('Como funciona', { exact: true }).first();
  await expect(label).toHaveAttribute('data-estudio-text', '');
  await label.click();
  const address = frame.getByRole('textbox', { name: 'Endereço' });
  await expect(address).toBeVisible();
  await expect(address).toHaveValue('#como-funciona');
  // From the label being edited, Tab goes to the panel.
  await page.keyboard.press('Tab');
  await expect(frame.getByRole('combobox', { name: 'O que o botão faz' })).toBeFocused();
  await address.fill('javascript:alert(1)');
  await address.press('Enter');
  await expect(frame.getByRole('alert')).toContainText('Endereço inseguro');
  await address.fill('/recarga');
  await address.press('Enter');
  await expect(address).toBeHidden();
  await expect
    .poll(async () => (parse((await unsaved(page, FILE)) ?? '{}') as { blocks: Faq[] }).blocks?.[1])
    .toMatchObject({ secondaryCta: { action: 'link', href: '/recarga' } });

  // FAQ: the second question moved up, then a copy added after it, then the copy removed.
  await frame.locator('#duvidas').getByText(Q2, { exact: true }).click();
  const toolbar = frame.getByRole('toolbar', { name: 'Item 2 de 9 da lista' });
  await expect(toolbar).toBeVisible();
  await shot(page, 'controles-1280.png', (file) => page.screenshot({ path: file }));
  await toolbar.getByRole('button', { name: 'Mover para cima' }).click();
  await expect.poll(async () => (await questions(page, FILE))?.slice(0, 3)).toEqual([Q2, Q1, Q3]);
  // The controls follow the question to its new place.
  const moved = frame.getByRole('toolbar', { name: 'Item 1 de 9 da lista' });
  await expect(moved).toBeVisible();
  await expect(moved.getByRole('button', { name: 'Mover para cima' })).toBeDisabled();
  await moved.getByRole('button', { name: 'Adicionar depois' }).click();
  await expect.poll(async () => (await questions(page, FILE))?.length).toBe(10);
  expect((await questions(page, FILE))!.slice(0, 3)).toEqual([Q2, Q2, Q1]);
  const copy = frame.getByRole('toolbar', { name: 'Item 2 de 10 da lista' });
  await expect(copy).toBeVisible();
  // Esc closes the controls.
  await copy.getByRole('button', { name: 'Mover para baixo' }).focus();
  await page.keyboard.press('Escape');
  await expect(frame.getByRole('toolbar')).toBeHidden();
  // The keyboard: the buttons are buttons (Enter on the focused one); a removed item's controls go.
  await frame.locator('#duvidas').getByText(Q2, { exact: true }).nth(1).click();
  await frame
    .getByRole('toolbar', { name: 'Item 2 de 10 da lista' })
    .getByRole('button', { name: 'Remover' })
    .focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await questions(page, FILE))?.length).toBe(9);
  expect((await questions(page, FILE))!.slice(0, 3)).toEqual([Q2, Q1, Q3]);
  await expect(frame.getByRole('toolbar')).toBeHidden();
});

test('in a variant of /agendamento: the smallest change:, the base untouched, check passes', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const FILE = 'pages/agendamento-midia.yaml';
  const variantPath = path.join(studio.pagesDir, 'agendamento-midia.yaml');
  await writeFile(variantPath, 'extends: agendamento\n');
  const basePath = path.join(studio.pagesDir, 'agendamento.yaml');
  const base = await readFile(basePath, 'utf8');
  await openPage(page, FILE);
  const frame = frameOf(page);

  // An inherited question taken out: `3: null`.
  await frame.locator('#duvidas').getByText(Q3, { exact: true }).click();
  await frame
    .getByRole('toolbar', { name: 'Item 3 de 9 da lista' })
    .getByRole('button', { name: 'Remover' })
    .click();
  await expect
    .poll(() => unsaved(page, FILE))
    .toBe('extends: agendamento\nchange:\n  duvidas:\n    items:\n      3: null\n');
  await expect(frame.locator('#duvidas').getByText(Q3, { exact: true })).toHaveCount(0);

  // Moved: the list is written whole under change: (decision 0037 has no move), as the page shows it.
  await frame.locator('#duvidas').getByText(Q2, { exact: true }).click();
  await frame
    .getByRole('toolbar', { name: 'Item 2 de 8 da lista' })
    .getByRole('button', { name: 'Mover para cima' })
    .click();
  await expect
    .poll(async () => {
      const data = parse((await unsaved(page, FILE)) ?? '{}') as { change?: { duvidas?: Faq } };
      const items = data.change?.duvidas?.items;
      return Array.isArray(items) ? items.slice(0, 3).map((i) => i.question) : undefined;
    })
    .toEqual([Q2, Q1, 'Quais regiões vocês atendem?']);

  // The hero's image, in the variant's change:.
  await frame.locator('fillgas-block').nth(1).locator('[data-estudio-image]').first().click();
  const dialog = page.getByRole('dialog', { name: 'Trocar imagem' });
  await dialog.getByRole('button', { name: /^cilindro\.svg/ }).click();
  await expect
    .poll(
      async () =>
        (parse((await unsaved(page, FILE)) ?? '{}') as { change?: { hero?: unknown } }).change?.hero,
    )
    .toMatchObject({ image: { src: '/images/cilindro.svg' } });
  await dialog.getByRole('button', { name: 'Pronto' }).click();

  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText(/Salvo às/)).toBeVisible();
  expect(await readFile(basePath, 'utf8')).toBe(base);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...TSX, 'runtime/cli.ts', 'check', '--pages', studio.pagesDir],
    { cwd: ROOT },
  );
  expect(stdout).not.toMatch(/erro/i);
});

test('on a phone (390 × 844, touch): an FAQ question moved down by tapping', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  const FILE = 'pages/agendamento.yaml';
  await openPage(page, FILE);
  const frame = frameOf(page);
  const question = frame.locator('#duvidas').getByText(Q1, { exact: true });
  await question.scrollIntoViewIfNeeded();
  const before = await question.boundingBox();
  await question.tap();
  const toolbar = frame.getByRole('toolbar', { name: 'Item 1 de 9 da lista' });
  await expect(toolbar)
    .toBeVisible()
    .catch(async (error: unknown) => {
      // Failed once in CI (2026-11-29, passed on its retry), never in 26 runs here under load: what
      // the screen showed then, for the next one to read (a tap that landed beside a question that
      // moved, or controls shown and taken away).
      const seen = {
        question: { before, after: await question.boundingBox({ timeout: 5_000 }).catch(() => null) },
        renders: await page.locator('[data-preview-renders]').getAttribute('data-preview-renders'),
        othersNotice: await page.locator('[data-presence-others]').count(),
        frame: await frame
          .locator('body')
          .evaluate(() => {
            const panel = document.getElementById('estudio-painel');
            return {
              panel: panel && {
                hidden: panel.hidden,
                item: panel.querySelector('[role="toolbar"]')?.getAttribute('aria-label'),
              },
              editing: document.querySelector('[data-estudio-editing]')?.textContent ?? null,
              focused: document.activeElement?.outerHTML.slice(0, 160) ?? null,
              scrollY,
              innerHeight,
              laidOut: document.documentElement.classList.contains('laid-out'),
            };
          })
          .catch((e: unknown) => String(e)),
      };
      console.log(`[on-page-media-lists] the tap on the phone: ${JSON.stringify(seen)}`);
      throw error;
    });
  // Touch-sized: at least 44 px on screen.
  const box = await toolbar.getByRole('button', { name: 'Mover para baixo' }).boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(43);
  expect(box!.width).toBeGreaterThanOrEqual(43);
  await shot(page, 'controles-390.png', (file) => page.screenshot({ path: file }));
  await toolbar.getByRole('button', { name: 'Mover para baixo' }).tap();
  await expect.poll(async () => (await questions(page, FILE))?.slice(0, 2)).toEqual([Q2, Q1]);
  await context.close();
});

test('on a tablet (820 × 1180, touch only): a link target changed and an image chosen by tapping', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({
    viewport: { width: 820, height: 1180 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  const FILE = 'pages/agendamento.yaml';
  await openPage(page, FILE);
  const frame = frameOf(page);
  const hero = async () => (parse((await unsaved(page, FILE)) ?? '{}') as { blocks?: Faq[] }).blocks?.[1];
  const label = frame.getByText('Como funciona', { exact: true }).first();
  // (Marked once the preview has taken in its texts: a tap before that only scrolls to #como-funciona.)
  await expect(label).toHaveAttribute('data-estudio-text', '');
  await label.tap();
  const address = frame.getByRole('textbox', { name: 'Endereço' });
  await expect(address).toBeVisible();
  const apply = frame.getByRole('button', { name: 'Aplicar' });
  expect((await apply.boundingBox())!.height).toBeGreaterThanOrEqual(43);
  // (Tapped first, as a finger does: the frame takes the focus from the tap.)
  await address.tap();
  await address.fill('https://fillgas.com.br/recarga');
  await shot(page, 'destino-820.png', (file) => page.screenshot({ path: file }));
  await apply.tap();
  await expect.poll(hero).toMatchObject({ secondaryCta: { href: 'https://fillgas.com.br/recarga' } });
  await frame.locator('fillgas-block').nth(1).locator('[data-estudio-image]').first().tap();
  const dialog = page.getByRole('dialog', { name: 'Trocar imagem' });
  await dialog.getByRole('button', { name: /^cilindro\.svg/ }).tap();
  await expect.poll(hero).toMatchObject({ image: { src: '/images/cilindro.svg' } });
  await context.close();
});
