/**
 * The loop with Google Analytics connected (issue 36, point 1), against the local runReport server
 * (tests/servers/fake-ga4.ts: the real client talks to it; no test reaches Google). Configurações
 * takes the property id and a key made now, shows the account's e-mail and never the key; Testar
 * conexão says what is wrong in words; Resultados shows the experiment's 14 days with no file, the
 * same figures as the CLI's --json on the same numbers; a thresholded answer shows its warning, a
 * 403 its reason; the key appears in no answer the browser gets. Screenshots at 375 and 1280 px.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { makeGitSite, type GitSite } from '../../studio/git-site.ts';
import {
  experimentNumbers,
  numbersCsv,
  startFakeGa4,
  testKey,
  type DayNumbers,
  type FakeGa4,
  type TestKey,
} from '../../servers/fake-ga4.ts';
import { publishExperiment, saoPauloDay } from './experiment-site.ts';
import { ROOT, spawnStudio } from './studio-server.ts';
import { axeOutsideFrames } from '../axe.ts';

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

const run = promisify(execFile);
const ID = 'agendamento-teste';

let site: GitSite;
let studio: Awaited<ReturnType<typeof spawnStudio>> | undefined;
let ga4: FakeGa4;
let key: TestKey;
let numbers: DayNumbers[];
let url: string;
let tmp: string;
/** Every answer of the Estúdio's API the browser got, as text. */
const answers: string[] = [];

test.beforeAll(async () => {
  site = await makeGitSite();
  // Started 14 days ago; GA4 has its numbers up to yesterday.
  await publishExperiment(site, ID, { start: saoPauloDay(-14) });
  numbers = experimentNumbers({
    experimentId: ID,
    route: '/agendamento',
    pages: ['agendamento', 'agendamento-oferta'],
    lastDay: saoPauloDay(-1),
    days: 14,
    visitorsPerDay: 400,
    rates: [0.05, 0.075],
  });
  key = testKey();
  ga4 = await startFakeGa4({ keys: [key], numbers });
  tmp = await mkdtemp(path.join(os.tmpdir(), 'estudio-ga4-'));
  // The Estúdio's process reads the endpoint from its environment (studio/server/main.ts).
  process.env.STUDIO_GA4_ENDPOINT = ga4.url;
  try {
    // Its own data folder: the key saved here is this test's, in no other Estúdio's folder.
    studio = await spawnStudio(path.join(site.work, 'pages'), path.join(site.work, 'public'), 0, [
      '--data',
      path.join(tmp, 'dados'),
    ]);
  } finally {
    delete process.env.STUDIO_GA4_ENDPOINT;
  }
  url = studio.url;
});

test.afterAll(async () => {
  await studio?.stop();
  await ga4?.close();
  if (site) await rm(site.tmp, { recursive: true, force: true });
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test.beforeEach(({ page }) => {
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/'))
      void response.text().then(
        (text) => answers.push(text),
        () => {},
      );
  });
});

/** `selector` at 1280 and 375 px (the viewport grown to the page, so nothing is cut). */
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

async function noSidewaysScroll(p: Page) {
  await p.setViewportSize({ width: 375, height: 800 });
  const widths = await p.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
  await p.setViewportSize({ width: 1280, height: 800 });
}

/** Pieces of the key that must never come back: its private key's body and its id. */
function keyPieces(): string[] {
  const body = key.privateKey.split('\n').filter((line) => !line.startsWith('-----'));
  return [key.keyId, body[3]!, body[10]!, 'PRIVATE KEY'];
}

test('Configurações: the property and the key saved once, the account shown, the key never', async ({
  page: p,
}) => {
  test.setTimeout(120_000);
  await p.goto(`${url}#/configuracoes`);
  const section = p.locator('[data-ga4]');
  await expect(section.getByRole('heading', { name: 'Google Analytics' })).toBeVisible();
  await expect(section.locator('[data-ga4-status]')).toHaveAttribute('data-ga4-status', 'desconectado');
  await expect(section.getByRole('button', { name: 'Testar conexão' })).toBeDisabled();

  await section.getByLabel('ID da propriedade do GA4').fill(ga4.propertyId);
  await section.getByLabel('Chave da conta de serviço (arquivo .json)').setInputFiles({
    name: 'fillgas-estudio-chave.json',
    mimeType: 'application/json',
    buffer: Buffer.from(key.text),
  });
  await expect(section).toContainText(`Escolhido: fillgas-estudio-chave.json, da conta ${key.email}`);
  await section.getByRole('button', { name: 'Salvar conexão' }).click();
  await expect(section.locator('[data-ga4-status]')).toHaveAttribute('data-ga4-status', 'conectado');
  await expect(section.locator('[data-ga4-status]')).toContainText(
    `Conectado à propriedade ${ga4.propertyId}`,
  );
  await expect(section.locator('[data-client-email]')).toHaveText(key.email);

  await section.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(section.locator('[data-ga4-answer="ok"]')).toContainText(ga4.propertyId);
  await axe(p);
  await noSidewaysScroll(p);
  await shot(p, 'configuracoes-google-analytics', '[data-ga4]');

  // No access: the reason and what to do, in words.
  ga4.behave({ error: 'no-access' });
  await section.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(section.locator('[data-ga4-answer="error"]')).toContainText(
    `A conta de serviço ${key.email} não tem acesso à propriedade ${ga4.propertyId}`,
  );
  await expect(section.locator('[data-ga4-answer="error"]')).toContainText('Leitor');
  await shot(p, 'configuracoes-google-analytics-sem-acesso', '[data-ga4]');
  ga4.behave({});

  // The key is in no page and no answer.
  const html = await p.content();
  for (const piece of keyPieces()) expect(html).not.toContain(piece);
});

test('Resultados: the numbers come from Google Analytics with no file, as the CLI reads them', async ({
  page: p,
}) => {
  test.setTimeout(180_000);
  await p.goto(`${url}#/experimentos/${ID}`);
  const results = p.locator('[data-results]');
  await expect(results.locator('[data-source="ga4"]')).toBeVisible();
  await expect(results.locator('[data-fetched]')).toContainText(/Atualizado às \d\d:\d\d, com os dias de/);
  await expect(results.locator('[data-report]')).toBeVisible();
  await expect(results.locator('#exp-exportacao-nome')).toHaveText('Nenhum arquivo ainda.');

  // The same numbers as a CSV, read by the CLI: the same figures.
  const csv = path.join(tmp, 'ga4.csv');
  await writeFile(csv, numbersCsv(numbers));
  const cli = JSON.parse(
    (
      await run(
        process.execPath,
        [
          '--import',
          'tsx',
          'runtime/cli.ts',
          'experiments',
          'report',
          csv,
          '--experiment',
          ID,
          '--json',
          '--pages',
          path.join(site.work, 'pages'),
        ],
        { cwd: ROOT },
      )
    ).stdout,
  ) as {
    verdict: { kind: string } | null;
    variants: {
      variant: string;
      visitors: number;
      conversions: number;
      rate: number;
      rateLow: number;
      rateHigh: number;
    }[];
  };
  const int = (x: number) => Math.round(x).toLocaleString('pt-BR');
  const pct = (x: number, d: number) =>
    `${(x * 100).toLocaleString('pt-BR', { minimumFractionDigits: d, maximumFractionDigits: d })}%`;
  for (const v of cli.variants) {
    const page = v.variant.replace(`FGS-${ID}-`, '');
    const row = results.locator(`tr[data-variant-row="${page}"]`);
    await expect(row.locator('[data-cell="visitors"]')).toHaveText(int(v.visitors));
    await expect(row.locator('[data-cell="conversions"]')).toHaveText(int(v.conversions));
    await expect(row.locator('[data-cell="rate"]')).toHaveText(
      `${pct(v.rate, 2)} (${pct(v.rateLow, 2)}–${pct(v.rateHigh, 2)})`,
    );
  }
  await expect(results.locator('[data-verdict]')).toHaveAttribute(
    'data-verdict',
    cli.verdict?.kind ?? 'none',
  );
  expect(await results.innerText()).not.toContain('FGS-');
  await axe(p);
  await noSidewaysScroll(p);
  await shot(p, 'experimento-resultados-ga4', '[data-results]');

  // The duration estimate reads the route's traffic from Google Analytics too.
  const estimate = p.locator('[data-estimate]');
  await expect(estimate.locator('[data-traffic-source="ga4"]')).toContainText('Do Google Analytics');
  await expect(estimate.locator('[data-plan]')).not.toHaveAttribute('data-plan', 'sem-dados');
  await shot(p, 'experimento-estimativa-ga4', '[data-estimate]');

  // Thresholded: said in words after "Atualizar agora".
  ga4.behave({ thresholded: true });
  await results.getByRole('button', { name: 'Atualizar agora' }).click();
  await expect(results.locator('[data-warnings]')).toContainText('limites de privacidade');
  await expect(results.locator('[data-report]')).toBeVisible();

  // No access: the reason, and the numbers a file can still give.
  ga4.behave({ error: 'no-access' });
  await results.getByRole('button', { name: 'Atualizar agora' }).click();
  await expect(results.locator('[data-pull-error]')).toContainText('não tem acesso à propriedade');
  await expect(results.locator('[data-pull-error]')).toContainText('Leitor');
  await axe(p);
  ga4.behave({});

  // Nothing the browser got carries the key.
  const got = answers.join('\n');
  expect(got).toContain(key.email);
  for (const piece of keyPieces()) expect(got).not.toContain(piece);
});
