/**
 * The pictures of docs/autoria.md's "Trabalhar em equipe" (issue 39), at 1280 and 375 px, against the
 * hosted Estúdio with three people (Ana, Editor; Bruno, Publicador; Carla, Administrador) over a clone
 * with a bare remote: Pessoas as Carla sees it, Ana's "Pedir publicação", Bruno's list of requests and
 * the request's review. Nothing is published here (the whole flow is tests/e2e/studio/pedidos.spec.ts;
 * shared previews' pictures come from previas.spec.ts). What each picture shows is asserted in words
 * first; axe on each screen. Pictures go to .tmp/equipe/ (to docs/estudio/ with ESTUDIO_DOC_SHOTS=1).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { makeGitSite, type GitSite } from '../../studio/git-site.ts';
import { projectArgs } from '../../helpers/tsx.ts';
import { ROOT, TSX } from './studio-server.ts';

const run = promisify(execFile);
const ANA = {
  email: 'ana@fillgas.com.br',
  name: 'Ana Souza',
  role: 'editor',
  password: 'cilindro azul no portão',
};
const BRUNO = {
  email: 'bruno@fillgas.com.br',
  name: 'Bruno Lima',
  role: 'publicador',
  password: 'outra frase bem comprida',
};
const CARLA = {
  email: 'carla@fillgas.com.br',
  name: 'Carla Dias',
  role: 'administrador',
  password: 'a terceira frase longa',
};

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

let site: GitSite;
let child: ChildProcess | undefined;
let base: string;

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test.beforeAll(async () => {
  site = await makeGitSite({ pages: ['_site.yaml', '404.yaml', 'index.yaml', 'recarga.yaml'] });
  const file = path.join(site.work, 'pages/recarga.yaml');
  await writeFile(
    file,
    (await readFile(file, 'utf8')).replace(
      'title: Recarga de CO2 sem sair de casa.',
      'title: Recarga de CO2 na sua porta, hoje.',
    ),
  );
  const data = path.join(site.tmp, 'dados');
  // Carla first: the first account of a file is an Administrador.
  for (const who of [CARLA, ANA, BRUNO])
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
      () => reject(new Error(`O Estúdio não respondeu em 120 s:\n${output}`)),
      120_000,
    );
    child!.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.split('\n').some((line) => line.trim() === `${base}/`)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child!.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child!.on('exit', (code) => reject(new Error(`O Estúdio saiu (${code}):\n${output}`)));
  });
});

test.afterAll(async () => {
  if (child?.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
  if (site) await rm(site.tmp, { recursive: true, force: true });
});

async function axe(p: Page) {
  const results = await new AxeBuilder({ page: p }).exclude('iframe').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

async function signedIn(browser: Browser, who: typeof ANA): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const p = await context.newPage();
  await p.setViewportSize({ width: 1280, height: 800 });
  await p.goto(`${base}/entrar`);
  await p.getByLabel('E-mail').fill(who.email);
  await p.getByLabel('Senha').fill(who.password);
  await p.getByRole('button', { name: 'Entrar' }).click();
  await expect(p.getByRole('heading', { name: 'Páginas' })).toBeVisible();
  return p;
}

/** `scene` at 1280 and at 375 px, then the screen photographed (whole with `whole`); nothing wider than the phone. */
async function shots(p: Page, name: string, scene: () => Promise<void>, { whole = false } = {}) {
  for (const width of [1280, 375]) {
    await p.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await scene();
    if (width === 375)
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    if (whole) {
      const height = await p.evaluate(() => document.documentElement.scrollHeight);
      await p.setViewportSize({ width, height: Math.min(height, 3000) });
    }
    await p.waitForTimeout(400);
    const file = test.info().outputPath(`${name}-${width}.png`);
    await p.screenshot({ path: file });
    const dir = path.join(ROOT, process.env.ESTUDIO_DOC_SHOTS ? 'docs/estudio' : '.tmp/equipe');
    await mkdir(dir, { recursive: true });
    await copyFile(file, path.join(dir, `${name}-${width}.png`));
  }
  await p.setViewportSize({ width: 1280, height: 800 });
}

test('Pessoas, as an Administrador sees it: each person with a role, and what each role may do', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const carla = await signedIn(browser, CARLA);
  await shots(
    carla,
    'pessoas',
    async () => {
      await carla.goto(`${base}/#/pessoas`);
      const list = carla.getByRole('list', { name: 'Pessoas e seus papéis' });
      await expect(list).toContainText('Ana Souza');
      await expect(list).toContainText('Bruno Lima');
      await expect(carla.getByRole('heading', { name: 'O que cada papel pode fazer' })).toBeVisible();
      await axe(carla);
    },
    { whole: true },
  );
  await carla.context().close();
});

test('an Editor asks for publication; a Publicador sees the request and its review', async ({ browser }) => {
  test.setTimeout(300_000);
  const ana = await signedIn(browser, ANA);
  await shots(ana, 'pedir-publicacao', async () => {
    await ana.goto(`${base}/#/`);
    await ana.reload();
    await ana.getByRole('button', { name: /^Publicar/ }).click();
    const ask = ana.getByRole('dialog', { name: 'Pedir publicação' });
    await expect(ask.getByText('Pedido em nome de Ana Souza')).toBeVisible();
    const message = ask.getByLabel('Mensagem para quem aprova (fica no histórico)');
    await message.fill('Título da campanha na recarga');
    await axe(ana);
    // The message and who asks in view (on a phone the dialog scrolls).
    await message.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  });
  await ana
    .getByRole('dialog', { name: 'Pedir publicação' })
    .getByRole('button', { name: 'Pedir publicação' })
    .click();
  await expect(ana.getByRole('dialog').getByRole('status')).toContainText('Pedido enviado');
  await ana.context().close();

  const bruno = await signedIn(browser, BRUNO);
  await shots(bruno, 'pedidos', async () => {
    await bruno.goto(`${base}/#/pedidos`);
    await bruno.reload();
    const card = bruno.locator('li[data-request]');
    await expect(card).toContainText('Título da campanha na recarga');
    await expect(card).toContainText('Pedido por Ana Souza');
    await axe(bruno);
  });
  await shots(bruno, 'pedido-revisar', async () => {
    await bruno.goto(`${base}/#/pedidos`);
    await bruno.reload();
    await bruno.locator('li[data-request]').getByRole('button', { name: 'Revisar e decidir' }).click();
    const decide = bruno.getByRole('dialog', { name: 'Pedido de Ana Souza' });
    await expect(decide.getByRole('img', { name: /\/recarga .*depois da mudança/ }).first()).toBeVisible({
      timeout: 180_000,
    });
    await expect(decide.getByRole('button', { name: 'Aprovar e publicar' })).toBeVisible();
  });
  await bruno.context().close();
});
