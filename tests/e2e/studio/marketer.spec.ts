/**
 * The Estúdio as a marketer walks it, on a copy of pages/: open it from the printed address,
 * create a variant of /agendamento, change the hero's title and see it in the phone preview,
 * add a banner from the palette, misspell a prop and read the located Portuguese problem with
 * its suggestion, fix it, save; then `npm run check` and `npm run build` accept the new file
 * and the built route shows the change.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { ROOT, startStudio, TSX, type RunningStudio } from './studio-server.ts';

const run = promisify(execFile);
let studio: RunningStudio;
test.beforeAll(async () => {
  studio = await startStudio();
});
test.afterAll(async () => {
  await studio?.stop();
});

const phone = (page: Page) => page.frameLocator('iframe[title="Prévia da página: Celular"]');
const editor = (page: Page) => page.getByRole('textbox', { name: 'Código YAML da página' });

test('a marketer creates a variant, changes it, sees it, fixes a mistake and saves a page the build accepts', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(studio.url);
  await expect(page).toHaveURL(`${studio.origin}/`);
  await expect(page.getByRole('heading', { name: 'Páginas' })).toBeVisible();
  const row = page.locator('tr[data-file="pages/agendamento.yaml"]');
  await expect(row).toContainText('/agendamento');

  // A new variant of /agendamento, opened in the editor.
  // Páginas shows its rows once they will not move (phone-pages.spec: a press is not lost).
  await page.getByRole('button', { name: 'Nova variante de /agendamento', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova variante de /agendamento' });
  await dialog.getByLabel('Endereço da nova página').fill('agendamento-teste');
  await dialog.getByRole('button', { name: 'Criar e abrir' }).click();
  await expect(page.getByRole('heading', { name: '/agendamento-teste' })).toBeVisible();
  // The editor opens on the page (issue 37): this test types YAML too, in the Código tab.
  await page.getByRole('tab', { name: 'Código' }).click();
  await expect(editor(page)).toContainText('extends: agendamento');
  const hero = phone(page).locator('fillgas-block:has(h1)');
  // The first preview of a fresh server compiles the runtime through Vite: it may take a while.
  await expect(hero).toContainText('Sodastream Refil', { timeout: 60_000 });

  // The hero is inherited: choosing it in the preview (away from its texts, which a click edits
  // in place) offers its change: entry, which the form edits.
  await hero
    .locator('section')
    .first()
    .click({ position: { x: 6, y: 6 } });
  await page.getByRole('button', { name: 'Mudar este bloco nesta variante' }).click();
  await expect(editor(page)).toContainText('change:');
  await page.getByRole('tab', { name: 'Formulário do bloco' }).click();
  const form = page.getByRole('region', { name: 'Formulário do bloco' });
  await expect(form).toContainText('Herdado de pages/agendamento.yaml');
  await form
    .getByRole('textbox', { name: /Título principal da página/ })
    .fill('Recarga na sua porta, sem sair de casa');
  await expect(phone(page).locator('h1')).toContainText('Recarga na sua porta, sem sair de casa');
  await page.getByRole('tab', { name: 'Código' }).click();

  // A banner from the palette, after the hero.
  const before = await phone(page).locator('fillgas-block').count();
  await page.getByRole('button', { name: 'Adicionar bloco' }).click();
  await page.getByRole('dialog').locator('button[data-type="banner"]').click();
  await expect(editor(page)).toContainText('insertAfter:');
  await expect(phone(page).locator('fillgas-block')).toHaveCount(before + 1);

  // A misspelt prop: the runtime's own located problem, with the suggestion, then fixed.
  await editor(page).getByText('title: Recarga na sua porta').click();
  await page.keyboard.press('Home');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Delete');
  await page.keyboard.press('Delete');
  await page.keyboard.type('el');
  const problems = page.getByRole('region', { name: 'Problemas da página' });
  await expect(problems).toContainText('"titel"');
  await expect(problems).toContainText('Você quis dizer "title"?');
  await expect(problems).toContainText(/linha \d+, coluna 5/);
  await expect(phone(page).getByText('Prévia desatualizada')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Delete');
  await page.keyboard.press('Delete');
  await page.keyboard.type('le');
  await expect(problems).toContainText('Nenhum problema');

  await page.keyboard.press('Control+s');
  await expect(page.getByText(/Salvo às/)).toBeVisible();
  const saved = await readFile(path.join(studio.pagesDir, 'agendamento-teste.yaml'), 'utf8');
  expect(saved).toContain('extends: agendamento');
  expect(saved).toContain('title: Recarga na sua porta, sem sair de casa');
  expect(saved).toMatch(/insertAfter:\n {2}hero:\n {4}- type: banner/);

  // The runtime accepts what the Estúdio wrote: check, then a build whose route shows the change.
  const cli = path.join(ROOT, 'runtime/cli.ts');
  const env = { ...process.env, NODE_ENV: 'production' };
  const check = await run(process.execPath, [...TSX, cli, 'check', '--pages', studio.pagesDir], {
    cwd: ROOT,
    env,
  });
  expect(check.stdout).toContain('15 páginas válidas');
  const out = path.join(studio.dir, 'dist');
  await run(process.execPath, [...TSX, cli, 'build', '--pages', studio.pagesDir, '--out', out], {
    cwd: ROOT,
    env,
  });
  const built = await readFile(path.join(out, 'agendamento-teste/index.html'), 'utf8');
  expect(built).toContain('Recarga na sua porta, sem sair de casa');
});
