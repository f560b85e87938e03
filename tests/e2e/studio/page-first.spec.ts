/**
 * Issue 37.2–37.3, "The page first": the editor opens on the page, editable in place, with the
 * first-time hint "clique num texto para mudar"; the block's form opens beside the page on a click
 * without moving it; the code is one click away and the choice is remembered. On a phone
 * (390 × 844) the page fills the screen with Salvar and Publicar on it and the tabs at the bottom;
 * on a tablet (820 × 1180) taps alone do it. In a variant, a click on a block the variant already
 * changes says so, and no notice moves the page. axe on each. The screenshots of docs/autoria.md §3
 * (ESTUDIO_DOC_SHOTS=1 writes them into docs/estudio/).
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROOT, startStudio, type RunningStudio } from './studio-server.ts';
import { axeOutsideFrames } from '../axe.ts';

test.describe.configure({ mode: 'default' });

let studio: RunningStudio;
const VARIANT = 'pages/agendamento-inverno.yaml';
const VARIANT_SOURCE = `extends: agendamento
title: Recarga de CO2 no inverno | Agende | Fillgás
analytics:
  pageView: agendamento_inverno_page
change:
  hero:
    title: Água com gás em casa o inverno todo.
`;
test.beforeAll(async () => {
  studio = await startStudio();
  await writeFile(path.join(studio.dir, VARIANT), VARIANT_SOURCE);
});
test.afterAll(async () => {
  await studio?.stop();
});
// Each test leaves its page as an author closing the tab does (the tab tells the Estúdio it left)
// and waits until the Estúdio lists nobody on a page. Its context closed while the editor is open,
// the headless shell never sends that word: the tab stayed listed for up to 30 s, and the next
// test's editor on the same page said "Esta página também está aberta: você, em outra aba" in its
// bar (three lines on a phone, 82 px less page).
test.afterEach(async ({ page }) => {
  if (!page.url().startsWith(studio.origin)) return;
  await page.goto(studio.url);
  await expect
    .poll(() =>
      page.evaluate(
        async () => ((await (await fetch('/api/presence')).json()) as { editing: unknown[] }).editing.length,
      ),
    )
    .toBe(0);
});

const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const code = (page: Page) => page.getByRole('textbox', { name: 'Código YAML da página' });
const phoneFrame = (page: Page) => page.locator('iframe[title="Prévia da página: Celular"]');
const hint = (page: Page) => page.getByRole('note').filter({ hasText: 'clique num texto para mudar' });

async function openPage(page: Page, file: string) {
  await page.goto(studio.url);
  await page.goto(`${studio.origin}/#/editar/${encodeURIComponent(file)}`);
  await expect(page.locator('[data-preview-renders]')).not.toHaveAttribute('data-preview-renders', '0', {
    timeout: 60_000,
  });
}

/** The screenshot kept with the test's output, and in docs/estudio/ with ESTUDIO_DOC_SHOTS=1. */
async function shot(page: Page, name: string) {
  const file = test.info().outputPath(name);
  await page.screenshot({ path: file });
  const dir = process.env.ESTUDIO_DOC_SHOTS
    ? path.join(ROOT, 'docs', 'estudio')
    : path.join(ROOT, '.tmp', 'page-first');
  await mkdir(dir, { recursive: true });
  await copyFile(file, path.join(dir, name));
}

async function expectAxeClean(page: Page) {
  // The frames are the site's pages (their own axe tests); CodeMirror's scroller is reached
  // through its editable text (as hosted.spec.ts).
  const axe = await axeOutsideFrames(page, { disableRules: ['scrollable-region-focusable'] });
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** Where the phone frame is on the screen: a notice or a panel opening must not move it. */
const frameBox = async (page: Page) => {
  const box = await phoneFrame(page).boundingBox();
  return box && { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width) };
};

/** A click in the block `selector` of the phone's page, on its padding (no text there). */
async function clickEmptySpace(page: Page, selector: string, how: 'click' | 'tap' = 'click') {
  // (A <fillgas-block> has no box of its own: its first element is the block.)
  const block = page
    .frameLocator('iframe[title="Prévia da página: Celular"]')
    .locator(`${selector} > :visible`)
    .first();
  const box = (await block.boundingBox())!;
  const position = { x: box.width - 6, y: Math.min(box.height - 6, 120) };
  if (how === 'tap') await block.tap({ position, force: true });
  else await block.click({ position, force: true });
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('opens on the page with the hint; a click opens the form beside it without moving it; the code is remembered', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openPage(page, 'pages/agendamento.yaml');
    await expect(tab(page, 'Página')).toHaveAttribute('aria-selected', 'true');
    await expect(code(page)).toBeHidden();
    await expect(phoneFrame(page)).toBeVisible();
    await expect(hint(page)).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Editar como' }).getByRole('tab')).toHaveText([
      'Página',
      'Código',
      'Formulário do bloco',
      'Estrutura',
    ]);
    await expectAxeClean(page);
    await shot(page, 'editor-pagina-1280.png');

    // A click on a block (not on a text): its form beside the page, which stays where it was.
    const before = await frameBox(page);
    await clickEmptySpace(page, 'fillgas-block[data-index="1"]');
    await expect(tab(page, 'Formulário do bloco')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Formulário do bloco' })).toBeVisible();
    expect(await frameBox(page)).toEqual(before);
    await expectAxeClean(page);
    await shot(page, 'editor-formulario-1280.png');

    // The tabs by keyboard, the focus visible.
    await tab(page, 'Formulário do bloco').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Estrutura')).toBeFocused();
    await expect(tab(page, 'Estrutura')).toHaveAttribute('aria-selected', 'true');
    const outline = await tab(page, 'Estrutura').evaluate((el) => getComputedStyle(el).outlineWidth);
    expect(outline).toBe('3px');
    await page.keyboard.press('Home');
    await expect(tab(page, 'Página')).toBeFocused();

    // Código, chosen: remembered for the next page opened.
    await tab(page, 'Código').click();
    await expect(code(page)).toBeVisible();
    await openPage(page, 'pages/recarga.yaml');
    await expect(tab(page, 'Código')).toHaveAttribute('aria-selected', 'true');
    await expect(code(page)).toBeVisible();
    // The hint goes when dismissed, for good.
    await hint(page).getByRole('button', { name: 'Entendi' }).click();
    await expect(hint(page)).toHaveCount(0);
    await openPage(page, 'pages/agendamento.yaml');
    await expect(code(page)).toBeVisible();
    await expect(hint(page)).toHaveCount(0);
  });

  test('typing on the page takes the hint away; problems are counted on Código and lead there', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // (Another page than the screenshots': this one is saved.)
    await openPage(page, 'pages/sodastream-t.yaml');
    await expect(hint(page)).toBeVisible();
    const title = page.frameLocator('iframe[title="Prévia da página: Celular"]').locator('fillgas-block h1');
    await title.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' já');
    await expect(hint(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Salvar', exact: true })).toBeEnabled();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+s');
    await expect(page.getByText(/Salvo às/)).toBeVisible();
    await openPage(page, 'pages/sodastream-t.yaml');
    await expect(hint(page)).toHaveCount(0);

    // A problem made in the code, with the page alone on screen: counted on the Código tab.
    await tab(page, 'Código').click();
    await page
      .locator('.cm-line', { hasText: /^title: / })
      .first()
      .click({ position: { x: 1, y: 8 } });
    await page.keyboard.type('x');
    await expect(page.getByRole('region', { name: 'Problemas da página' })).toContainText('"xtitle"');
    await tab(page, 'Página').click();
    await expect(tab(page, 'Código')).toHaveAccessibleName(/^Código \d+ problemas?$/);
    // From another panel, a problem of the list leads to its place in the code.
    await tab(page, 'Estrutura').click();
    const problems = page.getByRole('region', { name: 'Problemas da página' });
    await problems.getByRole('button').filter({ hasText: 'xtitle' }).first().click();
    await expect(tab(page, 'Código')).toHaveAttribute('aria-selected', 'true');
    await expect(code(page)).toBeFocused();
  });

  test('in a variant, a block it already changes says so; no notice moves the page', async ({ page }) => {
    test.setTimeout(120_000);
    await openPage(page, VARIANT);
    await expect(tab(page, 'Página')).toHaveAttribute('aria-selected', 'true');
    await shot(page, 'editor-variante-1280.png');
    const before = await frameBox(page);
    await clickEmptySpace(page, 'fillgas-block[data-index="1"]');
    const notice = page.locator('[data-inherited-notice]');
    await expect(notice).toContainText('já foi mudado nesta variante');
    await expect(notice).not.toContainText('a variante o herda');
    expect(await frameBox(page)).toEqual(before);
    // Its change form is what opened beside the page.
    const form = page.getByRole('region', { name: 'Formulário do bloco' });
    await expect(form).toBeVisible();
    await expect(form.getByRole('textbox', { name: /Título/ }).first()).toHaveValue(
      'Água com gás em casa o inverno todo.',
    );
    await expectAxeClean(page);
    await shot(page, 'editor-variante-mudado-1280.png');

    // A block it only inherits: the offer to change it, and what it wrote shown in the form.
    await clickEmptySpace(page, 'fillgas-block[data-index="2"]');
    await expect(notice).toContainText('a variante o herda');
    expect(await frameBox(page)).toEqual(before);
    await page.getByRole('button', { name: 'Mudar este bloco nesta variante' }).click();
    await expect(tab(page, 'Formulário do bloco')).toHaveAttribute('aria-selected', 'true');
    await expect(form).toContainText('Herdado de pages/agendamento.yaml');
    await tab(page, 'Código').click();
    await expect(code(page)).toContainText('change:');
    expect(await readFile(path.join(studio.dir, VARIANT), 'utf8')).toBe(VARIANT_SOURCE);
  });
});

test.describe('on a phone, 390 × 844, by touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the page first, Salvar and Publicar on screen, the code one tap away', async ({ page }) => {
    test.setTimeout(120_000);
    // The phone frame's height on screen from the first layout the editor draws with it on, and at
    // each change since.
    await page.addInitScript(() => {
      const heights: number[] = [];
      Object.assign(window, { phoneFrameHeights: heights });
      const resized = new ResizeObserver(([entry]) =>
        heights.push(entry!.target.getBoundingClientRect().height),
      );
      const found = new MutationObserver(() => {
        const frame = document.querySelector('iframe[title="Prévia da página: Celular"]');
        if (!frame) return;
        resized.observe(frame);
        found.disconnect();
      });
      found.observe(document, { childList: true, subtree: true });
    });
    await openPage(page, 'pages/agendamento.yaml');
    const onScreen = async (name: string) => {
      const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
    };
    await expect(phoneFrame(page)).toBeVisible();
    await expect(code(page)).toBeHidden();
    await onScreen('Salvar');
    await onScreen('Publicar');
    // The page takes most of the screen, with nothing to scroll past: from its first paint (a frame
    // drawn 0 px high, then sized, was a page growing under the author's eyes), and nothing has
    // moved it since (no one else has this page open).
    await expect(page.locator('[data-presence-others]')).toHaveCount(0);
    const frame = (await phoneFrame(page).boundingBox())!;
    // 453 px of 844 since session 36's 44 px tap targets (the bar's two rows and the preview's
    // toolbar 28 px higher); 481 before.
    expect(frame.height).toBeGreaterThan(450);
    const heights = await page.evaluate(
      () => (window as unknown as { phoneFrameHeights: number[] }).phoneFrameHeights,
    );
    expect(heights.map((height) => Math.round(height))).toEqual([Math.round(frame.height)]);
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeLessThanOrEqual(844);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    const tabs = (await page.getByRole('tablist', { name: 'Editar como' }).boundingBox())!;
    expect(tabs.y + tabs.height).toBeLessThanOrEqual(844);
    await expect(hint(page)).toBeVisible();
    await expectAxeClean(page);
    await shot(page, 'editor-pagina-390.png');

    // A tap on a text, typing: Salvar, still on screen, saves (another page than the screenshots').
    await openPage(page, 'pages/sodastream-t.yaml');
    const title = page.frameLocator('iframe[title="Prévia da página: Celular"]').locator('fillgas-block h1');
    await title.tap();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' hoje');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Salvar', exact: true })).toBeEnabled();
    await onScreen('Salvar');
    await page.getByRole('button', { name: 'Salvar', exact: true }).tap();
    await expect(page.getByText(/Salvo às/)).toBeVisible();

    // The code, one tap away, over the page; Salvar and Publicar still there.
    await tab(page, 'Código').tap();
    await expect(code(page)).toBeVisible();
    expect(await readFile(path.join(studio.pagesDir, 'sodastream-t.yaml'), 'utf8')).toContain(' hoje\n');
    await onScreen('Publicar');
    await shot(page, 'editor-codigo-390.png');
    await tab(page, 'Formulário').tap();
    await expect(page.getByRole('region', { name: 'Formulário do bloco' })).toBeVisible();
    await expectAxeClean(page);
    await tab(page, 'Página').tap();
    await expect(phoneFrame(page)).toBeVisible();
  });

  test('a variant on a phone: a tap on a changed block says so, the page stays put', async ({ page }) => {
    test.setTimeout(120_000);
    await openPage(page, VARIANT);
    const before = await frameBox(page);
    await clickEmptySpace(page, 'fillgas-block[data-index="1"]', 'tap');
    await expect(page.locator('[data-inherited-notice]')).toContainText('já foi mudado nesta variante');
    expect(await frameBox(page)).toEqual(before);
    await shot(page, 'editor-variante-390.png');
    await page.getByRole('button', { name: 'Ver o que mudou' }).tap();
    await expect(page.getByRole('region', { name: 'Formulário do bloco' })).toBeVisible();
  });
});

test.describe('on a tablet, 820 × 1180, by touch', () => {
  test.use({ viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true });

  test('taps alone: a text typed, the form beside, Estrutura, Salvar', async ({ page }) => {
    test.setTimeout(120_000);
    await openPage(page, VARIANT);
    await shot(page, 'editor-variante-820.png');
    const before = await frameBox(page);
    await clickEmptySpace(page, 'fillgas-block[data-index="1"]', 'tap');
    await expect(tab(page, 'Formulário do bloco')).toHaveAttribute('aria-selected', 'true');
    const form = page.getByRole('region', { name: 'Formulário do bloco' });
    await expect(form).toBeVisible();
    const frame = (await phoneFrame(page).boundingBox())!;
    const panel = (await form.boundingBox())!;
    // Beside, not over: the page's 375 px and the form side by side.
    expect(frame.x + frame.width).toBeLessThanOrEqual(panel.x);
    expect(await frameBox(page)).toEqual(before);
    await expectAxeClean(page);
    await shot(page, 'editor-formulario-820.png');
    await tab(page, 'Estrutura').tap();
    await expect(page.getByRole('tabpanel', { name: 'Estrutura' })).toBeVisible();
    await tab(page, 'Página').tap();
    await openPage(page, 'pages/agendamento.yaml');
    await shot(page, 'editor-pagina-820.png');
  });
});
