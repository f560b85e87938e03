/**
 * The hosted Estúdio as a marketer with only a browser meets it (decision 0018): started the way
 * a host starts it (`npm run studio -- --hosted`, an account made by `npm run studio:conta`),
 * signed in through /entrar, the editor and its preview working under the app's strict CSP with
 * not one violation, and Sair back to the sign-in page.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { projectArgs } from '../../helpers/tsx.ts';
import { ROOT, studioEnv, TSX } from './studio-server.ts';
import { axeOutsideFrames } from '../axe.ts';

const run = promisify(execFile);
const EMAIL = 'ana@fillgas.com.br';
const PASSWORD = 'cilindro azul no portão';

let dir: string;
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
  dir = await mkdtemp(path.join(os.tmpdir(), 'estudio-hospedado-e2e-'));
  // The repository clone it works in (--repo / STUDIO_REPO): its pages/ and public/.
  await cp(path.join(ROOT, 'pages'), path.join(dir, 'pages'), { recursive: true });
  await cp(path.join(ROOT, 'public'), path.join(dir, 'public'), { recursive: true });
  const data = path.join(dir, '.estudio');
  await run(
    process.execPath,
    [...TSX, 'studio/server/hosted/account-cli.ts', 'adicionar', '--email', EMAIL, '--nome', 'Ana Souza'],
    {
      cwd: ROOT,
      env: { ...process.env, STUDIO_DATA_DIR: data, STUDIO_PASSWORD: PASSWORD },
    },
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
      env: studioEnv({ ...process.env, STUDIO_DATA_DIR: data, STUDIO_REPO: dir }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`O Estúdio não respondeu em 90 s:\n${output}`)), 90_000);
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
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('a marketer signs in, edits with the live preview under a strict CSP (no violation), and leaves', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const violations: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      report(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));

  // Nobody signed in: the app's address leads to the sign-in page.
  await page.goto(`${base}/`);
  await expect(page).toHaveURL(`${base}/entrar`);
  await expect(page.getByRole('heading', { name: 'Estúdio Fillgás' })).toBeVisible();

  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Senha').fill('senha errada de propósito');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail ou senha incorretos.');
  await expect(page.getByLabel('E-mail')).toHaveValue(EMAIL);

  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(`${base}/`);
  await expect(page.getByRole('heading', { name: 'Páginas' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sessão' }).getByText('Ana Souza')).toBeVisible();
  const cookie = (await page.context().cookies()).find((c) => c.name === '__Host-estudio')!;
  expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict', path: '/' });

  // The editor, its YAML worker, and the preview rendered by the server in the sandboxed frame.
  await page.getByRole('button', { name: 'Abrir /agendamento', exact: true }).click();
  await expect(page.getByRole('heading', { name: '/agendamento' })).toBeVisible();
  const phone = page.frameLocator('iframe[title="Prévia da página: Celular"]');
  const hero = phone.locator('fillgas-block:has(h1)');
  await expect(hero).toContainText('Sodastream Refil', { timeout: 60_000 });
  // The editor opens on the page (issue 37): the YAML is in the Código tab.
  await page.getByRole('tab', { name: 'Código' }).click();
  const editor = page.getByRole('textbox', { name: 'Código YAML da página' });
  // (CodeMirror draws the lines near what is on screen: scrolled down to the hero's title.)
  await expect(async () => {
    await page.locator('.cm-scroller').evaluate((el) => el.scrollBy(0, 300));
    await expect(editor.getByText('Sodastream Refil').first()).toBeVisible({ timeout: 500 });
  }).toPass();
  await editor.getByText('Sodastream Refil').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Hospedado');
  await expect(hero).toContainText('Hospedado');
  await expect.poll(() => workers.some((url) => /\/app\/yaml-worker-[\w-]+\.js$/.test(url))).toBe(true);
  // The session's bar and the editor's together pass axe (one banner). The frames are the site's
  // pages (their own axe tests); CodeMirror's scroller is reached through its editable text.
  const axe = await axeOutsideFrames(page, { disableRules: ['scrollable-region-focusable'] });
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);

  // A misspelt key: the located problem listed and underlined (CodeMirror's lint styles).
  await page.keyboard.press('Home');
  await page.keyboard.type('x');
  const problems = page.getByRole('region', { name: 'Problemas da página' });
  await expect(problems).toContainText('"xtitle"');
  await expect(page.locator('.cm-lintRange-error').first()).toBeVisible();
  await page.keyboard.press('Backspace');
  await expect(problems).not.toContainText('"xtitle"');

  // The palette's thumbnails: srcdoc frames that inherit the app's policy, styled through its nonce.
  await page.getByRole('button', { name: 'Adicionar bloco' }).click();
  const dialog = page.getByRole('dialog');
  const notFound = dialog.locator('button[data-type="notFound"] iframe');
  await expect(notFound).toBeAttached({ timeout: 30_000 });
  const heading = notFound.contentFrame().locator('h1');
  await expect(heading).toContainText('404');
  expect(await heading.evaluate((h) => getComputedStyle(h).fontFamily)).toContain('Poppins');
  await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();

  expect(violations).toEqual([]);
  expect(errors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);

  // Sair: the session ends on the server; the app's address leads to the sign-in page again.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(`${base}/entrar?saiu=1`);
  await expect(page.getByRole('status')).toHaveText('Você saiu do Estúdio.');
  await page.goto(`${base}/`);
  await expect(page).toHaveURL(`${base}/entrar`);
  expect(violations).toEqual([]);
});
