/**
 * Pedidos de publicação (issue 39, decision 0049) in two browsers on one hosted Estúdio (started
 * as a host starts it, accounts made by the account command, a bare repository as the remote):
 * Ana (Editor) asks; Bruno (Publicador) sees the count in the header, opens the request with the
 * publish review, returns it with a comment that carries markup (shown as text); Ana asks again;
 * Bruno approves and the remote gets one commit in Ana's name, committed by Bruno. Pictures of the
 * list and of the approval at 1280 and 375 px for .tmp/shots-h7/ when E2E_SHOTS is set.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { projectArgs } from '../../helpers/tsx.ts';
import { git, makeGitSite, type GitSite } from '../../studio/git-site.ts';
import { ROOT, TSX } from './studio-server.ts';

const run = promisify(execFile);
const ANA = {
  email: 'ana@fillgas.com.br',
  name: 'Ana Souza',
  password: 'cilindro azul no portão',
  role: 'editor',
};
const BRUNO = {
  email: 'bruno@fillgas.com.br',
  name: 'Bruno Lima',
  password: 'outra frase bem comprida',
  role: 'publicador',
};
const CARLA = {
  email: 'carla@fillgas.com.br',
  name: 'Carla Dias',
  password: 'a terceira frase longa',
  role: 'administrador',
};
const SHOTS = process.env.E2E_SHOTS ? path.join(ROOT, '.tmp', 'shots-h7') : undefined;

let site: GitSite;
let child: ChildProcess;
let base: string;

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await makeGitSite({
    pages: ['_site.yaml', '404.yaml', 'index.yaml', 'recarga.yaml', 'termos-de-uso.yaml'],
  });
  const data = path.join(site.tmp, 'dados');
  for (const who of [CARLA, ANA, BRUNO]) {
    await run(
      process.execPath,
      [
        ...TSX,
        'studio/server/hosted/account-cli.ts',
        'adicionar',
        '--email',
        who.email,
        '--nome',
        who.name,
        '--papel',
        who.role,
      ],
      { cwd: ROOT, env: { ...process.env, STUDIO_DATA_DIR: data, STUDIO_PASSWORD: who.password } },
    );
  }
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(
    process.execPath,
    await projectArgs(
      'studio/server/main.ts',
      '--hosted',
      '--public-url',
      base,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
    ),
    {
      cwd: ROOT,
      env: { ...process.env, STUDIO_DATA_DIR: data, STUDIO_REPO: site.work },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`O Estúdio não respondeu em 180 s:\n${output}`)),
      180_000,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.split('\n').some((line) => line.trim() === `${base}/`)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`O Estúdio saiu (${code}):\n${output}`)));
  });
});

test.afterAll(async () => {
  if (child?.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
  if (site) await rm(site.tmp, { recursive: true, force: true });
});

async function signedIn(browser: Browser, who: typeof ANA): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/entrar`);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Senha').fill(who.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Páginas' })).toBeVisible();
  return page;
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    // No sideways scroll on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an Editor asks, a Publicador returns it with a comment, the Editor asks again, the Publicador approves and publishes', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const file = path.join(site.work, 'pages', 'recarga.yaml');
  await writeFile(file, (await readFile(file, 'utf8')).replace('title: ', 'title: Campanha | '));
  const commitsBefore = Number(git(site.remote, 'rev-list', '--count', 'main'));

  // Ana: Publicar is "Pedir publicação" for an Editor.
  const ana = await signedIn(browser, ANA);
  await ana.getByRole('button', { name: /^Publicar/ }).click();
  const ask = ana.getByRole('dialog', { name: 'Pedir publicação' });
  await expect(ask).toBeVisible();
  await expect(ask.getByText('Pedido em nome de Ana Souza')).toBeVisible();
  await ask.getByLabel('Mensagem para quem aprova (fica no histórico)').fill('Título da campanha na recarga');
  await ask.getByRole('button', { name: 'Pedir publicação' }).click();
  await expect(ask.getByRole('status')).toContainText('Pedido enviado: “Título da campanha na recarga”.');
  await ask.getByRole('button', { name: 'Fechar' }).click();
  expect(Number(git(site.remote, 'rev-list', '--count', 'main'))).toBe(commitsBefore);

  // Bruno: the count in the header, the list, the review, Devolver with markup in the comment.
  const bruno = await signedIn(browser, BRUNO);
  const count = bruno.getByRole('link', { name: /^Pedidos\s*: 1 esperando a sua decisão$/ });
  await expect(count).toBeVisible();
  await count.click();
  await expect(bruno.getByRole('heading', { name: 'Pedidos de publicação' })).toBeVisible();
  const card = bruno.locator('li[data-request]');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Título da campanha na recarga');
  await expect(card).toContainText('Pedido por Ana Souza');
  await expect(card).toContainText('/recarga');
  await shoot(bruno, 'pedidos-lista');
  await card.getByRole('button', { name: 'Revisar e decidir' }).click();
  const decide = bruno.getByRole('dialog', { name: 'Pedido de Ana Souza' });
  await expect(decide.getByRole('heading', { name: 'Páginas que este pedido muda' })).toBeVisible();
  await expect(decide.locator('details[data-route="/recarga"]')).toBeVisible({ timeout: 120_000 });
  // The publish review's pictures: /recarga before and after (reused from Publicar, not a copy).
  await expect(decide.getByRole('img', { name: /\/recarga .*depois da mudança/ }).first()).toBeVisible({
    timeout: 180_000,
  });
  await shoot(bruno, 'pedidos-aprovacao');
  const axe = await new AxeBuilder({ page: bruno }).include('dialog').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await decide.getByRole('button', { name: 'Devolver', exact: true }).click();
  const comment = 'Falta o preço <b>R$ 99</b> no título';
  await decide.getByLabel('Comentário para Ana Souza (o que falta, o que mudar)').fill(comment);
  await decide.getByRole('button', { name: 'Devolver com este comentário' }).click();
  await expect(decide.getByRole('status')).toHaveText('Devolvido a Ana Souza com o seu comentário.');
  await decide.getByRole('button', { name: 'Fechar' }).click();

  // Ana: the outcome, the comment as text (no element made of it), Pedir de novo.
  await ana.goto(`${base}/#/pedidos`);
  await expect(ana.getByRole('link', { name: /^Pedidos\s*: 1 devolvido para você$/ })).toBeVisible();
  const returned = ana.locator('li[data-request][data-status="devolvido"]');
  await expect(returned).toContainText('devolvido por Bruno Lima');
  const quote = returned.getByLabel('Comentário de Bruno Lima');
  await expect(quote).toHaveText(comment);
  expect(await quote.locator('b').count()).toBe(0);
  await shoot(ana, 'pedidos-devolvido');
  await returned.getByRole('button', { name: 'Pedir de novo' }).click();
  await expect(ana.getByRole('status')).toHaveText('Pedido feito de novo com o que está salvo agora.');

  // Bruno: Aprovar e publicar; the remote has one commit, Ana's, committed by Bruno.
  await bruno.reload();
  await bruno
    .locator('li[data-request][data-status="pendente"]')
    .getByRole('button', { name: 'Revisar e decidir' })
    .click();
  await decide.getByRole('button', { name: 'Aprovar e publicar' }).click();
  await expect(decide.getByRole('status')).toContainText('Aprovado e publicado', { timeout: 180_000 });
  expect(Number(git(site.remote, 'rev-list', '--count', 'main'))).toBe(commitsBefore + 1);
  expect(git(site.remote, 'log', '-1', '--format=%an|%cn|%s', 'main')).toBe(
    'Ana Souza|Bruno Lima|Título da campanha na recarga',
  );
  await decide.getByRole('button', { name: 'Fechar' }).click();
  await expect(bruno.locator('li[data-request][data-status="aprovado"]')).toContainText(
    'aprovado por Bruno Lima',
  );

  // Histórico says who asked and who approved.
  await bruno.goto(`${base}/#/historico/${encodeURIComponent('pages/recarga.yaml')}`);
  await expect(bruno.getByText('Pedido por Ana Souza, aprovado por Bruno Lima').first()).toBeVisible();
});
