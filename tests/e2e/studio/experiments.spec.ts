/**
 * The whole A/B loop as a marketer runs it in the Estúdio (issue 26), against real git (a local
 * bare repository as the remote) and the build's real edge worker under workerd: create the
 * experiment and its variant in Experimentos, publish; a fresh clone builds and its _worker.js
 * splits visitors; the GA4 export dropped on Resultados gives the CLI's figures; ending with the
 * winner sends everyone to it; bringing it home makes it the route's page in one publish.
 * Screenshots of each screen (1280 and 375 px) go to the test's output folder (docs/autoria.md).
 */
import { execFile } from 'node:child_process';
import { cp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { Miniflare } from 'miniflare';
import { CLOUDFLARE_WORKER_FILE } from '../../../runtime/build/index.ts';
import { git, makeGitSite, type GitSite } from '../../studio/git-site.ts';
import { cloudflareOverDist } from '../../servers/workerd.ts';
import { ROOT, spawnStudio } from './studio-server.ts';
import { axeOutsideFrames } from '../axe.ts';

test.describe.configure({ mode: 'serial' });
// Dates as a marketer in Brazil sees them (DD/MM/AAAA in the date fields).
test.use({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

const run = promisify(execFile);
const FIXTURE = path.join(ROOT, 'tests/fixtures/experiments/ga4-diario.csv');
const ID = 'agendamento-teste';
const TITLE = 'Oferta relâmpago, fácil e rápido.';
/** What of the title shows as one text in the page (the highlight is its own element). */
const SHOWN = 'Oferta relâmpago,';

let site: GitSite;
let studio: Awaited<ReturnType<typeof spawnStudio>> | undefined;
let url: string;

test.beforeAll(async () => {
  site = await makeGitSite();
  // A repository that deploys to Vercel too: vercel.json and middleware.ts stay in step with _site.yaml.
  await cp(path.join(ROOT, 'vercel.json'), path.join(site.work, 'vercel.json'));
  git(site.work, 'add', 'vercel.json');
  git(site.work, 'commit', '-qm', 'Publica na Vercel também');
  git(site.work, 'push', '-q', 'origin', 'main');
  studio = await spawnStudio(path.join(site.work, 'pages'), path.join(site.work, 'public'));
  url = studio.url;
});

test.afterAll(async () => {
  await studio?.stop();
  if (site) await rm(site.tmp, { recursive: true, force: true });
});

/**
 * The whole screen at 1280 and 375 px. The viewport is grown to the page's height rather than
 * using a full-page capture, which leaves out-of-view frames (the previews) blank.
 */
const shot = async (p: Page, name: string) => {
  for (const width of [1280, 375]) {
    await p.setViewportSize({ width, height: 800 });
    const height = await p.evaluate(() => document.documentElement.scrollHeight);
    await p.setViewportSize({ width, height: Math.min(height, 6000) });
    await p.waitForTimeout(300);
    await p.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await p.setViewportSize({ width: 1280, height: 800 });
};

async function axe(p: Page) {
  const results = await axeOutsideFrames(p);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** A fresh clone of the remote, built as the host builds it; returns its dist/ folder. */
async function buildFreshClone(name: string): Promise<{ dir: string; dist: string }> {
  const dir = site.clone(name);
  const dist = path.join(dir, 'dist');
  await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'runtime/cli.ts',
      'build',
      '--pages',
      path.join(dir, 'pages'),
      '--public',
      path.join(dir, 'public'),
      '--out',
      dist,
    ],
    { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 1 << 24 },
  );
  return { dir, dist };
}

/**
 * A visitor beside the site under the same workerd: `count` first visits (GET, no cookie) to
 * /agendamento, one after the other, through a service binding to the build's worker; each body
 * read. Sent from Node through dispatchFetch, each visit also crossed over HTTP into workerd and
 * back, its HTML gzipped for undici's Accept-Encoding and unzipped again: 2,000 visits cost about
 * 30 s of CPU that way against 4–5 s here (edge-cloudflare.test.ts's SAMPLER does the same).
 */
const VISITOR = `export default {
  async fetch(request, env) {
    const { count, shown } = await request.json();
    const out = [];
    for (let i = 0; i < count; i++) {
      const response = await env.SITE.fetch('https://fillgas.example/agendamento');
      const body = await response.text();
      out.push({ setCookie: response.headers.get('Set-Cookie'), shown: body.includes(shown) });
    }
    return Response.json(out);
  },
};
`;

/** `count` first visits to /agendamento through the build's worker under workerd: the page each one got. */
async function visits(dist: string, count: number): Promise<string[]> {
  // The build's worker as tests/servers/workerd.ts runs it (cloudflareOverDist), VISITOR beside it.
  const worker = new Miniflare({
    cf: false,
    workers: [
      {
        name: 'visitante',
        modules: true,
        script: VISITOR,
        compatibilityDate: '2025-01-01',
        serviceBindings: { SITE: 'site' },
      },
      {
        name: 'site',
        modules: true,
        scriptPath: path.join(dist, CLOUDFLARE_WORKER_FILE),
        modulesRoot: dist,
        compatibilityDate: '2025-01-01',
        assets: {
          directory: dist,
          binding: 'ASSETS',
          routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
        },
      },
    ],
  });
  try {
    const answer = await worker.dispatchFetch('https://visitante.example/', {
      method: 'POST',
      body: JSON.stringify({ count, shown: SHOWN }),
    });
    expect(answer.status).toBe(200);
    const got = (await answer.json()) as { setCookie: string | null; shown: boolean }[];
    expect(got).toHaveLength(count);
    return got.map(
      ({ setCookie, shown }) =>
        new RegExp(`fgs_exp_${ID}=([^;]+)`).exec(setCookie ?? '')?.[1] ??
        (shown ? 'agendamento-oferta (sem cookie)' : 'agendamento (sem cookie)'),
    );
  } finally {
    await worker.dispose();
  }
}

test('a marketer starts, reads, ends an experiment and brings the winner home, with no terminal', async ({
  page: p,
}) => {
  test.setTimeout(600_000);
  await p.goto(url);
  await p.getByRole('link', { name: 'Experimentos' }).click();
  await expect(p.getByRole('heading', { name: 'Experimentos', level: 1 })).toBeVisible();
  await expect(p.getByText('horário de Brasília (São Paulo)')).toBeVisible();

  // Create: the route, then a new variant right there.
  await p.getByRole('link', { name: '+ Novo experimento' }).click();
  await p.getByLabel('Endereço', { exact: true }).selectOption('/agendamento');
  await p.getByRole('button', { name: 'Continuar' }).click();
  await expect(p.getByLabel('Nome do experimento')).toHaveValue(ID);
  // One page only: the loader's rule shows, located, before anything is saved.
  await expect(p.locator('[data-problems]')).toContainText('linha', { timeout: 15_000 });
  await p.getByRole('button', { name: 'Criar uma variante de /agendamento…' }).click();
  await p.getByLabel('Endereço da variante').fill('agendamento-oferta');
  await p.getByRole('button', { name: 'Criar e adicionar' }).click();
  await expect(p.locator('tr[data-variant="agendamento-oferta"]')).toBeVisible();
  await expect(p.locator('[data-problems]')).toHaveCount(0);
  // Shares always sum to 100.
  await p.getByLabel('Parte dos visitantes de /agendamento-oferta, em %').fill('30');
  await expect(p.getByLabel('Parte dos visitantes de /agendamento, em %')).toHaveValue('70');
  await p.getByRole('button', { name: 'Dividir igualmente' }).click();
  await expect(p.getByLabel('Parte dos visitantes de /agendamento, em %')).toHaveValue('50');
  // A bad date is a located problem at its field.
  await p.getByLabel('Primeiro dia').fill('2026-12-10');
  await p.getByLabel('Último dia').fill('2026-12-01');
  await expect(p.locator('[data-problems]')).toContainText('termina (2026-12-01) antes de começar');
  await p.getByRole('button', { name: 'Tirar o primeiro dia' }).click();
  await p.getByRole('button', { name: 'Tirar o último dia' }).click();
  await expect(p.locator('[data-problems]')).toHaveCount(0);
  await axe(p);
  await shot(p, 'experimento-novo');

  // The variant's change, as the marketer would write it in its editor.
  const variantFile = path.join(site.work, 'pages/agendamento-oferta.yaml');
  await writeFile(
    variantFile,
    `${await readFile(variantFile, 'utf8')}change:\n  hero:\n    title: ${TITLE}\n`,
  );

  // Publish: _site.yaml and the new variant in one commit, with the middleware it implies.
  await p.getByRole('button', { name: 'Salvar e publicar (começar o teste)…' }).click();
  const dialog = p.getByRole('dialog', { name: 'Publicar no site' });
  await expect(dialog.getByRole('checkbox', { name: /pages\/_site\.yaml/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /\/agendamento-oferta \(novo\)/ })).toBeChecked();
  await expect(dialog.getByLabel('O que mudou (fica no histórico)')).toHaveValue(
    `Começa o experimento ${ID} em /agendamento e cria /agendamento-oferta`,
  );
  await expect(dialog.locator('[data-placeholders]')).toContainText(
    'O site ainda mostra um telefone provisório',
  );
  await dialog.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText('Publicado:', { timeout: 90_000 });
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  const started = git(site.remote, 'show', '--stat', '--format=%s', 'main');
  expect(started).toContain('pages/_site.yaml');
  expect(started).toContain('pages/agendamento-oferta.yaml');
  expect(started).toContain('middleware.ts');
  await expect(p.locator('[data-state="no-ar"]').first()).toBeVisible();
  await p.getByRole('link', { name: 'Todos os experimentos' }).click();
  await expect(p.locator(`section[data-experiment="${ID}"] [data-state="no-ar"]`)).toBeVisible();
  await axe(p);
  await shot(p, 'experimentos');
  await p.getByRole('link', { name: ID, exact: true }).click();
  await expect(p.getByRole('heading', { name: `Experimento ${ID}` })).toBeVisible();

  // The host's build of the remote splits 2,000 first visits 50/50 within ±3 points.
  const first = await buildFreshClone('host-1');
  const got = await visits(first.dist, 2000);
  const share = got.filter((v) => v === 'agendamento-oferta').length / got.length;
  expect(Math.abs(share - 0.5)).toBeLessThanOrEqual(0.03);
  expect(new Set(got)).toEqual(new Set(['agendamento', 'agendamento-oferta']));

  // Resultados: the export dropped on the page gives the CLI's figures.
  await p.locator('#exp-exportacao').setInputFiles(FIXTURE);
  await expect(p.locator('[data-report]')).toBeVisible();
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
          FIXTURE,
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
    verdict: { kind: string; variant?: string } | null;
    variants: {
      variant: string;
      visitors: number;
      conversions: number;
      rate: number;
      rateLow: number;
      rateHigh: number;
      uplift: number | null;
    }[];
  };
  const int = (x: number) => Math.round(x).toLocaleString('pt-BR');
  const pct = (x: number, d: number) =>
    `${(x * 100).toLocaleString('pt-BR', { minimumFractionDigits: d, maximumFractionDigits: d })}%`;
  for (const v of cli.variants) {
    const row = p.locator(`tr[data-variant-row="${v.variant}"]`);
    await expect(row.locator('[data-cell="visitors"]')).toHaveText(int(v.visitors));
    await expect(row.locator('[data-cell="conversions"]')).toHaveText(int(v.conversions));
    await expect(row.locator('[data-cell="rate"]')).toHaveText(
      `${pct(v.rate, 2)} (${pct(v.rateLow, 2)}–${pct(v.rateHigh, 2)})`,
    );
  }
  await expect(p.locator('[data-verdict]')).toHaveAttribute('data-verdict', cli.verdict?.kind ?? 'none');
  expect(cli.verdict).toEqual({ kind: 'winner', variant: 'agendamento-oferta' });
  await expect(p.getByRole('figure')).toHaveCount(3);
  await axe(p);
  await p.locator('[data-results]').scrollIntoViewIfNeeded();
  await shot(p, 'experimento-resultados');

  // End with the winner: one more publish; the worker then gives everyone the winner.
  await expect(p.getByLabel('Vencedora')).toHaveValue('agendamento-oferta');
  await p.getByRole('button', { name: 'Encerrar com a vencedora…' }).click();
  await expect(dialog.getByLabel('O que mudou (fica no histórico)')).toHaveValue(
    `Encerra o experimento ${ID} com a vencedora agendamento-oferta`,
  );
  await dialog.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText('Publicado:', { timeout: 90_000 });
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(p.locator('[data-state="encerrado"]').first()).toContainText('vencedora /agendamento-oferta');
  const second = await buildFreshClone('host-2');
  const after = await visits(second.dist, 200);
  const served = await Promise.all(
    [0, 1].map(async () => {
      const worker = cloudflareOverDist(second.dist);
      try {
        return await (await worker.dispatchFetch('https://fillgas.example/agendamento')).text();
      } finally {
        await worker.dispose();
      }
    }),
  );
  expect(new Set(after)).toEqual(new Set(['agendamento-oferta (sem cookie)']));
  for (const html of served) expect(html).toContain(SHOWN);

  // Bring it home: one publish; the base route renders the winner's content, nothing else is left.
  await p.getByRole('button', { name: 'Levar a vencedora para a página…' }).click();
  const conclude = p.getByRole('dialog', { name: 'Levar a vencedora para a página' });
  await shot(p, 'experimento-levar');
  await conclude.getByRole('button', { name: 'Publicar' }).click();
  await expect(conclude.getByRole('status')).toContainText('Publicado:', { timeout: 90_000 });
  const home = git(site.remote, 'show', '--stat', '--format=%s', 'main');
  expect(home).toContain(
    `Leva a vencedora /agendamento-oferta para /agendamento e encerra o experimento ${ID}`,
  );
  expect(home).toMatch(/middleware\.ts .*\n?/);
  const third = await buildFreshClone('host-3');
  expect(await readFile(path.join(third.dir, 'pages/agendamento.yaml'), 'utf8')).toContain(TITLE);
  await expect(stat(path.join(third.dir, 'pages/agendamento-oferta.yaml'))).rejects.toThrow();
  await expect(stat(path.join(third.dir, 'middleware.ts'))).rejects.toThrow();
  expect(await readFile(path.join(third.dir, 'pages/_site.yaml'), 'utf8')).not.toContain('experiments:');
  expect(await readFile(path.join(third.dir, 'dist/agendamento/index.html'), 'utf8')).toContain(SHOWN);
  await expect(stat(path.join(third.dir, 'dist/_worker.js'))).rejects.toThrow();
  // The base page's untouched blocks are byte-identical, comments included.
  const original = await readFile(path.join(ROOT, 'pages/agendamento.yaml'), 'utf8');
  const merged = await readFile(path.join(third.dir, 'pages/agendamento.yaml'), 'utf8');
  const footer = original.slice(original.indexOf('  - type: footer'));
  expect(merged).toContain(footer.slice(0, 400));
  // Histórico of /agendamento shows it as one change.
  await conclude.getByRole('button', { name: 'Fechar' }).click();
  await p.goto(`${url}#/historico/${encodeURIComponent('pages/agendamento.yaml')}`);
  // The version is told by what it changed on the page; its message is folded under it.
  await p.getByText('Mensagem original').click();
  await expect(p.getByText(`Leva a vencedora /agendamento-oferta para /agendamento`).first()).toBeVisible();
  await expect(p.locator('[data-other-files]')).toContainText('pages/agendamento-oferta.yaml');
  await expect(p.getByRole('button', { name: 'Desfazer esta mudança inteira' })).toBeVisible();
  await shot(p, 'historico-levar');
  // The working tree follows the remote: nothing left unpublished.
  expect(git(site.work, 'status', '--porcelain')).toBe('');
});

test('Configurações do site: each field edits its own line; an invalid phone is refused where it is typed', async ({
  page: p,
}) => {
  test.setTimeout(180_000);
  const file = path.join(site.work, 'pages/_site.yaml');
  const before = await readFile(file, 'utf8');
  const head = git(site.remote, 'rev-parse', 'main');
  await p.goto(`${url}#/configuracoes`);
  await expect(p.getByRole('heading', { name: 'Configurações do site' })).toBeVisible();
  await expect(p.locator('[data-field="phone"]')).toContainText('provisório');
  await p.getByLabel('WhatsApp (só dígitos)').fill('11 9999');
  await expect(p.locator('[data-field="phone"] .problem')).toContainText(
    'Escreva só os dígitos, com 55 e o DDD',
  );
  await expect(p.getByLabel('WhatsApp (só dígitos)')).toHaveAttribute('aria-invalid', 'true');
  await axe(p);
  await shot(p, 'configuracoes');
  // Saved with the problem (a draft), it is refused at Publicar and nothing is committed.
  await p.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(p.getByRole('button', { name: 'Publicar…' })).toBeEnabled();
  await p.getByRole('button', { name: 'Publicar…' }).click();
  const dialog = p.getByRole('dialog', { name: 'Publicar no site' });
  await dialog.getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('nada foi publicado', { timeout: 90_000 });
  expect(git(site.remote, 'rev-parse', 'main')).toBe(head);
  await p.keyboard.press('Escape');
  // The real number: only the phone's line changes, its TROCAR mark goes, and the value keeps the
  // single quotes the file wrote it in (decision 0038, session 23).
  await p.getByLabel('WhatsApp (só dígitos)').fill('5511912345678');
  await expect(p.locator('[data-field="phone"] .problem')).toHaveCount(0);
  await expect(p.locator('[data-field="phone"]')).not.toContainText('provisório');
  await p.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(p.getByText('Salvo. Publique para o site mudar.')).toBeVisible();
  const after = await readFile(file, 'utf8');
  const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i]);
  expect(changed).toEqual(["phone: '5511912345678'"]);
});
