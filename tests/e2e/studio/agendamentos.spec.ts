/**
 * Agendar as a marketer meets it (issue 38): a saved change to /recarga scheduled in the publish
 * dialog ("Agendar", day and hour in São Paulo time, "até…"), one publish on the remote with the
 * schedule's folder and pages/ left as published; Agendamentos lists it in words; the editor's
 * banner says when the page changes; Publicar agora over it asks first; Cancelar removes it in one
 * publish. Real git (a clone of a local bare remote), the Estúdio as `npm run studio` runs it, the
 * real build as the check, real Chromium at 1280 and 375 px, axe on each screen.
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { Miniflare } from 'miniflare';
import { git, makeGitSite, type GitSite } from '../../studio/git-site.ts';
import { ROOT, spawnStudio, TSX } from './studio-server.ts';
import { CLOCK_MODULE } from '../../runtime/worker-clock.ts';
import { axeOutsideFrames } from '../axe.ts';

let site: GitSite;
let studio: Awaited<ReturnType<typeof spawnStudio>> | undefined;

test.beforeAll(async () => {
  site = await makeGitSite({ pages: ['_site.yaml', '404.yaml', 'index.yaml', 'recarga.yaml'] });
  studio = await spawnStudio(path.join(site.work, 'pages'), path.join(site.work, 'public'));
});

test.afterAll(async () => {
  await studio?.stop();
  if (site) await rm(site.tmp, { recursive: true, force: true });
});

/** axe on the Estúdio's own screen (the site's page inside a preview frame is the site's tests'). */
async function axe(p: Page) {
  const results = await axeOutsideFrames(p);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

const year = new Date().getUTCFullYear() + 1;
const commits = () => Number(git(site.remote, 'rev-list', '--count', 'main'));
const remoteFolder = () =>
  git(site.remote, 'ls-tree', '-r', '--name-only', 'main', '--', 'pages/_agendamentos')
    .split('\n')
    .filter(Boolean);

test('schedule a change, see it listed in words and on the page, then cancel it in one publish', async ({
  page: p,
}) => {
  test.setTimeout(300_000);
  const file = path.join(site.work, 'pages', 'recarga.yaml');
  const published = await readFile(file, 'utf8');
  await writeFile(file, published.replace('title: ', 'title: Natal | '));

  // Publicar → Agendar, with the day and hour in São Paulo time and an end.
  await p.goto(studio!.url);
  await p.getByRole('button', { name: /^Publicar \(1 página\)$/ }).click();
  const dialog = p.getByRole('dialog', { name: 'Publicar no site' });
  const when = dialog.getByRole('group', { name: 'Quando' });
  await expect(when.getByRole('radio', { name: 'Publicar agora' })).toBeChecked();
  // From the keyboard: the radio group's arrow keys.
  await expect(when.getByRole('radio', { name: 'Agendar' })).toBeEnabled();
  await when.getByRole('radio', { name: 'Publicar agora' }).focus();
  await p.keyboard.press('ArrowRight');
  await expect(when.getByRole('radio', { name: 'Agendar' })).toBeChecked();
  await expect(when.getByRole('radio', { name: 'Agendar' })).toBeFocused();
  await expect(when).toContainText('horário de São Paulo');
  await when.getByLabel('Entra no ar no dia').fill(`${year}-12-20`);
  await when
    .getByRole('group', { name: 'Entra no ar em' })
    .getByLabel('às (horário de São Paulo)')
    .fill('00:00');
  await when.getByRole('checkbox', { name: /^até…/ }).check();
  await when.getByLabel('Sai do ar no dia').fill(`${year}-12-26`);
  await when
    .getByRole('group', { name: 'Sai do ar em' })
    .getByLabel('às (horário de São Paulo)')
    .fill('00:00');
  await when.getByLabel('Nome do agendamento (para achá-lo depois)').fill('Natal');
  await expect(when.locator('[data-schedule-summary]')).toHaveText(
    `Entra no ar em 20/12/${year} às 00:00 e sai em 26/12/${year} às 00:00 (horário de São Paulo).`,
  );
  await axe(p);
  await when.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await p.screenshot({ path: test.info().outputPath('agendar-1280.png') });
  await p.setViewportSize({ width: 375, height: 740 });
  await when.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await axe(p);
  await p.screenshot({ path: test.info().outputPath('agendar-375.png') });
  await p.setViewportSize({ width: 1280, height: 800 });

  const before = commits();
  await dialog.getByRole('button', { name: 'Agendar', exact: true }).click();
  const done = dialog.getByRole('status').filter({ hasText: 'Agendado:' });
  await expect(done).toBeVisible({ timeout: 120_000 });
  await expect(done).toContainText(
    `Agendado: a nova versão de /recarga entra no ar em 20/12/${year} às 00:00 e a anterior volta em 26/12/${year} às 00:00 (horário de São Paulo).`,
  );
  // One publish: the folder on the remote, the live file untouched, nothing left to publish here.
  expect(commits()).toBe(before + 1);
  expect(remoteFolder().sort()).toEqual([
    'pages/_agendamentos/natal/_agendamento.yaml',
    'pages/_agendamentos/natal/recarga.yaml',
  ]);
  expect(git(site.remote, 'show', 'main:pages/recarga.yaml')).toBe(published.trimEnd());
  expect(git(site.work, 'status', '--porcelain')).toBe('');
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  // What the host gets: a fresh clone builds, and its Cloudflare worker (under workerd, its clock
  // set per request) serves the published page before the instant, the scheduled one from it on,
  // the published one again from the end.
  await hostServes(published);

  // Agendamentos: Próximos, in words.
  await p
    .getByRole('navigation', { name: 'Outras telas' })
    .getByRole('link', { name: 'Agendamentos' })
    .click();
  await expect(p.getByRole('heading', { name: 'Agendamentos', level: 1 })).toBeVisible();
  const upcoming = p.getByRole('region', { name: 'Próximos' });
  const item = upcoming.locator('[data-schedule="natal"]');
  await expect(item).toContainText(
    `A nova versão de /recarga entra no ar em 20/12/${year} às 00:00 e a anterior volta em 26/12/${year} às 00:00.`,
  );
  await expect(item).toContainText('agendado por Ana Marketing');
  // Compartilhar prévia of the page as the schedule makes it (decision 0050): here, in local mode,
  // the dialog says in words that sharing needs the hosted Estúdio, and makes nothing.
  const share = item.getByRole('button', { name: 'Compartilhar prévia de /recarga no agendamento natal' });
  await share.click();
  const sharing = p.getByRole('dialog', { name: 'Compartilhar prévia de /recarga' });
  await expect(sharing).toContainText('Compartilhar prévia precisa do Estúdio hospedado');
  await expect(sharing.getByRole('button', { name: 'Criar link' })).toHaveCount(0);
  await sharing.getByRole('button', { name: 'Fechar' }).click();
  await expect(sharing).toBeHidden();
  await expect(share).toBeFocused();
  await expect(p.getByRole('region', { name: 'Encerrados' })).toContainText('Nenhum agendamento encerrado.');
  await axe(p);
  await p.screenshot({ path: test.info().outputPath('agendamentos-1280.png'), fullPage: true });
  await p.setViewportSize({ width: 375, height: 740 });
  await axe(p);
  const width = await p.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await p.screenshot({ path: test.info().outputPath('agendamentos-375.png'), fullPage: true });
  await p.setViewportSize({ width: 1280, height: 800 });

  // The editor says when the page changes.
  await p.goto(`${new URL(studio!.url).origin}/#/editar/${encodeURIComponent('pages/recarga.yaml')}`);
  await expect(p.locator('[data-scheduled-banner]')).toContainText(
    `Esta página muda em 20/12/${year} às 00:00 até 26/12/${year} às 00:00 (agendamento natal).`,
  );
  // The banner shares the scheduled version too (the same dialog; local mode says it cannot).
  await p
    .locator('[data-scheduled-banner]')
    .getByRole('button', { name: 'Compartilhar prévia de /recarga no agendamento natal' })
    .click();
  await expect(p.getByRole('dialog', { name: 'Compartilhar prévia de /recarga' })).toContainText(
    'Compartilhar prévia precisa do Estúdio hospedado',
  );
  await p.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click();
  await p.screenshot({ path: test.info().outputPath('editor-aviso-1280.png') });
  // On a phone (opened there: the preview's width is chosen by the screen's): the banner under the
  // bar's two lines, its button in reach, nothing wider than the screen.
  await p.setViewportSize({ width: 375, height: 740 });
  await p.reload();
  await expect(
    p.locator('[data-scheduled-banner]').getByRole('button', { name: /^Compartilhar prévia de \/recarga/ }),
  ).toBeVisible();
  await axe(p);
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await p.screenshot({ path: test.info().outputPath('editor-aviso-375.png') });
  await p.setViewportSize({ width: 1280, height: 800 });

  // Publicar agora over it asks first; Voltar publishes nothing.
  await writeFile(file, published.replace('title: ', 'title: Hoje | '));
  await p.goto(`${new URL(studio!.url).origin}/#/`);
  await p.getByRole('button', { name: /^Publicar \(1 página\)$/ }).click();
  await dialog.getByRole('button', { name: 'Publicar', exact: true }).click();
  const question = dialog.getByRole('alert').filter({ hasText: 'Há mudança agendada nesta página' });
  await expect(question).toContainText(`/recarga: muda em 20/12/${year} às 00:00 até 26/12/${year} às 00:00`);
  await question.getByRole('button', { name: 'Voltar' }).click();
  await expect(question).toBeHidden();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await writeFile(file, published);
  expect(commits()).toBe(before + 1);

  // Histórico shows the scheduled version with its times.
  const origin = new URL(studio!.url).origin;
  await p.goto(`${origin}/#/historico/${encodeURIComponent('pages/recarga.yaml')}`);
  await expect(p.getByRole('region', { name: 'Versões agendadas' })).toContainText(
    `Versão agendada da página: entra no ar em 20/12/${year} às 00:00, até 26/12/${year} às 00:00 (horário de São Paulo).`,
  );

  // Alterar horário: one publish, the list says the new end.
  await p.goto(`${origin}/#/agendamentos`);
  await p.locator('[data-schedule="natal"]').getByRole('button', { name: 'Alterar horário' }).click();
  const times = p.getByRole('dialog', { name: 'Alterar horário do agendamento natal' });
  await times.getByLabel('Sai do ar no dia').fill(`${year}-12-27`);
  await p.screenshot({ path: test.info().outputPath('alterar-horario-1280.png') });
  await p.setViewportSize({ width: 375, height: 800 });
  await p.screenshot({ path: test.info().outputPath('alterar-horario-375.png') });
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await p.setViewportSize({ width: 1280, height: 800 });
  await times.getByRole('button', { name: 'Salvar horário' }).click();
  await expect(p.getByText('Horário do agendamento natal alterado')).toBeVisible({ timeout: 120_000 });
  await expect(p.locator('[data-schedule="natal"]')).toContainText(
    `a anterior volta em 27/12/${year} às 00:00`,
  );
  expect(commits()).toBe(before + 2);

  // Editar: the scheduled text back as a draft in the editor; Agendar again replaces the schedule.
  await p.locator('[data-schedule="natal"]').getByRole('button', { name: 'Editar' }).click();
  await expect(p).toHaveURL(/#\/editar\/pages%2Frecarga\.yaml$/);
  await expect(p.locator('[data-scheduled-banner]')).toContainText(
    'O texto salvo aqui é o do agendamento natal: ao publicar, escolha “Agendar” para substituí-lo.',
  );
  expect(await readFile(file, 'utf8')).toContain('title: Natal | ');
  // (as the editor saves it: the scheduled title changed)
  await writeFile(file, published.replace('title: ', 'title: Feliz Natal | '));
  await p.getByRole('banner').getByRole('button', { name: 'Publicar', exact: true }).click();
  await expect(when.getByRole('radio', { name: 'Agendar' })).toBeChecked();
  await expect(
    when.getByRole('checkbox', { name: 'Substituir o agendamento natal (desmarque para criar outro)' }),
  ).toBeChecked();
  await expect(when.locator('[data-schedule-summary]')).toHaveText(
    `Entra no ar em 20/12/${year} às 00:00 e sai em 27/12/${year} às 00:00 (horário de São Paulo).`,
  );
  await dialog.getByRole('button', { name: 'Agendar', exact: true }).click();
  await expect(done).toBeVisible({ timeout: 120_000 });
  expect(commits()).toBe(before + 3);
  expect(git(site.remote, 'show', 'main:pages/_agendamentos/natal/recarga.yaml')).toContain(
    'title: Feliz Natal | ',
  );
  expect(remoteFolder().sort()).toEqual([
    'pages/_agendamentos/natal/_agendamento.yaml',
    'pages/_agendamentos/natal/recarga.yaml',
  ]);
  expect(git(site.work, 'status', '--porcelain')).toBe('');
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  // Cancelar: the folder goes in one publish.
  await p.goto(`${origin}/#/agendamentos`);
  await p.locator('[data-schedule="natal"]').getByRole('button', { name: 'Cancelar' }).click();
  const confirm = p.getByRole('dialog', { name: 'Cancelar o agendamento natal' });
  await confirm.getByRole('button', { name: 'Cancelar o agendamento' }).click();
  await expect(p.getByRole('status').filter({ hasText: 'foi cancelado' })).toBeVisible({ timeout: 120_000 });
  await expect(p.getByRole('region', { name: 'Próximos' })).toContainText('Nenhuma mudança agendada.');
  expect(commits()).toBe(before + 4);
  expect(remoteFolder()).toEqual([]);
  expect(git(site.remote, 'log', '-1', '--format=%an|%s', 'main')).toBe(
    'Ana Marketing|Cancela o agendamento natal',
  );
});

const run = promisify(execFile);
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';

async function hostServes(published: string): Promise<void> {
  const host = site.clone('host');
  const dist = path.join(site.tmp, 'host-dist');
  await run(
    process.execPath,
    [
      ...TSX,
      'runtime/cli.ts',
      'build',
      '--pages',
      path.join(host, 'pages'),
      '--public',
      path.join(host, 'public'),
      '--out',
      dist,
    ],
    { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' } },
  );
  const own = path.join(site.tmp, 'workerd');
  await mkdir(own);
  await writeFile(path.join(own, 'clock-worker.js'), CLOCK_MODULE);
  await symlink(dist, path.join(own, 'dist'));
  const mf = new Miniflare({
    modules: true,
    scriptPath: path.join(own, 'clock-worker.js'),
    modulesRoot: own,
    modulesRules: [{ type: 'ESModule', include: ['**/*.js'] }],
    compatibilityDate: '2025-01-01',
    cf: false,
    assets: {
      directory: dist,
      binding: 'ASSETS',
      routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
    },
  });
  try {
    await mf.ready;
    // As a browser asks: the host's own folder redirect ("/recarga" → "/recarga/") followed.
    const get = async (pathname: string, at: string): Promise<{ status: number; text: string }> => {
      const response = await mf.dispatchFetch(`http://localhost${pathname}`, {
        headers: { 'Accept-Encoding': 'identity', 'X-Test-Now': at },
        redirect: 'manual',
      });
      const location =
        response.status >= 300 && response.status < 400 ? response.headers.get('Location') : null;
      if (location !== null) {
        await response.arrayBuffer();
        return get(new URL(location, `http://localhost${pathname}`).pathname, at);
      }
      return { status: response.status, text: await response.text() };
    };
    const before = /^title: (.*)$/m.exec(published)![1]!;
    // 00:00 in São Paulo is 03:00 UTC.
    for (const [at, expected] of [
      [`${year}-12-20T02:59:59Z`, before],
      [`${year}-12-20T03:00:00Z`, `Natal | ${before}`],
      [`${year}-12-25T12:00:00Z`, `Natal | ${before}`],
      [`${year}-12-26T03:00:00Z`, before],
    ] as const) {
      const answer = await get('/recarga', at);
      expect(answer.status, at).toBe(200);
      expect(title(answer.text), at).toBe(expected);
    }
    // The future page never leaks before its time, not even by its folder's address.
    const epochs = (await readdir(path.join(dist, '_agenda'), { withFileTypes: true })).filter((d) =>
      d.isDirectory(),
    );
    expect(epochs.length).toBeGreaterThan(0);
    for (const epoch of epochs) {
      const hidden = await get(`/_agenda/${epoch.name}/recarga/index.html`, `${year}-12-20T02:00:00Z`);
      expect(hidden.status).toBe(404);
      expect(hidden.text).not.toContain('Natal |');
    }
  } finally {
    await mf.dispose();
  }
}
