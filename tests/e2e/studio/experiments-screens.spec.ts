/**
 * Resultados and Encerrar as a marketer meets them, often on a phone (issue 36, point 5): an
 * experiment already on the site (published in a local bare repository), opened in the Estúdio.
 * Encerrar works with no numbers at all, warned in words; the verdict, the table and the charts
 * name pages by their address, never by their GA4 string; at 375 px nothing scrolls sideways and
 * each page is a card; a split that does not match the shares is said once, its numbers folded.
 * Screenshots at 375 and 1280 px go to the test's output folder (docs/autoria.md uses them).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeGitSite, type GitSite } from '../../studio/git-site.ts';
import { publishExperiment } from './experiment-site.ts';
import { ROOT, spawnStudio } from './studio-server.ts';
import { axeOutsideFrames } from '../axe.ts';

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

const ID = 'agendamento-teste';
const FIXTURE = path.join(ROOT, 'tests/fixtures/experiments/ga4-diario.csv');

let site: GitSite;
let studio: Awaited<ReturnType<typeof spawnStudio>> | undefined;
let url: string;
let tmp: string;

test.beforeAll(async () => {
  site = await makeGitSite();
  await publishExperiment(site, ID);
  tmp = await mkdtemp(path.join(os.tmpdir(), 'estudio-resultados-'));
  studio = await spawnStudio(path.join(site.work, 'pages'), path.join(site.work, 'public'));
  url = studio.url;
});

test.afterAll(async () => {
  await studio?.stop();
  if (site) await rm(site.tmp, { recursive: true, force: true });
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** The part of the screen from `selector` down, at 1280 and 375 px (the viewport grown to the page). */
const shot = async (p: Page, name: string, selector: string) => {
  for (const width of [1280, 375]) {
    await p.setViewportSize({ width, height: 800 });
    const height = await p.evaluate(() => document.documentElement.scrollHeight);
    await p.setViewportSize({ width, height: Math.min(height, 6000) });
    await p.waitForTimeout(300);
    await p.locator(selector).screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await p.setViewportSize({ width: 1280, height: 800 });
};

async function axe(p: Page) {
  const results = await axeOutsideFrames(p);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** Nothing wider than the window: the page never scrolls sideways. */
async function noSidewaysScroll(p: Page) {
  const widths = await p.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
}

async function openExperiment(p: Page) {
  await p.goto(`${url}#/experimentos/${ID}`);
  await expect(p.getByRole('heading', { name: `Experimento ${ID}` })).toBeVisible();
  await expect(p.getByRole('heading', { name: 'Resultados' })).toBeVisible();
}

test('Encerrar works with no numbers: the marketer picks the page, warned that the test did not', async ({
  page: p,
}) => {
  test.setTimeout(120_000);
  await openExperiment(p);
  const select = p.getByLabel('Vencedora');
  await expect(select).toBeEnabled();
  await expect(select.locator('option')).toHaveText([
    'Escolha…',
    '/agendamento (original)',
    '/agendamento-oferta',
  ]);
  await expect(p.locator('#exp-encerrar-aviso')).toContainText('Dá para encerrar em qualquer dia');
  await expect(p.getByRole('button', { name: 'Encerrar com a vencedora…' })).toBeDisabled();
  await select.selectOption('agendamento-oferta');
  await expect(p.locator('[data-end-warning="warn"]')).toHaveText(
    'Sem números nesta tela: encerrar com /agendamento-oferta é uma decisão sua, não do teste. Se quiser conferir antes, traga os números em Resultados, acima.',
  );
  await expect(p.getByRole('button', { name: 'Encerrar com a vencedora…' })).toBeEnabled();
  // The warning is read with the button.
  await expect(p.getByRole('button', { name: 'Encerrar com a vencedora…' })).toHaveAccessibleDescription(
    /decisão sua/,
  );
  await axe(p);
  await p.setViewportSize({ width: 375, height: 800 });
  await noSidewaysScroll(p);
  await p.setViewportSize({ width: 1280, height: 800 });
  await shot(p, 'experimento-encerrar-sem-numeros', '[data-results]');

  // It opens the ordinary Publicar with the winner's message; nothing is published here.
  await p.getByRole('button', { name: 'Encerrar com a vencedora…' }).click();
  const dialog = p.getByRole('dialog', { name: 'Publicar no site' });
  await expect(dialog.getByLabel('O que mudou (fica no histórico)')).toHaveValue(
    `Encerra o experimento ${ID} com a vencedora agendamento-oferta`,
  );
  await p.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // Saved, not published: the screen does not claim the test is over.
  await expect(p.locator('[data-saved-winner]')).toContainText('ainda não foi publicado');
  await expect(p.getByLabel('Vencedora')).toHaveValue('agendamento-oferta');
});

test('Resultados names pages by their address and reads at 375 px: cards, no sideways scroll', async ({
  page: p,
}) => {
  test.setTimeout(120_000);
  // The export as GA4 names the pages: FGS-<experiment>-<page>.
  const csv = (await readFile(FIXTURE, 'utf8')).replace(/,(agendamento(-oferta)?),/g, `,FGS-${ID}-$1,`);
  const file = path.join(tmp, 'ga4-fgs.csv');
  await writeFile(file, csv);
  await openExperiment(p);
  await p.locator('#exp-exportacao').setInputFiles(file);
  await expect(p.locator('[data-report]')).toBeVisible();
  await expect(p.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'winner');
  await expect(p.locator('[data-verdict]')).toContainText('Vencedora: /agendamento-oferta');
  await expect(p.locator('tr[data-variant-row="agendamento-oferta"] th')).toHaveText('/agendamento-oferta');
  await expect(p.getByLabel('Vencedora')).toHaveValue('agendamento-oferta');
  await expect(p.locator('[data-end-warning]')).toHaveText(
    '/agendamento-oferta é a página que os dados apontam.',
  );
  // No GA4 string anywhere on the screen, the charts' number tables included.
  for (const details of await p.locator('[data-results] details').all())
    await details.evaluate((d) => ((d as HTMLDetailsElement).open = true));
  expect(await p.locator('[data-results]').innerText()).not.toContain('FGS-');
  await axe(p);

  // The original chosen against the data: said in words, still allowed.
  await p.getByLabel('Vencedora').selectOption('agendamento');
  await expect(p.locator('[data-end-warning="warn"]')).toContainText(
    'Os dados apontam /agendamento-oferta, não /agendamento',
  );
  await p.getByLabel('Vencedora').selectOption('agendamento-oferta');

  // A phone: one card per page, the table gone, nothing wider than the window.
  await p.setViewportSize({ width: 375, height: 800 });
  await expect(p.locator('[data-report-table]')).toBeHidden();
  const card = p.locator('[data-variant-card="agendamento-oferta"]');
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading')).toHaveText('/agendamento-oferta');
  await expect(card.locator('[data-cell="visitors"]')).toHaveText('6.146');
  await noSidewaysScroll(p);
  await axe(p);
  await p.setViewportSize({ width: 1280, height: 800 });
  await shot(p, 'experimento-resultados-arquivo', '[data-results]');
});

test('a split that does not match the shares is said once, in plain words, its numbers folded', async ({
  page: p,
}) => {
  test.setTimeout(120_000);
  const file = path.join(tmp, 'srm.csv');
  await writeFile(
    file,
    'Data,Variante,Usuários,Usuários que converteram\n' +
      Array.from({ length: 10 }, (_, i) => {
        const day = `202612${String(i + 1).padStart(2, '0')}`;
        return `${day},agendamento,600,30\n${day},agendamento-oferta,400,24\n`;
      }).join(''),
  );
  await openExperiment(p);
  await p.locator('#exp-exportacao').setInputFiles(file);
  const srm = p.locator('[data-srm]');
  await expect(srm).toBeVisible();
  await expect(srm).toContainText('As páginas não receberam as partes combinadas de visitantes.');
  // Once: the verdict's list leaves it out; no formula outside the folded numbers.
  const text = await p.locator('[data-report]').innerText();
  expect(text.match(/divisão dos visitantes|partes combinadas/g)).toHaveLength(1);
  expect(text).not.toContain('χ²');
  await srm.getByText('Ver os números').click();
  await expect(srm.getByRole('table')).toContainText('60,0%');
  await expect(srm).toContainText('χ²');
  await axe(p);
  await p.setViewportSize({ width: 375, height: 800 });
  await noSidewaysScroll(p);
  await p.setViewportSize({ width: 1280, height: 800 });
  // Ending now is the marketer's call: the numbers back no choice.
  await p.getByLabel('Vencedora').selectOption('agendamento-oferta');
  await expect(p.locator('[data-end-warning="warn"]')).toContainText(
    'A divisão dos visitantes está fora do combinado',
  );
});

test('the duration estimate: typed traffic gives the days; too little traffic is said as a warning', async ({
  page: p,
}) => {
  test.setTimeout(120_000);
  await openExperiment(p);
  const estimate = p.locator('[data-estimate]');
  await expect(estimate.getByRole('heading', { name: 'Quanto tempo o teste precisa' })).toBeVisible();
  await expect(estimate.locator('[data-plan]')).toHaveAttribute('data-plan', 'sem-dados');
  await estimate.getByLabel('Visitantes por dia na rota').fill('2000');
  await estimate.getByLabel('Taxa de conversão hoje (%)').fill('5');
  await expect(estimate.locator('[data-plan]')).toHaveAttribute('data-plan', 'ok');
  await expect(estimate.locator('[data-plan]')).toContainText('Com cerca de 2.000 visitantes por dia');
  await expect(estimate.locator('[data-plan-pages]')).toContainText('/agendamento-oferta');
  // A small site: 2% and 160 a day on two pages is more than 60 days.
  await estimate.getByLabel('Visitantes por dia na rota').fill('160');
  await estimate.getByLabel('Taxa de conversão hoje (%)').fill('2');
  await expect(estimate.locator('[data-plan]')).toHaveAttribute('data-plan', 'longo');
  await expect(estimate.locator('[data-plan]')).toContainText('não chega a uma conclusão em 60 dias');
  await axe(p);
  await p.setViewportSize({ width: 375, height: 800 });
  await noSidewaysScroll(p);
  await p.setViewportSize({ width: 1280, height: 800 });
  await shot(p, 'experimento-estimativa', '[data-estimate]');
  // Kept in this browser for the route.
  await p.reload();
  await expect(p.locator('[data-estimate]').getByLabel('Visitantes por dia na rota')).toHaveValue('160');
});
