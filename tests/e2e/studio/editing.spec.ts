/**
 * The editor's smaller promises, each as an author meets it: the cursor in a block outlines it in
 * the preview, a problem in the list takes the cursor to it, a form edit is undone by Ctrl+Z, and
 * unsaved work comes back after the tab is closed.
 */
import { expect, test, type Page } from '@playwright/test';
import { startStudio, type RunningStudio } from './studio-server.ts';

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
