/**
 * Públicos as a marketer meets it (issue 38, point 4): on a copy of the site with two variants of
 * /agendamento, a rule added with the form reads in words, the preview shows the rule's page as
 * that visitor sees it at the route, the rule is saved into pages/_site.yaml with the file's
 * comments kept; a second rule asking the same shows the check's tie problem next to it and
 * blocks publishing until it is changed; rules move up and are removed. The form refuses, in
 * words at the field, what the schema would. Keyboard only for the form, axe clean, nothing
 * wider than a 375 px phone. Pictures at 1280 and 375 px go to .tmp/publicos/ (to docs/estudio/
 * with ESTUDIO_DOC_SHOTS=1: docs/autoria.md, "Públicos").
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROOT, startStudio, type RunningStudio } from './studio-server.ts';
import { axeOutsideFrames } from '../axe.ts';

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

let studio: RunningStudio;

test.beforeAll(async () => {
  studio = await startStudio();
  await writeFile(
    path.join(studio.pagesDir, 'agendamento-natal.yaml'),
    'extends: agendamento\nchange:\n  hero:\n    title: Natal com água com gás em casa.\n',
  );
  await writeFile(
    path.join(studio.pagesDir, 'agendamento-oferta.yaml'),
    'extends: agendamento\nchange:\n  hero:\n    title: Oferta relâmpago, fácil e rápido.\n',
  );
});

test.afterAll(async () => {
  await studio?.stop();
});

async function axe(p: Page) {
  const results = await axeOutsideFrames(p);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

async function noSidewaysScroll(p: Page) {
  const widths = await p.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
}

/**
 * The screen at 1280 and 375 px, whole: kept with the test and in .tmp/publicos/, or in
 * docs/estudio/ with ESTUDIO_DOC_SHOTS=1 (docs/autoria.md's pictures).
 */
async function shots(p: Page, name: string, { doc = true } = {}) {
  for (const width of [1280, 375]) {
    await p.setViewportSize({ width, height: 800 });
    if (width === 375) await noSidewaysScroll(p);
    const height = await p.evaluate(() => document.documentElement.scrollHeight);
    await p.setViewportSize({ width, height: Math.min(height, 4000) });
    // The preview frame draws again at its new scale.
    await p.waitForTimeout(600);
    const file = test.info().outputPath(`${name}-${width}.png`);
    await p.screenshot({ path: file });
    const dir = path.join(ROOT, process.env.ESTUDIO_DOC_SHOTS && doc ? 'docs/estudio' : '.tmp/publicos');
    await mkdir(dir, { recursive: true });
    await copyFile(file, path.join(dir, `${name}-${width}.png`));
  }
  await p.setViewportSize({ width: 1280, height: 800 });
}

const ruleWords = (p: Page) => p.locator('[data-rule] .words');

/** Fills the rule form with the keyboard only: the page, then each condition given. */
async function fillRule(p: Page, page: string, conditions: Record<string, string>) {
  const dialog = p.getByRole('dialog');
  await expect(dialog.getByLabel(/^Página que esse público vê/)).toBeFocused();
  await dialog.getByLabel(/^Página que esse público vê/).selectOption(page);
  for (const [label, value] of Object.entries(conditions)) {
    await p.keyboard.press('Tab');
    while (!(await dialog.getByLabel(label).evaluate((el) => el === document.activeElement)))
      await p.keyboard.press('Tab');
    await p.keyboard.type(value);
  }
}

test('a rule added with the form reads in words, shows its page in the preview, and is saved with the file’s comments', async ({
  page: p,
}) => {
  test.setTimeout(180_000);
  await p.goto(studio.url);
  await p.getByRole('link', { name: 'Públicos' }).click();
  await expect(p.getByRole('heading', { name: 'Públicos', level: 1 })).toBeVisible();
  await expect(p).toHaveTitle('Públicos · Estúdio Fillgás');
  await expect(p.getByText('Nenhum público ainda')).toBeVisible();
  await axe(p);
  await shots(p, 'publicos-vazio', { doc: false });

  await p.getByLabel('Endereço que os anúncios trazem').selectOption('/agendamento');
  await p.getByRole('button', { name: 'Nova regra…' }).click();
  const dialog = p.getByRole('dialog', { name: 'Nova regra para /agendamento' });
  await expect(dialog).toBeVisible();
  // The route's variants are offered first; its own page is not a choice.
  await expect(dialog.locator('optgroup').first()).toHaveAttribute('label', 'Variantes de /agendamento');
  await expect(dialog.locator('optgroup').first().locator('option')).toHaveText([
    /^\/agendamento-natal/,
    /^\/agendamento-oferta/,
  ]);

  // Nothing but the page: refused in words, nothing written.
  await dialog.getByLabel(/^Página que esse público vê/).selectOption('agendamento-natal');
  await dialog.getByRole('button', { name: 'Adicionar a regra' }).click();
  await expect(dialog.getByText('Marque pelo menos uma condição')).toBeVisible();
  // A referring "site" that is not one: refused at its field, which takes the focus.
  await dialog.getByLabel('Veio do site…').fill('face book');
  await dialog.getByRole('button', { name: 'Adicionar a regra' }).click();
  await expect(dialog.getByLabel('Veio do site…')).toBeFocused();
  await expect(dialog.getByLabel('Veio do site…')).toHaveAccessibleDescription(/como facebook\.com/);
  await expect(dialog.getByLabel('Veio do site…')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Veio do site…').fill('');
  // Changed, the field is no longer marked.
  await expect(dialog.getByLabel('Veio do site…')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('sem espaços nem acentos')).toHaveCount(0);
  await dialog.getByLabel('Campanha (utm_campaign)').fill('natal');
  await expect(dialog.locator('[data-rule-draft-words]')).toHaveText(
    'Quem chega com utm_campaign = natal vê /agendamento-natal em /agendamento',
  );
  await axe(p);
  // The picture from the dialog's top: the page chosen, then the conditions.
  await dialog.evaluate((d) => (d.scrollTop = 0));
  await shots(p, 'publicos-regra');
  await dialog.getByLabel('Campanha (utm_campaign)').press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(p.getByRole('button', { name: 'Mudar a regra 1 de /agendamento' })).toBeFocused();

  await expect(ruleWords(p)).toHaveText([
    '1.Quem chega com utm_campaign = natal vê /agendamento-natal em /agendamento',
  ]);
  await expect(p.locator('[data-rule="0"]')).toContainText(
    'Link de exemplo: /agendamento?utm_campaign=natal',
  );
  await expect(p.locator('[data-fallback]')).toHaveText(
    'Quem não se encaixa em nenhuma regra vê a página de /agendamento.',
  );

  // The preview: the rule's page, as served at the route, labelled with the rule.
  const preview = p.locator('[data-audience-preview]');
  await expect(preview.getByRole('heading')).toHaveText('Como um visitante desta campanha vê /agendamento');
  await expect(preview.locator('[data-preview-rule]')).toHaveText(
    'Regra 1: Quem chega com utm_campaign = natal vê /agendamento-natal em /agendamento.',
  );
  const frame = p.frameLocator('iframe[title="Prévia da página: /agendamento · regra 1"]');
  await expect(frame.locator('h1')).toHaveText('Natal com água com gás em casa.', { timeout: 60_000 });
  // Those no rule takes in: the route's own page.
  await preview.getByLabel('Visitante').selectOption({ label: 'Quem não se encaixa em nenhuma regra' });
  await expect(preview.getByRole('heading')).toHaveText('Como quem não se encaixa vê /agendamento');
  await expect(
    p.frameLocator('iframe[title="Prévia da página: /agendamento · sem regra"]').locator('h1'),
  ).not.toHaveText('Natal com água com gás em casa.', { timeout: 60_000 });
  // An ad's link, tested by the edge's own rules: the page it gets comes to the preview.
  const tester = p.locator('[data-link-test]');
  await tester.getByLabel('Link do anúncio').fill('/agendamento?utm_campaign=pascoa');
  await tester.getByLabel('Link do anúncio').press('Enter');
  await expect(tester.locator('[data-link-verdict]')).toHaveText(
    'O link traz utm_campaign = pascoa. Nenhuma regra vale: vê a página de /agendamento.',
  );
  await expect(preview.getByRole('heading')).toHaveText('Como quem não se encaixa vê /agendamento');
  await tester
    .getByLabel('Link do anúncio')
    .fill('https://fillgas.com.br/agendamento/?utm_campaign=%20NATAL&gclid=x1');
  await tester.getByRole('button', { name: 'Testar' }).click();
  await expect(tester.locator('[data-link-verdict]')).toHaveText(
    'O link traz utm_campaign = NATAL, gclid. Vê /agendamento-natal em /agendamento (regra 1).',
  );
  // The link's gclid makes its visitor paid traffic: the preview says so (and shows the page so).
  await expect(preview.locator('[data-preview-rule]')).toHaveText(
    'Regra 1: Quem chega com utm_campaign = natal vê /agendamento-natal em /agendamento. Como veio de um anúncio pago do Google, o que a página esconde desse visitante não aparece.',
  );
  await expect(frame.locator('h1')).toHaveText('Natal com água com gás em casa.', { timeout: 60_000 });

  // The loader has nothing against it: the rule can be published.
  await expect(p.locator('[data-rule-problem]')).toHaveCount(0);
  await expect(p.getByRole('button', { name: 'Salvar e publicar…' })).toBeEnabled();
  await axe(p);
  await shots(p, 'publicos');

  // Saved into pages/_site.yaml: the comments and every setting as they were, the rule at the end.
  const before = await readFile(path.join(ROOT, 'pages/_site.yaml'), 'utf8');
  await p.getByRole('button', { name: 'Só salvar' }).click();
  await expect(p.locator('[data-audiences-state]')).toHaveText(
    /ainda não estão no site|são as que estão no site/,
  );
  const saved = await readFile(path.join(studio.pagesDir, '_site.yaml'), 'utf8');
  expect(saved.startsWith(before)).toBe(true);
  expect(saved.slice(before.length)).toMatch(
    /^# Públicos: .*\naudiences:\n {2}- route: \/agendamento\n {4}page: agendamento-natal\n {4}when:\n {6}utm_campaign: natal\n$/,
  );
});

test('a second rule asking the same shows the check’s tie problem at the rule; moved and removed, it goes', async ({
  page: p,
}) => {
  test.setTimeout(180_000);
  await p.goto(studio.url);
  await p.goto(`${studio.origin}/#/publicos`);
  await expect(ruleWords(p)).toHaveCount(1);
  await p.getByRole('button', { name: '+ Nova regra para /agendamento' }).click();
  const dialog = p.getByRole('dialog', { name: 'Nova regra para /agendamento' });
  await fillRule(p, 'agendamento-oferta', { 'Campanha (utm_campaign)': 'Natal' });
  await dialog.getByRole('button', { name: 'Adicionar a regra' }).click();
  await expect(ruleWords(p)).toHaveText([
    '1.Quem chega com utm_campaign = natal vê /agendamento-natal em /agendamento',
    '2.Quem chega com utm_campaign = Natal vê /agendamento-oferta em /agendamento',
  ]);
  // The loader's problem, located at the second rule, in words; publishing waits for it.
  const second = p.locator('[data-rule="1"]');
  await expect(second.locator('[data-rule-problem]')).toContainText('pede o mesmo que o público 1', {
    timeout: 30_000,
  });
  await expect(second).toHaveAttribute('aria-invalid', 'true');
  await expect(p.locator('[data-rule="0"] [data-rule-problem]')).toHaveCount(0);
  await expect(p.getByRole('button', { name: 'Salvar e publicar…' })).toBeDisabled();
  await axe(p);
  await shots(p, 'publicos-empate');

  // Moved above the first: the order is the file's, and the tie is now the other rule's.
  await p.getByRole('button', { name: 'Subir a regra 2 de /agendamento (vale antes)' }).focus();
  await p.keyboard.press('Enter');
  // The keyboard stays with the moved rule (now first: its "Subir" is off, so "Descer").
  await expect(
    p.getByRole('button', { name: 'Descer a regra 1 de /agendamento (vale depois)' }),
  ).toBeFocused();
  await expect(ruleWords(p)).toHaveText([
    '1.Quem chega com utm_campaign = Natal vê /agendamento-oferta em /agendamento',
    '2.Quem chega com utm_campaign = natal vê /agendamento-natal em /agendamento',
  ]);
  await expect(p.locator('[data-rule="1"] [data-rule-problem]')).toContainText(
    'pede o mesmo que o público 1',
  );

  // Changed to ask for something else: no problem left.
  await p.getByRole('button', { name: 'Mudar a regra 1 de /agendamento' }).click();
  const change = p.getByRole('dialog', { name: 'Mudar a regra 1 de /agendamento' });
  await change.getByLabel('Campanha (utm_campaign)').fill('');
  await change.getByLabel('Origem (utm_source)').fill('facebook');
  await change.getByRole('button', { name: 'Mudar a regra' }).click();
  await expect(ruleWords(p).first()).toHaveText(
    '1.Quem chega com utm_source = facebook vê /agendamento-oferta em /agendamento',
  );
  await expect(p.locator('[data-rule-problem]')).toHaveCount(0, { timeout: 30_000 });
  await expect(p.getByRole('button', { name: 'Salvar e publicar…' })).toBeEnabled();

  // Removed: the saved rule is left, so nothing is unsaved; removed too, the screen is empty until
  // the unsaved change is discarded.
  await p.getByRole('button', { name: 'Remover a regra 1 de /agendamento' }).click();
  await expect(ruleWords(p)).toHaveText([
    '1.Quem chega com utm_campaign = natal vê /agendamento-natal em /agendamento',
  ]);
  // The keyboard goes to the rule now in its place.
  await expect(p.getByRole('button', { name: 'Remover a regra 1 de /agendamento' })).toBeFocused();
  await expect(p.locator('[data-audiences-state]')).not.toContainText('não foram salvas');
  await p.getByRole('button', { name: 'Remover a regra 1 de /agendamento' }).click();
  await expect(ruleWords(p)).toHaveCount(0);
  await expect(p.getByText('Nenhum público ainda')).toBeVisible();
  await expect(p.getByLabel('Endereço que os anúncios trazem')).toBeFocused();
  await expect(p.locator('[data-audiences-state]')).toContainText('não foram salvas');
  await p.getByRole('button', { name: 'Descartar as mudanças' }).click();
  await expect(ruleWords(p)).toHaveCount(1);
});
