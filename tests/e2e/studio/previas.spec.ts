/**
 * Compartilhar prévia (issue 39, decision 0050) in a real browser, against the hosted Estúdio
 * started as a host starts it, over a clone with a bare remote: an Editor shares /recarga's saved
 * change from the editor's bar; a reader with no account opens the link at 1280 and 375 px (the
 * page as a visitor gets it, its page script working, the banner, no policy violation, nothing wider
 * than the phone) and leaves a comment with markup; the author reads it as text in Prévias
 * compartilhadas and revokes the link, which stops at once. axe on every screen. Pictures go to
 * .tmp/shots-h8/ (and to docs/estudio/ with ESTUDIO_DOC_SHOTS=1).
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
const EMAIL = 'ana@fillgas.com.br';
const PASSWORD = 'cilindro azul no portão';
const NEW_TITLE = 'Recarga de CO2 na sua porta, hoje.';

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

let site: GitSite;
let child: ChildProcess | undefined;
let base: string;
let link: string;

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test.beforeAll(async () => {
  site = await makeGitSite({ pages: ['_site.yaml', '404.yaml', 'index.yaml', 'recarga.yaml'] });
  // A saved change not yet on the site.
  const file = path.join(site.work, 'pages/recarga.yaml');
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace('title: Recarga de CO2 sem sair de casa.', `title: ${NEW_TITLE}`));
  const data = path.join(site.tmp, 'dados');
  await run(
    process.execPath,
    [
      ...TSX,
      'studio/server/hosted/account-cli.ts',
      'adicionar',
      '--email',
      EMAIL,
      '--nome',
      'Ana Souza',
      '--papel',
      'editor',
    ],
    { cwd: ROOT, env: { ...process.env, STUDIO_DATA_DIR: data, STUDIO_PASSWORD: PASSWORD } },
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
    const timer = setTimeout(() => reject(new Error(`O Estúdio não respondeu em 90 s:\n${output}`)), 90_000);
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

async function picture(p: Page, name: string, width: number, whole = false, docs = true) {
  if (width === 375)
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  if (whole) {
    const height = await p.evaluate(() => document.documentElement.scrollHeight);
    await p.setViewportSize({ width, height: Math.min(height, 3000) });
  }
  await p.waitForTimeout(400);
  const file = test.info().outputPath(`${name}-${width}.png`);
  await p.screenshot({ path: file });
  for (const dir of ['.tmp/shots-h8', ...(docs && process.env.ESTUDIO_DOC_SHOTS ? ['docs/estudio'] : [])]) {
    await mkdir(path.join(ROOT, dir), { recursive: true });
    await copyFile(file, path.join(ROOT, dir, `${name}-${width}.png`));
  }
}

async function signIn(p: Page) {
  await p.goto(`${base}/entrar`);
  await p.getByLabel('E-mail').fill(EMAIL);
  await p.getByLabel('Senha').fill(PASSWORD);
  await p.getByRole('button', { name: 'Entrar' }).click();
  await p.waitForURL(`${base}/`);
}

/** A reader's browser: no cookie of the Estúdio, its policy violations and errors collected. */
async function reader(browser: Browser, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width === 375 ? 740 : 800 },
    locale: 'pt-BR',
    ...(width === 375 ? { isMobile: true, hasTouch: true } : {}),
  });
  const p = await context.newPage();
  const problems: string[] = [];
  p.on('pageerror', (error) => problems.push(error.message));
  await p.exposeFunction('reportViolation', (text: string) => problems.push(text));
  await p.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      report(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  return { p, problems, close: () => context.close() };
}

test('an Editor shares a saved change from the editor’s bar; the link is shown once', async ({ page: p }) => {
  test.setTimeout(180_000);
  await signIn(p);
  for (const width of [1280, 375]) {
    await p.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await p.goto(`${base}/#/editar/${encodeURIComponent('pages/recarga.yaml')}`);
    await expect(p.getByRole('button', { name: 'Compartilhar prévia' })).toBeVisible();
    await picture(p, 'editor-barra', width, false, false);
    await p.getByRole('button', { name: 'Compartilhar prévia' }).click();
    const dialog = p.getByRole('dialog', { name: 'Compartilhar prévia de /recarga' });
    await expect(dialog.getByRole('radio', { name: '7 dias' })).toBeChecked();
    await dialog.getByRole('radio', { name: '30 dias' }).check();
    await dialog.getByRole('radio', { name: '7 dias' }).check();
    await dialog.getByRole('button', { name: 'Criar link' }).click();
    const field = dialog.getByLabel('Link da prévia');
    await expect(field).toHaveValue(new RegExp(`^${base}/previa/[A-Za-z0-9_-]{43}$`));
    await expect(dialog).toContainText('o Estúdio não o mostra de novo');
    await axe(p);
    if (width === 1280) link = await field.inputValue();
    // A token is never kept in a picture (nor in the repository): the field shows dots instead.
    await field.evaluate((el: HTMLInputElement) => (el.value = el.value.replace(/[^/]+$/, '•'.repeat(43))));
    await picture(p, 'compartilhar-previa', width);
    await dialog.getByRole('button', { name: 'Fechar' }).click();
  }
});

test('a reader with no account sees the page as a visitor would, at 1280 and 375 px, and comments', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  for (const width of [1280, 375]) {
    const { p, problems, close } = await reader(browser, width);
    const answer = await p.goto(link);
    expect(answer!.status()).toBe(200);
    expect(answer!.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(answer!.headers()['cache-control']).toBe('private, no-store');
    await expect(p.getByRole('complementary', { name: 'Prévia' })).toHaveText(
      /Prévia: ainda não está no site/,
    );
    await expect(p.getByRole('heading', { level: 1 })).toContainText(NEW_TITLE);
    // The site's page script runs: a block further down is revealed as it scrolls into view.
    await expect(p.locator('html')).toHaveClass(/reveal-on/);
    const further = p.locator('[data-reveal]').last();
    await further.scrollIntoViewIfNeeded();
    await expect(further).toHaveClass(/active/);
    await p.evaluate(() => window.scrollTo(0, 0));
    expect(await p.evaluate(() => document.cookie)).toBe('');
    // axe as the site's own accessibility test reads it: without the reveal's fade (a11y.spec.ts).
    await p.emulateMedia({ reducedMotion: 'reduce' });
    await axe(p);
    await picture(p, 'previa-compartilhada', width);
    if (width === 375) {
      await p.getByRole('link', { name: 'Comentar' }).click();
      await p.getByLabel('Seu nome (opcional)').fill('Jurídico');
      await p
        .getByLabel('Comentário')
        .fill('Pode trocar "hoje" por <b>amanhã</b>? <script>alert(1)</script>');
      await p.getByRole('button', { name: 'Enviar comentário' }).click();
      await expect(p.getByRole('status')).toContainText('Comentário enviado');
      await axe(p);
      await p.locator('#comentar-previa').scrollIntoViewIfNeeded();
      await picture(p, 'previa-comentario', width, false, false);
    }
    expect(problems).toEqual([]);
    await close();
  }
});

test('the author reads the comment as text in Prévias compartilhadas and revokes the link: it stops at once', async ({
  page: p,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(p);
  for (const width of [1280, 375]) {
    await p.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await p.goto(`${base}/#/`);
    await p.getByRole('link', { name: 'Prévias compartilhadas' }).click();
    await expect(p.getByRole('heading', { level: 1 })).toHaveText('Prévias compartilhadas');
    const comments = p.getByRole('list', { name: 'Comentários da prévia de /recarga' });
    await expect(comments).toContainText('Pode trocar "hoje" por <b>amanhã</b>? <script>alert(1)</script>');
    await expect(comments).toContainText('Jurídico');
    await axe(p);
    await picture(p, 'previas-compartilhadas', width, true);
  }
  await p.setViewportSize({ width: 1280, height: 800 });
  // The link the reader commented on (the other one, made at 375 px, stays active).
  await p
    .locator('[data-link]')
    .filter({ hasText: 'Jurídico' })
    .getByRole('button', { name: 'Revogar' })
    .click();
  await p.getByRole('dialog').getByRole('button', { name: 'Revogar' }).click();
  await expect(p.getByText('Revogado por Ana Souza')).toBeVisible();
  const { p: r, close } = await reader(browser, 375);
  const answer = await r.goto(link);
  expect(answer!.status()).toBe(410);
  await expect(r.getByRole('heading', { level: 1 })).toHaveText('Prévia indisponível');
  await close();
});
