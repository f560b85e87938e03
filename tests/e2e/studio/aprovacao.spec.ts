/**
 * "Toda publicação precisa de aprovação" on the screens (issue 39, decision 0049): on a hosted
 * Estúdio with the setting on, a Publicador sees no Restaurar or Desfazer in Histórico and no
 * Alterar horário, Cancelar or Trazer in Agendamentos, but a sentence saying why and what to do
 * instead (the server refuses them anyway: tests/studio/requests-approval.test.ts); axe clean.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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
  // A second published version of recarga, so Histórico has an older one to restore.
  const file = path.join(site.work, 'pages', 'recarga.yaml');
  await writeFile(file, (await readFile(file, 'utf8')).replace('title: ', 'title: Antes | '));
  git(site.work, 'commit', '-q', '-am', 'Muda o título da recarga');
  git(site.work, 'push', '-q', 'origin', 'main');
  const data = path.join(site.tmp, 'dados');
  // "Toda publicação precisa de aprovação", as Pedidos writes it (decision 0049).
  await mkdir(data, { recursive: true, mode: 0o700 });
  await writeFile(
    path.join(data, 'pedidos.json'),
    JSON.stringify({ version: 1, approvalRequired: true, requests: [] }),
  );
  for (const who of [CARLA, BRUNO]) {
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

/** axe's violations on the screen, as "rule: element" lines. */
async function axe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${String(n.target)}`));
}

async function signedIn(browser: Browser, who: typeof BRUNO): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/entrar`);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Senha').fill(who.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Páginas' })).toBeVisible();
  return page;
}

test('with every publication needing approval, Histórico and Agendamentos say why instead of publishing directly', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const bruno = await signedIn(browser, BRUNO);
  const before = git(site.remote, 'rev-parse', 'main');
  await bruno.goto(`${base}/#/historico/${encodeURIComponent('pages/recarga.yaml')}`);
  await bruno.getByRole('button', { name: /^Cria a página/ }).click();
  const why = bruno.locator('[data-approval-required]');
  await expect(why).toContainText('Toda publicação deste site precisa de aprovação');
  await expect(why).toContainText('Pedir publicação');
  await expect(bruno.getByRole('button', { name: 'Restaurar esta versão' })).toHaveCount(0);
  await expect(bruno.getByRole('button', { name: /Desfazer/ })).toHaveCount(0);
  expect(await axe(bruno)).toEqual([]);

  await bruno.goto(`${base}/#/agendamentos`);
  await expect(bruno.getByRole('heading', { name: 'Agendamentos' })).toBeVisible();
  await expect(
    bruno.getByText(/agendar, alterar horário, cancelar e trazer para as páginas ficam\s+fechados/),
  ).toBeVisible();
  expect(await axe(bruno)).toEqual([]);
  expect(git(site.remote, 'rev-parse', 'main')).toBe(before);
});
