/**
 * A hosted Estúdio with a team (issue 39), shared by the team's browser specs (pedidos, pessoas,
 * aprovacao, equipe-docs, previas): a clone with a bare repository as its remote (git-site.ts),
 * accounts made by the account command (`studio:conta adicionar`, the password from
 * STUDIO_PASSWORD; run from its kept bundle, as hosted.spec runs it through tsx as a host does;
 * once per worker and team, later files copying its contas.json),
 * and the Estúdio started as a host starts it (`--hosted
 * --public-url`, STUDIO_DATA_DIR, STUDIO_REPO). `hostedTeam()` starts one for the spec file in
 * `beforeAll` and stops it in `afterAll`: the file's tests share it, so a file whose tests would
 * see each other's state runs them in order (`mode: 'default'` or `'serial'`) and each test
 * names its own request, page or link rather than counting everything on the server.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Cookie,
  type Page,
} from '@playwright/test';
import { makeGitSite, type GitSite } from '../../studio/git-site.ts';
import { endWithWorker, keptEntryArgs, ROOT, studioEnv } from './studio-server.ts';
import { axeOutsideFrames } from '../axe.ts';

const run = promisify(execFile);

export interface Person {
  email: string;
  name: string;
  password: string;
  role: 'editor' | 'publicador' | 'administrador';
}

export const ANA: Person = {
  email: 'ana@fillgas.com.br',
  name: 'Ana Souza',
  password: 'cilindro azul no portão',
  role: 'editor',
};
export const BRUNO: Person = {
  email: 'bruno@fillgas.com.br',
  name: 'Bruno Lima',
  password: 'outra frase bem comprida',
  role: 'publicador',
};
export const CARLA: Person = {
  email: 'carla@fillgas.com.br',
  name: 'Carla Dias',
  password: 'a terceira frase longa',
  role: 'administrador',
};

export interface HostedTeamOptions {
  /** The files of pages/ the site has (a smaller site builds faster). */
  pages?: string[];
  /** The accounts, added in this order (account-cli.ts says what the first one of a file becomes). */
  people?: Person[];
  /** Runs after the site is made and before the accounts and the start: saved changes, a state file. */
  prepare?: (site: GitSite, data: string) => Promise<void>;
}

export interface HostedTeam {
  /** The clone, its bare remote and the temporary folder (filled in `beforeAll`). */
  site: GitSite;
  /** The Estúdio's address, `http://127.0.0.1:<port>` (no trailing slash). */
  base: string;
  /** STUDIO_DATA_DIR: contas.json, pedidos.json, previas.json, audit.log. */
  data: string;
  /**
   * Signs `who` in on `page` and waits for Páginas: the first time in this file through the form,
   * later with the cookies that sign-in left (a person coming back), or the form again if that
   * session ended.
   */
  signIn(page: Page, who: Person): Promise<void>;
  /** A new browser context (pt-BR, 1280 × 900 unless `options` say otherwise) with `who` signed in (signIn). */
  signedIn(browser: Browser, who: Person, options?: BrowserContextOptions): Promise<Page>;
}

export const TEAM_PAGES = ['_site.yaml', '404.yaml', 'index.yaml', 'recarga.yaml', 'termos-de-uso.yaml'];

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * contas.json as the account command left it, by the people added (in order): kept for the
 * worker's later spec files with the same team, which then copy it instead of running the
 * command again (three Node processes, about 2.5 s of CPU a file through tsx; session 27). The
 * command itself still makes every team's accounts, once per worker.
 */
const madeAccounts = new Map<string, string>();

/**
 * Adds each person with `studio:conta adicionar`: the command's kept bundle (the same code as
 * `npm run studio:conta`'s tsx, without tsx's loading: three runs took 7.5–9.2 s of wall and
 * 4.3–4.5 s of CPU through tsx, 4.8–5.1 s and 3.5–3.6 s so, load 9–10). hosted.spec.ts still
 * runs it through tsx.
 */
async function addAccounts(data: string, people: readonly Person[]): Promise<void> {
  const file = path.join(data, 'contas.json');
  const key = JSON.stringify(people);
  const made = madeAccounts.get(key);
  const fresh = !(await stat(file).catch(() => undefined));
  if (made !== undefined && fresh) {
    // As accounts.ts writes it: the folder and the file readable by the host's user only.
    await mkdir(data, { recursive: true, mode: 0o700 });
    await writeFile(file, made, { mode: 0o600 });
    return;
  }
  for (const who of people)
    await run(
      process.execPath,
      [
        ...(await keptEntryArgs('studio/server/hosted/account-cli.ts')),
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
  if (fresh) madeAccounts.set(key, await readFile(file, 'utf8'));
}

/** Starts the hosted Estúdio and resolves when it prints its address. */
async function startHosted(work: string, data: string, base: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      ...(await keptEntryArgs('studio/server/main.ts')),
      '--hosted',
      '--public-url',
      base,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    {
      cwd: ROOT,
      env: studioEnv({ ...process.env, STUDIO_DATA_DIR: data, STUDIO_REPO: work }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  endWithWorker(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running: nothing else would stop it.
      process.kill(-child.pid!, 'SIGTERM');
      reject(new Error(`O Estúdio não respondeu em 180 s:\n${output}`));
    }, 180_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.split('\n').some((line) => line.trim() === `${base}/`)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`O Estúdio saiu (${code}):\n${output}`));
    });
  });
  return child;
}

/**
 * One hosted Estúdio for the calling spec file: registers its `beforeAll` (make the site, run
 * `prepare`, add the accounts, start) and `afterAll` (stop the process group, remove the folder).
 * The returned object's `site`, `base` and `data` are there from `beforeAll` on.
 */
export function hostedTeam(options: HostedTeamOptions = {}): HostedTeam {
  const { pages = TEAM_PAGES, people = [CARLA, ANA, BRUNO], prepare } = options;
  let child: ChildProcess | undefined;
  // The contexts `signedIn` made, closed after each test: Playwright closes only its own `context`
  // fixture's, and one left open lives (polling the Estúdio, painting its preview) until the
  // worker ends, through every later spec file's tests (session 27).
  const opened = new Set<BrowserContext>();
  // Each person's cookies from their first sign-in through the form, for this file's later
  // contexts (the cookies only: nothing a page stored in the browser comes with them). Signing in
  // again each time was a page of its own, the password's scrypt (N = 2^15, p = 3) and a Páginas
  // read before the test's own screen, per context: 31 contexts in the seven team files.
  const sessions = new Map<string, Cookie[]>();
  const team: HostedTeam = {
    site: undefined as unknown as GitSite,
    base: '',
    data: '',
    async signIn(page, who) {
      const kept = sessions.get(who.email);
      if (kept) {
        // Signed in already: the Estúdio opens on Páginas, as for a person coming back to it.
        await page.context().addCookies(kept);
        await page.goto(`${team.base}/`);
        if (new URL(page.url()).pathname === '/') {
          await expect(page.getByRole('heading', { name: 'Páginas' })).toBeVisible();
          return;
        }
        // The session ended (Sair, a new password): signed in again through the form.
      }
      await page.goto(`${team.base}/entrar`);
      await page.getByLabel('E-mail').fill(who.email);
      await page.getByLabel('Senha').fill(who.password);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page.getByRole('heading', { name: 'Páginas' })).toBeVisible();
      sessions.set(who.email, await page.context().cookies(team.base));
    },
    async signedIn(browser, who, contextOptions = {}) {
      const context = await browser.newContext({
        locale: 'pt-BR',
        viewport: { width: 1280, height: 900 },
        ...contextOptions,
      });
      opened.add(context);
      const page = await context.newPage();
      await team.signIn(page, who);
      return page;
    },
  };

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    sessions.clear();
    team.site = await makeGitSite({ pages });
    team.data = path.join(team.site.tmp, 'dados');
    if (prepare) await prepare(team.site, team.data);
    await addAccounts(team.data, people);
    const port = await freePort();
    team.base = `http://127.0.0.1:${port}`;
    child = await startHosted(team.site.work, team.data, team.base, port);
  });

  test.afterEach(async () => {
    await Promise.all([...opened].map((context) => context.close()));
    opened.clear();
  });

  test.afterAll(async () => {
    if (child?.exitCode === null) {
      const running = child;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      process.kill(-running.pid!, 'SIGTERM');
      await exited;
    }
    child = undefined;
    if (team.site) await rm(team.site.tmp, { recursive: true, force: true });
  });

  return team;
}

/** axe finds nothing on the page (the preview frame, a page of its own, left out). */
export async function expectAxeClean(page: Page): Promise<void> {
  const results = await axeOutsideFrames(page);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/**
 * The height that shows the whole screen: the hosted Estúdio's screens scroll inside the shell
 * under the session bar (session-bar.tsx), not the document, so the document's own height is the
 * window's; this adds what the tallest scrolling part (dialogs left out) hides.
 */
export async function wholeHeight(page: Page): Promise<number> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    let hidden = 0;
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('dialog')) continue;
      const { overflowY } = getComputedStyle(el);
      if (overflowY !== 'auto' && overflowY !== 'scroll') continue;
      hidden = Math.max(hidden, el.scrollHeight - el.clientHeight);
    }
    return doc.scrollHeight + hidden;
  });
}
