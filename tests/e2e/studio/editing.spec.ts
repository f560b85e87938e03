/**
 * The editor's smaller promises, each as an author meets it: the cursor in a block outlines it in
 * the preview (at once when a click put it there, after a pause when the keys moved it), a problem in the list takes the cursor to it, a form edit is undone by Ctrl+Z, and
 * unsaved work comes back after the tab is closed. A variant's change form shows what the base
 * page gives and goes back to it, and Ctrl+S saves wherever the focus is (the preview included).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { longPage } from '../../../scripts/long-page.ts';
import { startStudio, type RunningStudio } from './studio-server.ts';

// Both tests on one Estúdio, one after the other: a server's start costs more than the shorter test.
test.describe.configure({ mode: 'default' });

let studio: RunningStudio;
test.beforeAll(async () => {
  studio = await startStudio();
});
test.afterAll(async () => {
  await studio?.stop();
});

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Código YAML da página' });
const phone = (page: Page) => page.frameLocator('iframe[title="Prévia da página: Celular"]');

async function openPage(page: Page, file: string) {
  await page.goto(studio.url);
  await page.goto(`${studio.origin}/#/editar/${encodeURIComponent(file)}`);
  await expect(page.locator('[data-preview-renders]')).not.toHaveAttribute('data-preview-renders', '0', {
    timeout: 60_000,
  });
  // The editor opens on the page (issue 37): these tests type YAML, in the Código tab.
  await page.getByRole('tab', { name: 'Código' }).click();
  // The code's view comes when the code is first shown (code-pane.tsx): it is there, and has drawn
  // itself (its first measure, an animation frame after it opened), before a test stops the clock.
  await expect(editorOf(page)).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

/** Types at the very start of the page's `title:` line (scrolled back into view first). */
async function typeAtTitleStart(page: Page, text: string) {
  await editorOf(page).click();
  await page.keyboard.press('Control+Home');
  await editorOf(page)
    .getByText(/^title: /)
    .first()
    .click({ position: { x: 2, y: 4 } });
  await page.keyboard.type(text);
}

/** The preview's outline is drawn where `block` is (its top within 2 px). */
async function outlinedAt(box: Locator, block: Locator) {
  await expect(async () => {
    const [outline, at] = await Promise.all([box.boundingBox(), block.boundingBox()]);
    expect(Math.abs(outline!.y - at!.y)).toBeLessThan(2);
  }).toPass();
}

test('cursor → outline, problem → cursor, form edit → Ctrl+Z, closed tab → draft', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await openPage(page, 'pages/recarga.yaml');

  // The cursor on a block's line outlines that block in the preview.
  await editorOf(page).getByText('- type: hero').first().click();
  await expect(phone(page).locator('.estudio-box[data-kind=selected]')).toHaveCount(1);

  // A problem: clicking it in the list puts the cursor on its line.
  await typeAtTitleStart(page, 'x');
  const problems = page.getByRole('region', { name: 'Problemas da página' });
  await expect(problems).toContainText('"xtitle"');
  await editorOf(page).getByText('- type: hero').first().click();
  await problems.getByRole('button').first().click();
  await expect(page.locator('.cm-activeLine')).toContainText('xtitle');
  await page.keyboard.press('Control+z');
  await expect(problems).toContainText('Nenhum problema');

  // A form edit is one step of the source's undo.
  await editorOf(page).getByText('- type: hero').first().click();
  await page.getByRole('tab', { name: 'Formulário do bloco' }).click();
  const form = page.getByRole('region', { name: 'Formulário do bloco' });
  const title = form.getByRole('textbox', { name: /Título principal da página/ });
  const before = await title.inputValue();
  await title.fill('Título só para desfazer');
  await expect(phone(page).locator('h1')).toContainText('Título só para desfazer');
  await page.getByRole('tab', { name: 'Código' }).click();
  await editorOf(page).click();
  await page.keyboard.press('Control+z');
  await expect(editorOf(page)).not.toContainText('Título só para desfazer');
  await page.getByRole('tab', { name: 'Formulário do bloco' }).click();
  await expect(title).toHaveValue(before);

  // Unsaved work survives closing the tab: a new tab offers it back.
  await page.getByRole('tab', { name: 'Código' }).click();
  await typeAtTitleStart(page, '(rascunho) ');
  await expect(page.getByText('Alterações não salvas')).toBeVisible();
  await page.close();
  const again = await context.newPage();
  await openPage(again, 'pages/recarga.yaml');
  await again.getByRole('button', { name: 'Recuperar rascunho' }).click();
  await expect(editorOf(again)).toContainText('(rascunho)');
});

/** Records, after the page's own handlers, whether the last Ctrl+S was kept from the browser. */
async function watchSaveKey(page: Page) {
  await page.evaluate(() => {
    addEventListener('keydown', (event) => {
      if (event.key === 's') (window as unknown as { saveKept: boolean }).saveKept = event.defaultPrevented;
    });
  });
}
const saveKept = (page: Page) => page.evaluate(() => (window as unknown as { saveKept?: boolean }).saveKept);

test('a click in the code outlines its block at once; moving with the keys outlines after a pause', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await openPage(page, 'pages/recarga.yaml');
  // From here no timer fires unless the test lets time run: what happens, happens at once.
  await page.clock.pauseAt(Date.now() + 60_000);
  const frame = phone(page);
  const box = frame.locator('.estudio-box[data-kind=selected]');
  /** Where the outline is (its top in the frame), or that there is none; without waiting for one. */
  const outlineTop = () => box.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
  await editorOf(page).getByText('- type: hero').first().click();
  await expect(box).toHaveCount(1);
  const atHero = await outlineTop();
  // The caret taken into the page's last block (the footer) by the keyboard: the outline stays on
  // the hero until a pause.
  await page.keyboard.press('Control+End');
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('.cm-activeLine')).toBeVisible();
  expect(await outlineTop()).toEqual(atHero);
  await page.clock.runFor(100);
  const footer = frame.locator('fillgas-block:has(> footer) > footer');
  await expect(footer).toBeInViewport();
  await outlinedAt(box, footer);
});

test('on a long page, a block far down is shown at once: the preview scrolls to it and outlines it where it is', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // 120 blocks: the preview lays out what is below its first screen in idle moments, and a block
  // far down is reached at once, at its real place.
  const base = await readFile(path.join(studio.pagesDir, 'agendamento.yaml'), 'utf8');
  await writeFile(path.join(studio.pagesDir, 'longa.yaml'), longPage(base, 120));
  await openPage(page, 'pages/longa.yaml');
  // "Ver" beside the footer in Estrutura, as soon as the page opened.
  await page.getByRole('tab', { name: 'Estrutura' }).click();
  await page.getByRole('button', { name: 'Ver Rodapé na prévia' }).click();

  // Both frames of "Os dois" (1280 px): the page above the footer is laid out a slice at a time,
  // and the desktop's frame is told the choice once the phone's has outlined it.
  for (const frame of [phone(page), page.frameLocator('iframe[title="Prévia da página: Computador"]')]) {
    const box = frame.locator('.estudio-box[data-kind=selected]');
    await expect(box).toHaveCount(1);
    const footer = frame.locator('fillgas-block:has(> footer) > footer');
    await expect(footer).toBeInViewport();
    await outlinedAt(box, footer);
  }
});

test("a variant's change form shows the base's values, goes back to them, and Ctrl+S saves from it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const file = path.join(studio.pagesDir, 'recarrega-site.yaml');
  const original = await readFile(file, 'utf8');
  await openPage(page, 'pages/recarrega-site.yaml');
  await watchSaveKey(page);

  // The hero is inherited from sodastream-t and the variant already changes it: choosing it in
  // the preview (away from its texts, which a click edits in place) says so (issue 37: it once
  // said the variant inherited it) and puts the cursor on its change: entry.
  await phone(page)
    .locator('fillgas-block:has(h1) section')
    .first()
    .click({ position: { x: 6, y: 6 } });
  await expect(page.getByRole('status').filter({ hasText: 'Este bloco (hero)' })).toContainText(
    'já foi mudado nesta variante',
  );
  await expect(page.getByRole('button', { name: 'Mudar este bloco nesta variante' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Formulário do bloco' }).click();
  const form = page.getByRole('region', { name: 'Formulário do bloco' });
  await expect(form.getByRole('heading')).toContainText('(hero)');

  // What the variant does not write shows the base's value as the placeholder.
  const title = form.getByRole('textbox', { name: /Título principal da página/ });
  await expect(title).toHaveValue('');
  await expect(title).toHaveAttribute('placeholder', 'Seu cilindro de CO2 cheio, sem sair de casa.');
  const field = (key: string) => form.locator('.field', { has: page.locator(`code:text-is("${key}")`) });
  await expect(field('eyebrow').getByRole('textbox')).toHaveAttribute(
    'placeholder',
    'Recarga de CO2 em São Paulo e Grande SP',
  );
  // The cta's label is the base's; its track is the variant's own, with the way back.
  await expect(field('label').first().getByRole('textbox')).toHaveAttribute('placeholder', 'Agendar recarga');
  const track = field('track').first();
  await expect(track.getByRole('textbox')).toHaveValue('CTASectionC');
  await expect(form.getByRole('button', { name: /^Usar o valor da página base/ })).toHaveCount(2);
  // At 1280 px (the project's viewport), for a person to look at.
  await page.screenshot({ path: test.info().outputPath('formulario-herdado.png') });

  await track.getByRole('button', { name: /^Usar o valor da página base/ }).click();
  await expect(track.getByRole('textbox')).toHaveValue('');
  await expect(track.getByRole('textbox')).toHaveAttribute('placeholder', 'HeroSectionT');
  await expect(form.getByRole('button', { name: /^Usar o valor da página base/ })).toHaveCount(0);
  await expect(track.getByRole('textbox')).toBeFocused();

  // Ctrl+S in the form saves (and never opens the browser's "save page"): only the override's
  // lines changed, every other byte as written.
  await page.keyboard.press('Control+s');
  await expect(page.getByText(/Salvo às/)).toBeVisible();
  expect(await saveKept(page)).toBe(true);
  const withoutTrack = original.replace('  hero:\n    cta:\n      track: CTASectionC\n', '  hero: {}\n');
  expect(withoutTrack).not.toBe(original);
  expect(await readFile(file, 'utf8')).toBe(withoutTrack);

  // Typing over a placeholder writes the variant's own value; Ctrl+S with the focus on no field.
  await title.fill('Recarga com 10% de desconto');
  await expect(phone(page).locator('h1')).toContainText('Recarga com 10% de desconto');
  await form.getByRole('heading').click();
  await page.keyboard.press('Control+s');
  await expect(page.getByText(/Salvo às/)).toBeVisible();
  expect(await readFile(file, 'utf8')).toBe(
    original.replace(
      '  hero:\n    cta:\n      track: CTASectionC\n',
      '  hero:\n    title: Recarga com 10% de desconto\n',
    ),
  );

  // And from a button of the screen.
  await title.fill('Recarga com 15% de desconto');
  await page.getByRole('button', { name: 'Computador', exact: true }).focus();
  await page.keyboard.press('Control+s');
  await expect(page.getByText(/Salvo às/)).toBeVisible();
  expect(await readFile(file, 'utf8')).toContain('    title: Recarga com 15% de desconto\n');
  expect(await saveKept(page)).toBe(true);

  // And from the page itself, while its title is being edited in place there.
  const heading = phone(page).locator('fillgas-block h1');
  await heading.click();
  await expect(heading).toHaveAttribute('contenteditable', 'plaintext-only');
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' já');
  await expect(page.getByText('Alterações não salvas')).toBeVisible();
  await page.keyboard.press('Control+s');
  await expect.poll(() => readFile(file, 'utf8')).toContain('    title: Recarga com 15% de desconto já\n');
  await expect(page.getByText('Alterações não salvas')).toHaveCount(0);
  await expect(heading).toBeFocused();
});
