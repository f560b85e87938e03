/**
 * Shared previews (issue 39, decision 0050) on a real hosted Estúdio over a real git clone with a
 * bare remote: a link shows exactly its page as saved when shared (a snapshot), to anyone, with no
 * session, read-only, noindex and never cached by a shared cache; it opens nothing else (no API,
 * no other page, no other token); it expires, stops at once when revoked, and dies with its page.
 * Forged, truncated and reused tokens, markup in comments, oversized comments; the token is in no
 * log, no state file and no commit.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAccountsFile, type Account } from '../../studio/server/hosted/accounts.ts';
import { cachedAppDir } from '../../studio/server/app-cache.ts';
import { createStudioServer, type StudioServer } from '../../studio/server/server.ts';
import type { SharedPreviewsAnswer, ShareAnswer } from '../../studio/shared-previews-api.ts';
import { git, makeGitSite, type GitSite } from './git-site.ts';
import { cheapHash, rawRequest, root } from './helpers.ts';

const DAY = 86_400_000;
let now = Date.UTC(2026, 10, 28, 15, 0);
let site: GitSite;
let server: StudioServer;
let origin: string;
let cookie: string;
const dataDir = () => path.join(site.tmp, 'dados');

beforeAll(async () => {
  site = await makeGitSite({
    pages: [
      '_site.yaml',
      '404.yaml',
      'index.yaml',
      'recarga.yaml',
      'sodastream-t.yaml',
      'recarrega-site.yaml',
    ],
  });
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  const accountsFile = path.join(site.tmp, 'contas.json');
  // An Editor: sharing is every role's (decision 0048's table).
  await writeAccountsFile(accountsFile, [
    {
      name: 'Ana Souza',
      email: 'ana@fillgas.com.br',
      hash: cheapHash('cilindro azul no portão'),
      role: 'editor',
    },
    {
      name: 'Bruno Lima',
      email: 'bruno@fillgas.com.br',
      hash: cheapHash('outra frase bem comprida'),
      role: 'administrador',
    },
  ] as Account[]);
  origin = `http://127.0.0.1:${port}`;
  server = await createStudioServer({
    root,
    runtime: 'loaded', // the test process's own modules (helpers.ts)
    pagesDir: path.join(site.work, 'pages'),
    publicDir: path.join(site.work, 'public'),
    dataDir: dataDir(),
    host: '127.0.0.1',
    port,
    hosted: { publicUrl: origin, accountsFile, appDir: await cachedAppDir(root), now: () => now },
  });
  await signIn();
}, 240_000);

/** Ana signs in (again after the test's clock moved past her session); Bruno publishes. */
async function signIn(email = 'ana@fillgas.com.br', senha = 'cilindro azul no portão') {
  const login = await fetch(`${origin}/entrar`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, senha }).toString(),
  });
  expect(login.status).toBe(303);
  cookie = login.headers.get('set-cookie')!.split(';')[0]!;
}

afterAll(async () => {
  await server?.close();
  if (site) await rm(site.tmp, { recursive: true, force: true });
});

const api = (method: string, url: string, body?: unknown) =>
  fetch(`${origin}${url}`, {
    method,
    redirect: 'manual',
    headers: {
      Cookie: cookie,
      ...(method === 'GET' ? {} : { Origin: origin }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** A reader: no cookie at all. */
const read = (url: string, init: RequestInit = {}) =>
  fetch(url.startsWith('http') ? url : `${origin}${url}`, { redirect: 'manual', ...init });

async function edit(file: string, from: string, to: string) {
  const abs = path.join(site.work, file);
  const text = await readFile(abs, 'utf8');
  expect(text).toContain(from);
  await writeFile(abs, text.replace(from, to));
}

/** The page's own title line (the first "title:" at the start of a line) becomes `title`. */
async function setTitle(file: string, title: string) {
  const abs = path.join(site.work, file);
  const text = await readFile(abs, 'utf8');
  expect(text).toMatch(/^title: /m);
  await writeFile(abs, text.replace(/^title: .*$/m, `title: ${title}`));
}

async function share(file: string, days?: number): Promise<ShareAnswer> {
  const res = await api('POST', '/api/previas', { file, ...(days === undefined ? {} : { days }) });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as ShareAnswer;
}

const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

function comment(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return read(`${url}/comentario`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'null', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

async function links(): Promise<SharedPreviewsAnswer> {
  const res = await api('GET', '/api/previas');
  expect(res.status).toBe(200);
  return (await res.json()) as SharedPreviewsAnswer;
}

let shared: ShareAnswer;

describe('a shared link', () => {
  it('is refused for a page with nothing unpublished, and made for a saved change (7 days by default)', async () => {
    const unchanged = await api('POST', '/api/previas', { file: 'pages/recarga.yaml' });
    expect(unchanged.status).toBe(409);
    expect(((await unchanged.json()) as { error: string }).error).toMatch(/não tem mudanças salvas/);
    await edit(
      'pages/recarga.yaml',
      'title: Recarga de CO2 sem sair de casa.',
      'title: Recarga de CO2 na sua porta.',
    );
    shared = await share('pages/recarga.yaml');
    expect(shared.url).toMatch(new RegExp(`^${origin}/previa/[A-Za-z0-9_-]{43}$`));
    expect(shared.link).toMatchObject({ file: 'pages/recarga.yaml', route: '/recarga', state: 'ativo' });
    expect(Date.parse(shared.link.expiresAt) - Date.parse(shared.link.createdAt)).toBe(7 * DAY);
    for (const days of [0, 3, 365, '7']) {
      const res = await api('POST', '/api/previas', { file: 'pages/recarga.yaml', days });
      expect(res.status).toBe(400);
    }
  });

  it('shows the page as a visitor gets it, with the banner, its page script, noindex, private no-store, no-referrer, and no cookie', async () => {
    const res = await read(shared.url);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Recarga de CO2 na sua porta.');
    expect(html).toContain('Prévia: ainda não está no site');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toMatch(/<script type="module" src="\/previa-pagina\.js"/);
    // The site's markup: none of the editor preview's marks or block wrappers.
    expect(html).not.toMatch(/fillgas-block|\u{E005B}/u);
    // The site's links lead to the site (its origin in _site.yaml), never to the Estúdio's sign-in.
    expect(html).not.toMatch(/<a\b[^>]*\shref="\/(?!\/)/);
    expect(html).toMatch(/<a\b[^>]*\shref="https:\/\/fillgas\.example\//);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('set-cookie')).toBeNull();
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("connect-src 'none'");
    expect(csp).not.toContain('googletagmanager');
    const script = await read('/previa-pagina.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await script.text()).length).toBeGreaterThan(1000);
    // The fonts and images it needs are the site's public files, served to anyone.
    const font = /href="(\/assets\/fonts\/[^"]+)"/.exec(html)?.[1];
    expect(font).toBeDefined();
    expect((await read(font!)).status).toBe(200);
  }, 120_000);

  it('keeps what was shared: a later save does not change the link', async () => {
    await edit('pages/recarga.yaml', 'title: Recarga de CO2 na sua porta.', 'title: Outro título depois.');
    const html = await (await read(shared.url)).text();
    expect(html).toContain('Recarga de CO2 na sua porta.');
    expect(html).not.toContain('Outro título depois.');
  });

  it('opens nothing else: no API, no app, no other page, no other token', async () => {
    const token = tokenOf(shared.url);
    const tries: [string, Record<string, string>][] = [
      ['/api/pages', { Cookie: `__Host-estudio=${token}` }],
      ['/api/previas', { Cookie: `__Host-estudio=${token}` }],
      ['/api/page?file=pages/index.yaml', { Authorization: `Bearer ${token}` }],
      [`/api/pages?token=${token}`, {}],
      ['/api/eu', { Referer: shared.url }],
    ];
    for (const [url, headers] of tries) expect((await read(url, { headers })).status).toBe(401);
    // The app sends to the sign-in page.
    const app = await read(`/?token=${token}`);
    expect(app.status).toBe(303);
    expect(app.headers.get('location')).toMatch(/^\/entrar/);
    // Another page through the link's address: nothing.
    for (const p of [
      `/previa/${token}/index`,
      `/previa/${token}/../index`,
      `/previa/${token}?file=pages/index.yaml`,
      `/previa/${token}/api/pages`,
    ]) {
      const answer = await rawRequest(server.port, { path: p, headers: { Host: new URL(origin).host } });
      if (p.includes('?file=')) {
        expect(answer.status).toBe(200);
        expect(answer.text).toContain('Recarga de CO2 na sua porta.');
      } else {
        expect(answer.status).toBe(404);
        expect(answer.text).toContain('Esta prévia não está disponível');
      }
    }
    // Read-only: nothing but GET, HEAD and the comment form.
    expect((await read(shared.url, { method: 'PUT', headers: { Origin: origin } })).status).toBe(405);
  });

  it('answers forged, truncated and altered tokens with the same plain page (404), saying nothing that helps guessing', async () => {
    const token = tokenOf(shared.url);
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const forged = [
      token.slice(0, -1),
      token.slice(0, 22),
      `${token.slice(0, -1)}${flip(token.at(-1)!)}`,
      randomBytes(32).toString('base64url'),
      `${token}A`,
      '',
      '..%2F..%2Fapi%2Fpages',
      `${token}%00`,
    ];
    const bodies = new Set<string>();
    for (const t of forged) {
      const res = await read(`/previa/${t}`);
      expect(res.status, t).toBe(404);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const text = await res.text();
      expect(text).not.toContain('Recarga');
      bodies.add(text);
    }
    expect(bodies.size).toBe(1);
  });

  it('takes a reader’s comment as plain text, limited; markup stays text; the author reads it in the Estúdio', async () => {
    const markup = '<script>alert(1)</script><b>Ok-do-juridico</b> & "aspas"\nSegunda linha';
    const sent = await comment(shared.url, { nome: 'Jurídico <i>X</i>', comentario: markup });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toMatch(/comentario=enviado/);
    const page = await (await read(sent.headers.get('location')!.replace(/#.*/, ''))).text();
    expect(page).toContain('Comentário enviado');
    // Never put into the page: other readers do not see it, and no markup of a reader is ever HTML.
    expect(page).not.toContain('Ok-do-juridico');
    const [link] = (await links()).links.filter((l) => l.id === shared.link.id);
    expect(link!.comments).toEqual([expect.objectContaining({ name: 'Jurídico <i>X</i>', text: markup })]);
    // Oversized: refused in words, nothing kept; a body beyond the form's size: 413.
    const long = await comment(shared.url, { comentario: 'a'.repeat(1001) });
    expect(long.headers.get('location')).toMatch(/comentario=longo/);
    const empty = await comment(shared.url, { comentario: '   ' });
    expect(empty.headers.get('location')).toMatch(/comentario=vazio/);
    expect((await comment(shared.url, { comentario: 'a'.repeat(20_000) })).status).toBe(413);
    // From another site's page: refused.
    expect(
      (await comment(shared.url, { comentario: 'spam' }, { Origin: 'https://mal.example' })).status,
    ).toBe(403);
    expect((await links()).links.find((l) => l.id === shared.link.id)!.comments).toHaveLength(1);
  });

  it('expires: one day means one day', async () => {
    await setTitle('pages/index.yaml', 'Prévia de um dia');
    const day = await share('pages/index.yaml', 1);
    expect((await read(day.url)).status).toBe(200);
    now += DAY - 1000;
    expect((await read(day.url)).status).toBe(200);
    now += 1000;
    await signIn();
    const gone = await read(day.url);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('Esta prévia não está disponível');
    expect((await comment(day.url, { comentario: 'tarde demais' })).status).toBe(410);
    expect((await links()).links.find((l) => l.id === day.link.id)!.state).toBe('expirado');
    // The first link (7 days) still works.
    expect((await read(shared.url)).status).toBe(200);
  });

  it('stops at once when revoked, and a revoked link reused gets the plain page', async () => {
    const revoke = await api('POST', '/api/previas/revogar', { id: shared.link.id });
    expect(revoke.status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await read(shared.url)).status).toBe(410);
    expect((await comment(shared.url, { comentario: 'depois de revogado' })).status).toBe(410);
    const listed = (await links()).links.find((l) => l.id === shared.link.id)!;
    expect(listed).toMatchObject({ state: 'revogado', revokedBy: 'Ana Souza' });
    expect((await api('POST', '/api/previas/revogar', { id: 'x'.repeat(12) })).status).toBe(404);
    expect((await api('POST', '/api/previas/revogar', { id: '../../etc' })).status).toBe(400);
  });

  it('dies with its page: a deleted page’s link gets the plain page', async () => {
    await setTitle('pages/sodastream-t.yaml', 'Vai sumir');
    // A variant's snapshot takes the page it extends too.
    await setTitle('pages/recarrega-site.yaml', 'Variante compartilhada');
    const variant = await share('pages/recarrega-site.yaml');
    expect(await (await read(variant.url)).text()).toContain('Variante compartilhada');
    const page = await share('pages/sodastream-t.yaml');
    await unlink(path.join(site.work, 'pages/sodastream-t.yaml'));
    expect((await read(page.url)).status).toBe(410);
    expect((await links()).links.find((l) => l.id === page.link.id)!.state).toBe('pagina-excluida');
    // Back as published: /recarga links to /sodastream-t#sobre, and a page with a link to no page
    // cannot be shared (runtime/load/links.ts).
    git(site.work, 'checkout', '--', 'pages/sodastream-t.yaml');
  });

  it('shares a scheduled change as the site will show it, and dies when the schedule is cancelled', async () => {
    const year = new Date(now).getUTCFullYear() + 1;
    const folder = path.join(site.work, 'pages/_agendamentos/natal');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, '_agendamento.yaml'), `start: ${year}-12-20 00:00\nnote: Natal\n`);
    const recarga = git(site.work, 'show', 'HEAD:pages/recarga.yaml');
    await writeFile(
      path.join(folder, 'recarga.yaml'),
      recarga.replace('title: Recarga de CO2 sem sair de casa.', 'title: Recarga de Natal.'),
    );
    git(site.work, 'add', 'pages/_agendamentos');
    git(site.work, 'commit', '-qm', 'Agenda o Natal');
    const res = await api('POST', '/api/previas', { file: 'pages/recarga.yaml', schedule: 'natal' });
    expect(res.status, await res.clone().text()).toBe(201);
    const scheduled = (await res.json()) as ShareAnswer;
    expect(scheduled.link.schedule).toBe('natal');
    const html = await (await read(scheduled.url)).text();
    expect(html).toContain('Recarga de Natal.');
    expect(
      (await api('POST', '/api/previas', { file: 'pages/recarga.yaml', schedule: 'pascoa' })).status,
    ).toBe(404);
    expect((await api('POST', '/api/previas', { file: 'pages/index.yaml', schedule: 'natal' })).status).toBe(
      404,
    );
    expect(
      (await api('POST', '/api/previas', { file: 'pages/recarga.yaml', schedule: '../natal' })).status,
    ).toBe(400);
    git(site.work, 'rm', '-rq', 'pages/_agendamentos');
    git(site.work, 'commit', '-qm', 'Cancela o Natal');
    expect((await read(scheduled.url)).status).toBe(410);
  });

  it('keeps tokens out of the audit log, the state files and the commits (the hash’s prefix names a link)', async () => {
    await edit('pages/recarga.yaml', 'title: Outro título depois.', 'title: Publicado.');
    const token = tokenOf((await share('pages/recarga.yaml')).url);
    await signIn('bruno@fillgas.com.br', 'outra frase bem comprida');
    const published = await api('POST', '/api/publish', {
      files: ['pages/recarga.yaml'],
      message: 'Muda o título de /recarga',
    });
    expect(published.status, await published.clone().text()).toBe(200);
    expect(git(site.remote, 'log', '-1', '--format=%s', 'main')).toBe('Muda o título de /recarga');
    const audit = await readFile(path.join(dataDir(), 'audit.log'), 'utf8');
    const shares = audit
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { action: string; details: { link?: string } })
      .filter((l) => l.action === 'compartilhar-previa');
    expect(shares.length).toBeGreaterThanOrEqual(4);
    for (const s of shares) expect(s.details.link).toMatch(/^[A-Za-z0-9_-]{8}$/);
    const { createHash } = await import('node:crypto');
    expect(shares.at(-1)!.details.link).toBe(
      createHash('sha256').update(token).digest('base64url').slice(0, 8),
    );
    for (const name of await readdir(dataDir())) {
      const text = await readFile(path.join(dataDir(), name), 'utf8').catch(() => '');
      expect(text, name).not.toContain(token);
    }
    expect(git(site.work, 'log', '-p', '--all')).not.toContain(token);
    expect(git(site.remote, 'log', '-p', '--all')).not.toContain(token);
    expect(git(site.work, 'status', '--porcelain', '--ignored')).not.toMatch(/previas/);
  }, 120_000);
});

describe('local mode', () => {
  it('says in words that sharing needs the hosted Estúdio', async () => {
    const local = await createStudioServer({
      root,
      runtime: 'loaded', // the test process's own modules (helpers.ts)
      pagesDir: path.join(site.work, 'pages'),
      publicDir: path.join(site.work, 'public'),
      dataDir: path.join(site.tmp, 'local'),
      port: 0,
    });
    try {
      const base = `http://127.0.0.1:${local.port}`;
      const headers = { Cookie: `estudio-${local.port}=${local.token}` };
      const list = (await (await fetch(`${base}/api/previas`, { headers })).json()) as SharedPreviewsAnswer;
      expect(list).toMatchObject({ available: false, links: [] });
      expect(list.reason).toMatch(/precisa do Estúdio hospedado/);
      const made = await fetch(`${base}/api/previas`, {
        method: 'POST',
        headers: { ...headers, Origin: base, 'Content-Type': 'application/json' },
        body: JSON.stringify({ file: 'pages/index.yaml' }),
      });
      expect(made.status).toBe(409);
      expect((await fetch(`${base}/previa/${randomBytes(32).toString('base64url')}`)).status).toBe(401);
    } finally {
      await local.close();
    }
  }, 120_000);
});
