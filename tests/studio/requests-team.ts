/**
 * The team the requests tests work with (issue 39, decisions 0048/0049): a hosted Estúdio over a
 * git site whose remote is a bare repository, the real build as the check, and three accounts —
 * Ana (Editor), Bruno (Publicador), Carla (Administrador) — each signed in with their own session.
 *
 *   const team = teamStudio();            // at the top of a test file: beforeAll/afterAll registered
 *   await team.api(ANA, 'POST', '/api/requests', { files, message });
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { cachedAppDir } from '../../studio/server/app-cache.ts';
import { writeAccountsFile } from '../../studio/server/hosted/accounts.ts';
import { createStudioServer, type StudioServer } from '../../studio/server/server.ts';
import { git, makeGitSite, root, type GitSite } from './git-site.ts';
import { cheapHash } from './helpers.ts';

export const ANA = {
  name: 'Ana Editora',
  email: 'ana@fillgas.com.br',
  password: 'cilindro azul no portão',
  role: 'editor',
};
export const BRUNO = {
  name: 'Bruno Publicador',
  email: 'bruno@fillgas.com.br',
  password: 'outra frase bem comprida',
  role: 'publicador',
};
export const CARLA = {
  name: 'Carla Admin',
  email: 'carla@fillgas.com.br',
  password: 'a terceira frase longa',
  role: 'administrador',
};
export type Who = typeof ANA;

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface Team {
  readonly site: GitSite;
  readonly base: string;
  /** The API as `who`'s browser calls it: their session cookie, Origin on writes, JSON. */
  api<T>(who: Who, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** `who`'s session cookie ("name=value"), for a browser of theirs. */
  cookie(who: Who): string;
  /** A page's file in the working copy. */
  page(name: string): string;
  /** Commits on the remote's main. */
  commits(): number;
  /** Saves a page with `from` replaced by `to` (which must be there). */
  edit(name: string, from: string, to: string): Promise<void>;
}

const PAGES = ['_site.yaml', '404.yaml', 'index.yaml', 'recarga.yaml', 'termos-de-uso.yaml'];

/** The team's Estúdio, started before the file's tests and closed after them. */
export function teamStudio(pages: string[] = PAGES): Team {
  let site: GitSite;
  let server: StudioServer;
  let base = '';
  const cookies = new Map<string, string>();

  async function signIn(who: Who): Promise<string> {
    const res = await fetch(`${base}/entrar`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: who.email, senha: who.password }).toString(),
    });
    expect(res.status).toBe(303);
    return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  }

  beforeAll(async () => {
    site = await makeGitSite({ pages });
    const accountsFile = path.join(site.tmp, 'dados', 'contas.json');
    await writeAccountsFile(
      accountsFile,
      [ANA, BRUNO, CARLA].map((p) => ({
        name: p.name,
        email: p.email,
        hash: cheapHash(p.password),
        role: p.role as 'editor',
      })),
    );
    const port = await freePort();
    server = await createStudioServer({
      root,
      runtime: 'loaded', // the test process's own modules (helpers.ts)
      pagesDir: path.join(site.work, 'pages'),
      publicDir: path.join(site.work, 'public'),
      dataDir: path.join(site.tmp, 'dados'),
      host: '127.0.0.1',
      port,
      hosted: { publicUrl: `http://127.0.0.1:${port}`, accountsFile, appDir: await cachedAppDir(root) },
    });
    base = `http://127.0.0.1:${server.port}`;
    for (const who of [ANA, BRUNO, CARLA]) cookies.set(who.email, await signIn(who));
  }, 240_000);

  afterAll(async () => {
    await server?.close();
    if (site) await rm(site.tmp, { recursive: true, force: true });
  });

  const page = (name: string) => path.join(site.work, 'pages', name);
  return {
    get site() {
      return site;
    },
    get base() {
      return base;
    },
    async api<T>(who: Who, method: string, url: string, body?: unknown) {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          Cookie: cookies.get(who.email)!,
          ...(method === 'GET' ? {} : { Origin: base }),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as T };
    },
    cookie: (who) => cookies.get(who.email)!,
    page,
    commits: () => Number(git(site.remote, 'rev-list', '--count', 'main')),
    async edit(name, from, to) {
      const text = await readFile(page(name), 'utf8');
      expect(text).toContain(from);
      await writeFile(page(name), text.replace(from, to));
    },
  };
}
