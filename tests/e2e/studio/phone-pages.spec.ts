/**
 * Páginas and the dialogs on a phone (issue 37, point 3), with touch alone: at 390 × 844 the
 * list fits the screen (nothing scrolls sideways) and every action is tapped: open, new page,
 * new variant (created and opened), duplicate, delete, Publicar. Every dialog's buttons are inside
 * the visible area, also with the on-screen keyboard up (the visible area shrunk to 390 × 508, as
 * a phone's keyboard leaves it). At 1280 px Páginas stays a table, and its rows
 * stay put while the rest of it loads (a press on a row is not lost). Axe on both; screenshots of
 * Páginas and the new-variant dialog at 390, 820 and 1280 px go to .tmp/phone-pages/ (to
 * docs/estudio/ with ESTUDIO_DOC_SHOTS=1, as the other docs pictures: a test run leaves the
 * repository's pictures alone).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ROOT, startStudio, type RunningStudio } from './studio-server.ts';
import { axeWholePage } from '../axe.ts';

// All of this file's tests on one Estúdio, one after the other: split between the two workers,
// each would start its own (about 5 s of CPU on a 2-core machine that the suite keeps busy).
test.describe.configure({ mode: 'default' });

let studio: RunningStudio;
test.beforeAll(async () => {
  studio = await startStudio();
});
test.afterAll(async () => {
  await studio?.stop();
});

const PHONE = { width: 390, height: 844 };
/** What a phone's keyboard leaves of 844 px (a typical 336 px keyboard). */
const KEYBOARD_UP = { width: 390, height: 508 };
const SHOTS = path.join(ROOT, process.env.ESTUDIO_DOC_SHOTS ? 'docs/estudio' : '.tmp/phone-pages');

async function axe(page: Page) {
  const results = await axeWholePage(page);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** Nothing on the page is wider than the screen: no sideways scrolling. */
async function fitsSideways(page: Page) {
  const { scroll, client, visible } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    visible: window.visualViewport!.width,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
  // A phone zooms out to show a layout wider than the screen: the visible width would grow.
  expect(visible).toBe(page.viewportSize()!.width);
}

/** The element lies wholly inside the part of the screen the visitor sees (the visual viewport). */
async function onScreen(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  const visible = await locator.page().evaluate(() => ({
    width: window.visualViewport!.width,
    height: window.visualViewport!.height,
  }));
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(visible.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(visible.height + 0.5);
}

/** Every button of the open dialog on screen, at full height and with the keyboard up. */
async function buttonsOnScreen(page: Page, dialog: Locator) {
  for (const size of [PHONE, KEYBOARD_UP]) {
    await page.setViewportSize(size);
    const buttons = dialog.getByRole('button');
    await expect(buttons.first()).toBeVisible();
    for (const button of await buttons.all()) await onScreen(button);
  }
  await page.setViewportSize(PHONE);
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('Páginas fits the screen; every action and every dialog button is reached by touch', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.goto(studio.url);
    await expect(page.getByRole('heading', { name: 'Páginas', level: 1 })).toBeVisible();
    const list = page.getByRole('list', { name: 'Lista de páginas' });
    const card = list.locator('li[data-file="pages/agendamento.yaml"]');
    await expect(card).toContainText('/agendamento');
    await fitsSideways(page);
    await axe(page);
    // Every action of a page is a tap target inside the screen's width.
    for (const name of ['Abrir', 'Histórico de', 'Nova variante de', 'Duplicar', 'Excluir']) {
      const target = card.getByRole(name === 'Histórico de' ? 'link' : 'button', {
        name: `${name} /agendamento`,
        exact: true,
      });
      await target.scrollIntoViewIfNeeded();
      const box = (await target.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, 'paginas-390.png') });

    // A new variant: the dialog's buttons on screen with and without the keyboard, then created.
    await card.getByRole('button', { name: 'Nova variante de /agendamento' }).tap();
    let dialog = page.getByRole('dialog', { name: 'Nova variante de /agendamento' });
    await expect(dialog.getByLabel('Endereço da nova página')).toBeFocused();
    await buttonsOnScreen(page, dialog);
    await page.screenshot({ path: path.join(SHOTS, 'nova-variante-390.png') });
    await page.setViewportSize(KEYBOARD_UP);
    await dialog.getByLabel('Endereço da nova página').fill('agendamento-celular');
    await onScreen(dialog.getByRole('button', { name: 'Criar e abrir' }));
    await axe(page);
    await page.screenshot({ path: path.join(SHOTS, 'nova-variante-390-teclado.png') });
    await dialog.getByRole('button', { name: 'Criar e abrir' }).tap();
    await expect(page.getByRole('heading', { name: '/agendamento-celular' })).toBeVisible();
    await page.setViewportSize(PHONE);

    // Back to Páginas: the new variant is listed; duplicate, new page and Publicar open and close.
    await page.goto(studio.url);
    const variant = list.locator('li[data-file="pages/agendamento-celular.yaml"]');
    await expect(variant).toContainText('variante de /agendamento');
    await fitsSideways(page);

    await variant.getByRole('button', { name: 'Duplicar /agendamento-celular' }).tap();
    dialog = page.getByRole('dialog', { name: 'Duplicar /agendamento-celular' });
    await buttonsOnScreen(page, dialog);
    await dialog.getByRole('button', { name: 'Cancelar' }).tap();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Nova página' }).tap();
    dialog = page.getByRole('dialog', { name: 'Nova página' });
    await buttonsOnScreen(page, dialog);
    await dialog.getByRole('button', { name: 'Cancelar' }).tap();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: /^Publicar/ }).tap();
    dialog = page.getByRole('dialog', { name: 'Publicar no site' });
    await expect(dialog.getByRole('button').last()).toBeVisible();
    await buttonsOnScreen(page, dialog);
    await dialog.getByRole('button').last().tap();
    await expect(dialog).toBeHidden();

    // Open by touch, then delete the variant by touch.
    await variant.getByRole('button', { name: 'Abrir /agendamento-celular' }).tap();
    await expect(page.getByRole('heading', { name: '/agendamento-celular' })).toBeVisible();
    await page.goto(studio.url);
    await variant.getByRole('button', { name: 'Excluir /agendamento-celular' }).tap();
    dialog = page.getByRole('dialog', { name: 'Excluir /agendamento-celular?' });
    await buttonsOnScreen(page, dialog);
    await dialog.getByRole('button', { name: 'Excluir' }).tap();
    await expect(variant).toHaveCount(0);
    await fitsSideways(page);
  });

  test('a dialog taller than the screen scrolls inside and keeps its buttons in sight', async ({ page }) => {
    await page.goto(studio.url);
    await page.getByRole('button', { name: 'Nova variante de /agendamento' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Nova variante de /agendamento' });
    await expect(dialog).toBeVisible();
    // Make its text much longer than the screen (as a long list in Publicar would be).
    await dialog
      .locator('p')
      .first()
      .evaluate((p) => {
        p.textContent = `${p.textContent} `.repeat(40);
      });
    await buttonsOnScreen(page, dialog);
    const scrolls = await dialog.evaluate((d) => d.scrollHeight > d.clientHeight);
    expect(scrolls).toBe(true);
  });
  test('the conflict dialog: both versions one under the other, its buttons on screen', async ({ page }) => {
    test.setTimeout(120_000);
    const file = path.join(studio.pagesDir, 'recarga.yaml');
    await page.goto(studio.url);
    await page.goto(`${studio.origin}/#/editar/${encodeURIComponent('pages/recarga.yaml')}`);
    await expect(page.locator('[data-preview-renders]')).not.toHaveAttribute('data-preview-renders', '0', {
      timeout: 60_000,
    });
    // Someone else saves the file meanwhile; this phone's author changes the title in the code.
    await writeFile(file, (await readFile(file, 'utf8')).replace(/^title: .*$/m, 'title: Outra pessoa'));
    await page.getByRole('tab', { name: 'Código' }).tap();
    await page
      .locator('.cm-line', { hasText: /^title: / })
      .first()
      .tap();
    await page.keyboard.press('End');
    await page.keyboard.type(' no celular');
    await page.getByRole('button', { name: 'Salvar', exact: true }).tap();
    const dialog = page.getByRole('dialog', { name: 'Este arquivo mudou desde que você o abriu' });
    await expect(dialog.getByLabel('A versão salva no disco')).toHaveValue(/title: Outra pessoa/);
    await buttonsOnScreen(page, dialog);
    await fitsSideways(page);
    const mine = (await dialog.getByLabel('A sua versão (no editor)').boundingBox())!;
    const theirs = (await dialog.getByLabel('A versão salva no disco').boundingBox())!;
    expect(theirs.y).toBeGreaterThan(mine.y + mine.height);
    await page.screenshot({ path: test.info().outputPath('conflito-390.png') });
    await dialog.getByRole('button', { name: 'Cancelar' }).tap();
    await expect(dialog).toBeHidden();
  });
});

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true });

  test('Páginas and the new-variant dialog', async ({ page }) => {
    await page.goto(studio.url);
    await expect(page.locator('[data-file="pages/agendamento.yaml"]')).toContainText('/agendamento');
    await fitsSideways(page);
    await axe(page);
    await page.screenshot({ path: path.join(SHOTS, 'paginas-820.png') });
    await page.getByRole('button', { name: 'Nova variante de /agendamento' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Nova variante de /agendamento' });
    // Near the top on a touch screen, and with a tablet's keyboard up (about 400 px).
    expect((await dialog.boundingBox())!.y).toBeLessThan(100);
    for (const button of await dialog.getByRole('button').all()) await onScreen(button);
    await page.screenshot({ path: path.join(SHOTS, 'nova-variante-820.png') });
    await page.setViewportSize({ width: 820, height: 780 });
    for (const button of await dialog.getByRole('button').all()) await onScreen(button);
  });
});

test.describe('on a laptop', () => {
  test('the rows stay where they are while Páginas loads: a press on a row is not lost', async ({ page }) => {
    // The site's answer (its provisional data: a warning about 200 px tall above the list) comes
    // late, after the pages'. Every position the row's button takes on screen, from its first
    // frame, is written down: a list drawn before the warning jumped down under the pointer, and
    // a press begun on /agendamento's Nova variante ended on /'s (the click lost, CI's flake).
    await page.addInitScript(() => {
      const seen: number[] = [];
      (window as unknown as { seenTops: number[] }).seenTops = seen;
      const watch = () => {
        const button = document.querySelector('button[aria-label="Nova variante de /agendamento"]');
        const top = button && Math.round(button.getBoundingClientRect().top);
        if (top !== null && top !== seen.at(-1)) seen.push(top);
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    let answerSite!: () => void;
    const siteHeld = new Promise<void>((resolve) => (answerSite = resolve));
    await page.route('**/api/site', async (route) => {
      await siteHeld;
      await route.continue();
    });
    const othersAnswered = Promise.all(
      ['**/api/pages', '**/api/eu', '**/api/history/deleted'].map((url) => page.waitForResponse(url)),
    );
    await page.goto(studio.url);
    await othersAnswered;
    answerSite();
    const button = page.getByRole('button', { name: 'Nova variante de /agendamento', exact: true });
    await expect(page.getByText('Dados provisórios no site')).toBeVisible();
    await expect(button).toBeVisible();
    // A person's press: down, a moment, up, on the spot where the button was when it began.
    const box = (await button.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.waitForLoadState('networkidle');
    await page.mouse.up();
    await expect(page.getByRole('dialog', { name: 'Nova variante de /agendamento' })).toBeVisible();
    const tops = await page.evaluate(() => (window as unknown as { seenTops: number[] }).seenTops);
    expect(tops, 'the button moved on screen while Páginas loaded').toHaveLength(1);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('Páginas stays a table; the new-variant dialog', async ({ page }) => {
    await page.goto(studio.url);
    const row = page.locator('tr[data-file="pages/agendamento.yaml"]');
    await expect(row).toContainText('/agendamento');
    await expect(page.getByRole('columnheader', { name: 'Endereço' })).toBeVisible();
    await fitsSideways(page);
    await page.screenshot({ path: path.join(SHOTS, 'paginas-1280.png') });
    await row.getByRole('button', { name: 'Nova variante de /agendamento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova variante de /agendamento' });
    for (const button of await dialog.getByRole('button').all()) await onScreen(button);
    await axe(page);
    await page.screenshot({ path: path.join(SHOTS, 'nova-variante-1280.png') });
  });
});
