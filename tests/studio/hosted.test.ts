/**
 * The hosted Estúdio (decision 0018): nothing without a session (every API path, the app),
 * sign-in with a wrong password or an unknown e-mail, the lock after repeated failures, sessions
 * that expire and end at logout or at a password change, the cookie's attributes, a CSP on every
 * answer, cross-site writes refused, the account command, and Cloudflare Access's signed header.
 * A real server on 127.0.0.1 with a clock the tests move forward.
 */
import { execFile } from 'node:child_process';
import {
  createHash,
  createHmac,
  generateKeyPairSync,
  sign as rsaSign,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../studio/server/api.ts';
import { readAccountsFile, writeAccountsFile, type Account } from '../../studio/server/hosted/accounts.ts';
import { cachedAppDir } from '../../studio/server/app-cache.ts';
import { verifyPassword } from '../../studio/server/hosted/passwords.ts';
import { createProxyVerifier } from '../../studio/server/hosted/proxy.ts';
import { projectArgs } from '../helpers/tsx.ts';
import { cheapHash, rawRequest, root, snapshot, startStudio, type Studio } from './helpers.ts';

const run = promisify(execFile);
const HOUR = 3600_000;

const ANA = { name: 'Ana Souza', email: 'ana@fillgas.com.br', password: 'cilindro azul no portão' };
const BRUNO = { name: 'Bruno Lima', email: 'bruno@fillgas.com.br', password: 'outra frase bem comprida' };

let work: string;
let appDir: string;
let accountsFile: string;
let accounts: Account[];
let now = Date.UTC(2026, 10, 23, 15, 0);
const clock = () => now;
/** A sign-in waiting its turn on a slowed e-mail moves the clock instead of the test's time. */
const waits: number[] = [];
const sleep = async (ms: number) => {
  waits.push(ms);
  now += ms;
};
let studio: Studio;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'estudio-hospedado-'));
  accountsFile = path.join(work, 'contas.json');
  // The app's build as a hosted start without --app takes it (app-cache.ts): made once per version
  // of its sources, and shared with every other Estúdio the tests start.
  // Hashes at the lowest cost the stored form allows (cheapHash): each sign-in verifies one.
  appDir = await cachedAppDir(root);
  accounts = [
    { name: ANA.name, email: ANA.email, hash: cheapHash(ANA.password), role: 'administrador' },
    { name: BRUNO.name, email: BRUNO.email, hash: cheapHash(BRUNO.password), role: 'administrador' },
  ];
  await writeAccountsFile(accountsFile, accounts);
  studio = await startStudio({
    hosted: { accountsFile, appDir, now: clock, sleep, trustedProxies: 1, limits: { ipBurst: 8 } },
  });
}, 180_000);
afterAll(async () => {
  await studio?.close();
  await rm(work, { recursive: true, force: true });
});

/** Each test signs in from its own address (X-Forwarded-For, one trusted proxy), so limits stay apart. */
let nextAddress = 1;
const newAddress = () => `203.0.113.${nextAddress++}`;

function signIn(email: string, password: string, headers: Record<string, string> = {}) {
  return fetch(`${studio.base}/entrar`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Origin: studio.origin,
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Forwarded-For': newAddress(),
      ...headers,
    },
    body: new URLSearchParams({ email, senha: password }).toString(),
  });
}

/** "__Host-estudio=<id>" from a sign-in's Set-Cookie. */
function sessionOf(res: Response): string {
  const cookie = res.headers.get('set-cookie') ?? '';
  expect(cookie).toMatch(/^__Host-estudio=[A-Za-z0-9_-]{43};/);
  return cookie.split(';')[0]!;
}

async function session(person = ANA): Promise<string> {
  const res = await signIn(person.email, person.password);
  expect(res.status).toBe(303);
  return sessionOf(res);
}

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  fetch(`${studio.base}${url}`, {
    redirect: 'manual',
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });

async function auditLines(): Promise<{ action: string; who: string; details?: Record<string, unknown> }[]> {
  const text = await readFile(path.join(studio.dataDir, 'audit.log'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { action: string; who: string; details?: Record<string, unknown> });
}

/**
 * Nothing of the site or the Estúdio's accounts is written. (The sessions file is: a signed-in
 * request marks its session as seen, and the file is written a moment later.)
 */
async function writesNothing<T>(act: () => Promise<T>): Promise<T> {
  const withoutSessions = async () =>
    Object.fromEntries(
      Object.entries(await snapshot(studio.tmp)).filter(([entry]) => !/sessoes\.json/.test(entry)),
    );
  const before = await withoutSessions();
  const result = await act();
  expect(await withoutSessions()).toEqual(before);
  return result;
}

describe('without a session', () => {
  it('lists the API routes from the server itself', () => {
    const routes = apiRoutes();
    expect(Object.keys(routes)).toEqual(expect.arrayContaining(['/api/pages', '/api/page', '/api/eu']));
  });

  it('refuses every method of every API path (401, JSON), with no cookie, a forged one or a local one', async () => {
    const cookies = [
      undefined,
      `__Host-estudio=${'A'.repeat(43)}`,
      '__Host-estudio=',
      `estudio-${studio.server.port}=qualquer-coisa-com-mais-de-16`,
    ];
    for (const [route, methods] of Object.entries(apiRoutes())) {
      for (const method of methods) {
        for (const cookie of cookies) {
          const res = await writesNothing(() =>
            fetch(`${studio.base}${route}?file=pages/agendamento.yaml`, {
              method,
              redirect: 'manual',
              headers: {
                ...(cookie ? { Cookie: cookie } : {}),
                ...(method === 'GET' || method === 'HEAD' ? {} : { Origin: studio.origin }),
                'Content-Type': 'application/json',
              },
              ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }),
            }),
          );
          expect(res.status, `${method} ${route} ${cookie ?? ''}`).toBe(401);
          expect(res.headers.get('content-type')).toContain('application/json');
          expect(((await res.json()) as { error: string }).error).toMatch(/Recarregue a página para entrar/);
        }
      }
    }
  });

  it("sends the app's address to /entrar and keeps the app's files, Vite and its modules closed", async () => {
    const app = await get('/');
    expect(app.status).toBe(303);
    expect(app.headers.get('location')).toBe('/entrar');
    const html = await readFile(path.join(appDir, 'index.html'), 'utf8');
    const asset = /src="(\/app\/[^"]+\.js)"/.exec(html)![1]!;
    for (const url of [asset, '/@vite/client', '/studio/app/main.tsx', '/node_modules/react/package.json']) {
      const res = await get(url);
      expect(res.status, url).toBe(401);
    }
    // With a cookie whose session is gone: to /entrar saying the session ended, and the cookie cleared.
    const stale = await get('/', `__Host-estudio=${'B'.repeat(43)}`);
    expect(stale.status).toBe(303);
    expect(stale.headers.get('location')).toBe('/entrar?expirou=1');
    expect(stale.headers.get('set-cookie')).toContain('Max-Age=0');
  });

  it('refuses WebSocket upgrades (no HMR when hosted)', async () => {
    const res = await rawRequest(studio.server.port, {
      path: '/',
      headers: {
        Host: `127.0.0.1:${studio.server.port}`,
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'Sec-WebSocket-Protocol': 'vite-hmr',
      },
    });
    expect(res.status).toBe(404);
  });
});

describe('signing in', () => {
  it('shows an accessible sign-in form with no script', async () => {
    const res = await get('/entrar');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toMatch(/<label for="email">E-mail<\/label>/);
    expect(html).toMatch(/<input id="email" name="email" type="email"[^>]*autocomplete="username"/);
    expect(html).toMatch(/<label for="senha">Senha<\/label>/);
    expect(html).toMatch(
      /<input id="senha" name="senha" type="password"[^>]*autocomplete="current-password"/,
    );
    expect(html).toMatch(/<form method="post" action="\/entrar">/);
    expect(html).not.toMatch(/<script|\son[a-z]+=|style="/i);
    const css = await get('/entrar.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('refuses a wrong password with 401 and the same answer as an unknown e-mail; both are audited', async () => {
    const wrong = await signIn(ANA.email, 'senha errada de propósito', { 'X-Forwarded-For': '198.51.100.7' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain('E-mail ou senha incorretos.');
    expect(wrongHtml).toContain('role="alert"');

    const unknown = await signIn('ninguem@fillgas.com.br', 'senha errada de propósito');
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('set-cookie')).toBeNull();
    expect((await unknown.text()).replace('ninguem@fillgas.com.br', ANA.email)).toBe(wrongHtml);

    const lines = await auditLines();
    expect(lines).toContainEqual({
      at: expect.any(String),
      action: 'entrar-recusado',
      who: ANA.email,
      details: { ip: '198.51.100.7', motivo: 'e-mail ou senha incorretos' },
    });
    expect(lines.some((l) => l.action === 'entrar-recusado' && l.who === 'ninguem@fillgas.com.br')).toBe(
      true,
    );
  });

  it('signs in with the right password: 303 to / and a Secure, HttpOnly, SameSite=Strict cookie that expires', async () => {
    const res = await signIn('  Ana@Fillgas.com.br ', ANA.password, { 'X-Forwarded-For': '198.51.100.8' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const [sessionCookie, browserCookie] = res.headers.getSetCookie();
    expect(browserCookie).toMatch(
      /^__Host-estudio-navegador=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; Secure; HttpOnly; SameSite=Strict; Path=\/; Max-Age=15552000$/,
    );
    const parts = sessionCookie!.split('; ');
    expect(parts[0]).toMatch(/^__Host-estudio=[A-Za-z0-9_-]{43}$/);
    expect(parts.slice(1).sort()).toEqual([
      'HttpOnly',
      'Max-Age=43200',
      'Path=/',
      'SameSite=Strict',
      'Secure',
    ]);
    const cookie = parts[0]!;

    const me = await get('/api/eu', cookie);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      name: ANA.name,
      email: ANA.email,
      role: 'administrador',
      mode: 'hospedado',
    });
    const pages = await get('/api/pages', cookie);
    expect(pages.status).toBe(200);
    // Signed in already: /entrar goes to the app.
    expect((await get('/entrar', cookie)).headers.get('location')).toBe('/');
    expect(await auditLines()).toContainEqual({
      at: expect.any(String),
      action: 'entrar',
      who: ANA.email,
      details: { ip: '198.51.100.8' },
    });
  });

  it('serves the built app with a new nonce on every answer, in its CSP and its csp-nonce meta', async () => {
    const cookie = await session();
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const res = await get('/', cookie);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy')!;
      const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
      const html = await res.text();
      expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(html).not.toContain('__ESTUDIO_CSP_NONCE__');
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
      expect(html).not.toContain('/@vite/client');
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(2);
    const html = await readFile(path.join(appDir, 'index.html'), 'utf8');
    const asset = /src="(\/app\/[^"]+\.js)"/.exec(html)![1]!;
    const script = await get(asset, cookie, { 'Accept-Encoding': 'br' });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-encoding')).toBe('br');
    expect(script.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
  });

  it('refuses an empty form, a body that is not a form, and one too large', async () => {
    const empty = await signIn('', '');
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Preencha o e-mail e a senha.');
    const json = await fetch(`${studio.base}/entrar`, {
      method: 'POST',
      headers: { Origin: studio.origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ANA.email, senha: ANA.password }),
    });
    expect(json.status).toBe(415);
    const big = await signIn(ANA.email, 'x'.repeat(8000));
    expect(big.status).toBe(413);
  });
});

describe('guessing passwords', () => {
  it('locks the pair of e-mail and address after 5 wrong passwords for 15 minutes; from elsewhere the person still signs in', async () => {
    const guesser = { 'X-Forwarded-For': '198.51.100.66' };
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 5; i++) {
      last = await signIn(BRUNO.email, `tentativa errada ${i}`, guesser);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const text = await last!.text();
    expect(text).toContain('Muitas tentativas com senha errada para este e-mail a partir desta rede');
    expect(text).toMatch(/tente de novo em 15 minutos, às \d\d:\d\d \(horário de Brasília\)/);
    expect(Number(last!.headers.get('retry-after'))).toBe(900);
    const locks = (await auditLines()).filter((l) => l.action === 'bloqueio' && l.who === BRUNO.email);
    expect(locks).toHaveLength(1);
    expect(locks[0]!.details).toMatchObject({ ip: '198.51.100.66' });

    // Locked there: the right password is refused too, from that address only.
    const locked = await signIn(BRUNO.email, BRUNO.password, guesser);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('set-cookie')).toBeNull();
    const refusals = (await auditLines()).filter(
      (l) => l.who === BRUNO.email && l.action === 'entrar-recusado',
    );
    expect(refusals.at(-1)!.details).toMatchObject({ motivo: 'e-mail bloqueado neste endereço' });
    // Whoever knows the e-mail cannot keep its owner out: from another address Bruno signs in.
    expect((await signIn(BRUNO.email, BRUNO.password)).status).toBe(303);

    now += 14 * 60_000;
    expect((await signIn(BRUNO.email, BRUNO.password, guesser)).status).toBe(429);
    now += 60_000;
    expect((await signIn(BRUNO.email, BRUNO.password, guesser)).status).toBe(303);
  });

  it('locks an unknown e-mail the same way (a lock says nothing about which accounts exist)', async () => {
    const statuses: number[] = [];
    const from = { 'X-Forwarded-For': '198.51.100.67' };
    for (let i = 0; i < 6; i++)
      statuses.push((await signIn('nao-existe@fillgas.com.br', `errada ${i}`, from)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    now += 15 * 60_000;
  });

  it('slows an e-mail guessed from many addresses, never locks it, and does not slow a browser that signed in before', async () => {
    // Ana's own browser signs in once and keeps its signed cookie.
    const own = await signIn(ANA.email, ANA.password);
    const browser = own.headers.getSetCookie().find((c) => c.startsWith('__Host-estudio-navegador='))!;
    const browserCookie = browser.split(';')[0]!;
    waits.length = 0;
    // 10 wrong passwords, each from another address: no pair reaches its lock.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await signIn(ANA.email, `chute ${i}`)).status);
    expect(statuses).toEqual(Array(10).fill(401));
    expect(waits).toEqual([]);
    const slowed = (await auditLines()).filter((l) => l.action === 'desaceleracao' && l.who === ANA.email);
    expect(slowed).toHaveLength(1);
    expect(slowed[0]!.details).toMatchObject({ falhas: 10, intervaloSegundos: 10 });

    // From now on the guesses take turns, 10 s apart, wherever they come from.
    for (let i = 0; i < 3; i++) expect((await signIn(ANA.email, `mais um chute ${i}`)).status).toBe(401);
    expect(waits).toEqual([10_000, 10_000]);
    // Ana on a new browser waits her turn and gets in: slowed, not locked.
    const fresh = await signIn(ANA.email, ANA.password);
    expect(fresh.status).toBe(303);
    expect(waits).toEqual([10_000, 10_000, 10_000]);
    // On the browser she signed in with before, she does not wait at all.
    const known = await signIn(ANA.email, ANA.password, { Cookie: browserCookie });
    expect(known.status).toBe(303);
    expect(waits).toHaveLength(3);
    // A browser cookie of another e-mail, or a forged one, is not Ana's.
    expect(
      (await signIn(ANA.email, 'outro chute', { Cookie: `${browserCookie.slice(0, -2)}xx` })).status,
    ).toBe(401);
    expect(waits).toHaveLength(4);
    // The slow-down ends when the window has no more failures in it.
    now += 15 * 60_000;
    waits.length = 0;
    expect((await signIn(ANA.email, ANA.password)).status).toBe(303);
    expect(waits).toEqual([]);
  });

  it('limits failures per address: past the burst, even a right password waits', async () => {
    const address = { 'X-Forwarded-For': '192.0.2.50' };
    const statuses: number[] = [];
    // 8 failures, each on another e-mail (no e-mail reaches its own limit).
    for (let i = 0; i < 8; i++)
      statuses.push((await signIn(`pessoa${i}@exemplo.com`, 'errada', address)).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const refused = await signIn(ANA.email, ANA.password, address);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('a partir desta rede');
    // One token comes back every 45 s.
    now += 45_000;
    expect((await signIn(ANA.email, ANA.password, address)).status).toBe(303);
    // The address of the connection itself, without a forwarded one, is counted on its own.
    expect((await signIn(ANA.email, ANA.password, { 'X-Forwarded-For': '' })).status).toBe(303);
  });
});

describe('sessions', () => {
  it('end after 2 hours without a request', async () => {
    const cookie = await session();
    now += 2 * HOUR - 1000;
    expect((await get('/api/eu', cookie)).status).toBe(200);
    now += 2 * HOUR - 1000;
    expect((await get('/api/eu', cookie)).status).toBe(200);
    now += 2 * HOUR;
    const res = await get('/api/eu', cookie);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toContain('Sua sessão terminou');
  });

  it('end 12 hours after sign-in however active', async () => {
    const cookie = await session();
    for (let h = 1; h < 12; h++) {
      now += HOUR;
      expect((await get('/api/eu', cookie)).status, `${h} h`).toBe(200);
    }
    now += HOUR;
    expect((await get('/api/eu', cookie)).status).toBe(401);
  });

  it('end at logout: the cookie is cleared and the old one no longer works', async () => {
    const cookie = await session(BRUNO);
    const out = await fetch(`${studio.base}/sair`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: cookie, Origin: studio.origin },
    });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/entrar?saiu=1');
    expect(out.headers.get('set-cookie')).toBe(
      '__Host-estudio=; Secure; HttpOnly; SameSite=Strict; Path=/; Max-Age=0',
    );
    expect((await get('/api/eu', cookie)).status).toBe(401);
    expect((await get('/', cookie)).headers.get('location')).toBe('/entrar?expirou=1');
    expect(await (await get('/entrar?saiu=1')).text()).toContain('Você saiu do Estúdio.');
    expect((await auditLines()).some((l) => l.action === 'sair' && l.who === BRUNO.email)).toBe(true);
    // Leaving needs a POST from the Estúdio's own pages.
    expect((await get('/sair', cookie)).status).toBe(405);
  });

  it('end when the password changes or the account is removed, with no restart', async () => {
    const ana = await session(ANA);
    const bruno = await session(BRUNO);
    const rotated = accounts.map((a) => (a.email === ANA.email ? { ...a, hash: accounts[1]!.hash } : a));
    await writeAccountsFile(accountsFile, rotated);
    expect((await get('/api/eu', ana)).status).toBe(401);
    expect((await get('/api/eu', bruno)).status).toBe(200);
    await writeAccountsFile(accountsFile, [accounts[0]!]);
    expect((await get('/api/eu', bruno)).status).toBe(401);
    expect((await signIn(BRUNO.email, BRUNO.password)).status).toBe(401);
    await writeAccountsFile(accountsFile, accounts);
    expect((await signIn(ANA.email, ANA.password)).status).toBe(303);
  });
});

describe('sessions across a restart', () => {
  it('survive a restart (hashed, in <data>/sessoes.json, 0600); the file gives no usable cookie; a logout is written at once', async () => {
    const dataDir = path.join(work, 'dados-reinicio');
    const options = { hosted: { accountsFile, appDir, now: clock, trustedProxies: 1 }, dataDir };
    const signInAt = async (server: Studio, person: typeof ANA) => {
      const res = await fetch(`${server.base}/entrar`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          Origin: server.origin,
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Forwarded-For': newAddress(),
        },
        body: new URLSearchParams({ email: person.email, senha: person.password }).toString(),
      });
      expect(res.status).toBe(303);
      return sessionOf(res);
    };
    const me = (server: Studio, cookie: string) =>
      fetch(`${server.base}/api/eu`, { headers: { Cookie: cookie } }).then((r) => r.status);
    const file = path.join(dataDir, 'sessoes.json');
    const keysOnDisk = async () =>
      Object.keys((JSON.parse(await readFile(file, 'utf8')) as { sessoes: object }).sessoes);

    const first = await startStudio(options);
    let ana: string;
    let bruno: string;
    try {
      ana = await signInAt(first, ANA);
      bruno = await signInAt(first, BRUNO);
      // On disk before the cookie was given, as a digest: the cookie's value is nowhere in it.
      const text = await readFile(file, 'utf8');
      for (const cookie of [ana, bruno]) {
        const id = cookie.split('=')[1]!;
        expect(text).not.toContain(id);
        expect(await keysOnDisk()).toContain(createHash('sha256').update(id).digest('base64url'));
      }
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(await me(first, ana)).toBe(200);
    } finally {
      await first.close();
    }

    const second = await startStudio(options);
    try {
      expect(second.server.port).not.toBe(first.server.port);
      // The same cookies, to a new process: still signed in (a different port is the same browser
      // here: the cookie is only the session's value).
      expect(await me(second, ana)).toBe(200);
      expect(await me(second, bruno)).toBe(200);
      // Someone with a copy of the file has only digests: none of them is a session.
      const stolen = await keysOnDisk();
      expect(stolen).toHaveLength(2);
      for (const key of stolen) expect(await me(second, `__Host-estudio=${key}`)).toBe(401);
      // A logout is on disk before its answer: no restart brings the session back.
      const out = await fetch(`${second.base}/sair`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Cookie: bruno, Origin: second.origin },
      });
      expect(out.status).toBe(303);
      expect(await keysOnDisk()).toHaveLength(1);
      expect(await me(second, bruno)).toBe(401);
      expect(await me(second, ana)).toBe(200);
    } finally {
      await second.close();
    }
    // Past its limits, a session read back from the file is gone.
    now += 12 * HOUR;
    const third = await startStudio(options);
    try {
      expect(await me(third, ana)).toBe(401);
    } finally {
      await third.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('cross-site requests and foreign hosts', () => {
  it('refuses a write from another origin or with no Origin, writing nothing', async () => {
    const cookie = await session();
    const page = await get('/api/page?file=pages/agendamento.yaml', cookie);
    const { version } = (await page.json()) as { version: string };
    for (const origin of [
      undefined,
      'https://evil.example',
      'null',
      `http://localhost:${studio.server.port}`,
    ]) {
      const res = await writesNothing(() =>
        fetch(`${studio.base}/api/page`, {
          method: 'PUT',
          headers: {
            Cookie: cookie,
            'Content-Type': 'application/json',
            ...(origin ? { Origin: origin } : {}),
          },
          body: JSON.stringify({ file: 'pages/agendamento.yaml', source: 'title: Invadido\n', version }),
        }),
      );
      expect(res.status, String(origin)).toBe(403);
    }
    // A sign-in posted from another site (login CSRF): refused before any password is checked.
    const before = (await auditLines()).length;
    const forged = await signIn(ANA.email, ANA.password, { Origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('set-cookie')).toBeNull();
    expect((await auditLines()).length).toBe(before);
    const noOrigin = await fetch(`${studio.base}/sair`, { method: 'POST', headers: { Cookie: cookie } });
    expect(noOrigin.status).toBe(403);
    expect((await get('/api/eu', cookie)).status).toBe(200);
  });

  it("refuses any Host but the public address's, before anything else", async () => {
    const cookie = await session();
    for (const host of ['evil.example', `localhost:${studio.server.port}`, '127.0.0.1']) {
      for (const url of ['/api/pages', '/entrar', '/favicon.svg', '/']) {
        const res = await rawRequest(studio.server.port, {
          path: url,
          headers: { Host: host, Cookie: cookie },
        });
        expect(res.status, `${host} ${url}`).toBe(403);
        expect(res.text).toContain(`Abra o Estúdio por http://127.0.0.1:${studio.server.port}/`);
      }
    }
  });
});

describe('Content-Security-Policy', () => {
  it('is on every answer: app, API, sign-in, static and public files, refusals, errors, redirects', async () => {
    const cookie = await session();
    const html = await readFile(path.join(appDir, 'index.html'), 'utf8');
    const asset = /src="(\/app\/[^"]+\.js)"/.exec(html)![1]!;
    const checks: [string, Promise<Response | { status: number; headers: Headers }>][] = [
      ['app', get('/', cookie)],
      ['app without session', get('/')],
      ['app file', get(asset, cookie)],
      ['app file missing', get('/app/nada.js', cookie)],
      ['api', get('/api/blocks', cookie)],
      ['api 401', get('/api/blocks')],
      ['api 404', get('/api/nada', cookie)],
      [
        'api 405',
        fetch(`${studio.base}/api/eu`, {
          method: 'DELETE',
          headers: { Cookie: cookie, Origin: studio.origin },
        }),
      ],
      ['sign-in page', get('/entrar')],
      ['sign-in css', get('/entrar.css')],
      ['sign-in refused', signIn(ANA.email, 'errada')],
      ['sign-in redirect', signIn(ANA.email, ANA.password)],
      ['favicon', get('/favicon.svg')],
      ['font', get('/assets/fonts/inter-latin-400-normal.woff2')],
      ['preview frame', get('/estudio/preview.html')],
      ['page 404', get('/nada', cookie)],
      ['page 401', get('/nada')],
      ['malformed', get('/%E0%A4%A', cookie)],
      ['health', get('/saude')],
      ['cross-site 403', fetch(`${studio.base}/api/page`, { method: 'DELETE', headers: { Cookie: cookie } })],
    ];
    for (const [name, pending] of checks) {
      const res = await pending;
      const csp = res.headers.get('content-security-policy');
      expect(csp, name).toBeTruthy();
      if (name === 'preview frame') {
        // The sandboxed frame's own policy, as locally (security.test.ts): framed by the app only.
        expect(csp!, name).toMatch(/default-src 'none'/);
        expect(csp!, name).toMatch(/frame-ancestors 'self'/);
        continue;
      }
      expect(csp!, name).toMatch(/default-src 'none'/);
      if (!['favicon', 'font'].includes(name)) expect(csp!, name).toMatch(/frame-ancestors 'none'/);
    }
    const foreign = await rawRequest(studio.server.port, { path: '/', headers: { Host: 'evil.example' } });
    expect(foreign.headers['content-security-policy']).toMatch(/default-src 'none'/);
  });

  it('is strict for the app: scripts from the Estúdio only, style elements by nonce, nothing inline', async () => {
    const cookie = await session();
    const csp = (await get('/', cookie)).headers.get('content-security-policy')!;
    const directives = Object.fromEntries(
      csp.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1).join(' ')]),
    );
    expect(directives['default-src']).toBe("'none'");
    expect(directives['script-src']).toBe("'self'");
    expect(directives['style-src']).toMatch(/^'self' 'nonce-[A-Za-z0-9+/=]{24}'$/);
    // Style attributes only (a nonce cannot cover them): framer-motion's transforms in srcdoc thumbnails.
    expect(directives['style-src-attr']).toBe("'unsafe-inline'");
    expect(directives['img-src']).toBe("'self' data:");
    expect(directives['connect-src']).toBe("'self'");
    expect(directives['frame-ancestors']).toBe("'none'");
    expect(directives['base-uri']).toBe("'none'");
    expect(csp.replace("style-src-attr 'unsafe-inline'", '')).not.toMatch(/unsafe-|\*|https?:/);
    const api = await get('/api/eu', cookie);
    expect(api.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });
});

describe('the account command (npm run studio:conta)', () => {
  /** As `npm run studio:conta` runs it: through tsx. */
  const viaTsx = (args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, ['--import', 'tsx', 'studio/server/hosted/account-cli.ts', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
  /**
   * The same sources from their kept bundle (roles-access.test.ts and roles.test.ts run it so too):
   * about half a second of CPU less a run. The first run of this file goes through tsx.
   */
  let bundled: string[] | undefined;
  const cli = async (args: string[], env: Record<string, string> = {}) => {
    bundled ??= await projectArgs('studio/server/hosted/account-cli.ts');
    return run(process.execPath, [...bundled, ...args], { cwd: root, env: { ...process.env, ...env } });
  };

  it('creates, rotates, lists and removes accounts in a 0600 file; the hash verifies', async () => {
    const file = path.join(work, 'cli', 'contas.json');
    const add = await viaTsx(
      ['adicionar', '--email', 'Carla@Fillgas.com.br', '--nome', 'Carla Dias', '--contas', file],
      {
        STUDIO_PASSWORD: 'uma frase longa o bastante',
      },
    );
    expect(add.stdout).toContain('Conta criada: Carla Dias <carla@fillgas.com.br>');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const [carla] = await readAccountsFile(file);
    expect(carla).toMatchObject({ name: 'Carla Dias', email: 'carla@fillgas.com.br' });
    expect(carla!.hash).toMatch(/^scrypt\$32768\$8\$3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('uma frase longa o bastante', carla!.hash)).toBe(true);
    expect(await verifyPassword('uma frase longa o bastantE', carla!.hash)).toBe(false);

    await cli(['senha', '--email', 'carla@fillgas.com.br', '--contas', file], {
      STUDIO_PASSWORD: 'a senha nova, também longa',
    });
    const [rotated] = await readAccountsFile(file);
    expect(await verifyPassword('a senha nova, também longa', rotated!.hash)).toBe(true);
    expect(await verifyPassword('uma frase longa o bastante', rotated!.hash)).toBe(false);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    expect((await cli(['listar', '--contas', file])).stdout).toBe(
      'Carla Dias <carla@fillgas.com.br> — Administrador\n',
    );
    await cli(['remover', '--email', 'carla@fillgas.com.br', '--contas', file]);
    expect(await readAccountsFile(file)).toEqual([]);
  });

  it('refuses a short password and a password on the command line', async () => {
    const file = path.join(work, 'cli2', 'contas.json');
    await expect(
      cli(['adicionar', '--email', 'd@fillgas.com.br', '--nome', 'D', '--contas', file], {
        STUDIO_PASSWORD: 'curta',
      }),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('ao menos 12 caracteres') });
    await expect(
      cli([
        'adicionar',
        '--email',
        'd@fillgas.com.br',
        '--nome',
        'D',
        'minha-senha-secreta',
        '--contas',
        file,
      ]),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('A senha nunca vai na linha de comando'),
    });
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('behind Cloudflare Access (proxy mode)', () => {
  const ISSUER = 'https://fillgas.cloudflareaccess.com';
  const AUD = 'a1b2c3d4e5f6';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...(publicKey.export({ format: 'jwk' }) as JsonWebKey),
    kid: 'chave-1',
    alg: 'RS256',
    use: 'sig',
  };
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  function jwt(
    claims: Record<string, unknown>,
    {
      alg = 'RS256',
      kid = 'chave-1',
      key = privateKey,
    }: { alg?: string; kid?: string; key?: KeyObject } = {},
  ) {
    const input = `${b64({ alg, kid, typ: 'JWT' })}.${b64(claims)}`;
    return `${input}.${rsaSign('sha256', Buffer.from(input), key).toString('base64url')}`;
  }
  const t = () => Math.floor(now / 1000);
  const valid = () => ({
    aud: [AUD],
    iss: ISSUER,
    email: 'Ana@Fillgas.com.br',
    exp: t() + 600,
    iat: t(),
    nbf: t(),
    sub: '1',
  });
  const request = (token: string) =>
    ({ headers: { 'cf-access-jwt-assertion': token } }) as unknown as IncomingMessage;
  const verifier = createProxyVerifier({ issuer: ISSUER, audience: AUD, jwks: { keys: [jwk] } }, clock);

  it('accepts a valid token: the e-mail, and the name when there is one', async () => {
    expect(await verifier.person(request(jwt(valid())))).toEqual({
      name: 'ana@fillgas.com.br',
      email: 'ana@fillgas.com.br',
      role: 'administrador',
    });
    expect(await verifier.person(request(jwt({ ...valid(), name: 'Ana Souza', aud: AUD })))).toEqual({
      name: 'Ana Souza',
      email: 'ana@fillgas.com.br',
      role: 'administrador',
    });
  });

  it.each([
    ['another audience', () => jwt({ ...valid(), aud: ['outra'] }), /aud/],
    ['another issuer', () => jwt({ ...valid(), iss: 'https://evil.cloudflareaccess.com' }), /iss/],
    ['expired', () => jwt({ ...valid(), exp: t() - 60 }), /expirou/],
    ['not yet valid', () => jwt({ ...valid(), nbf: t() + 120 }), /nbf/],
    ['no exp', () => jwt({ ...valid(), exp: undefined }), /exp/],
    ['no e-mail (a service token)', () => jwt({ ...valid(), email: undefined, common_name: 'x' }), /e-mail/],
    ['a bad signature', () => jwt(valid(), { key: other.privateKey }), /assinatura/],
    [
      'a changed payload',
      () => {
        const [h, , s] = jwt(valid()).split('.');
        return `${h}.${b64({ ...valid(), email: 'chefe@fillgas.com.br' })}.${s}`;
      },
      /assinatura/,
    ],
    ['an unknown key', () => jwt(valid(), { kid: 'outra' }), /desconhecida/],
    [
      'alg none',
      () => {
        const [, p, s] = jwt(valid()).split('.');
        return `${b64({ alg: 'none', kid: 'chave-1' })}.${p}.${s}`;
      },
      /algoritmo recusado: none/,
    ],
    ['alg none without signature', () => `${b64({ alg: 'none' })}.${b64(valid())}.`, /não é um JWT/],
    [
      'HS256 signed with the public key',
      () => {
        const input = `${b64({ alg: 'HS256', kid: 'chave-1' })}.${b64(valid())}`;
        const pem = publicKey.export({ format: 'pem', type: 'spki' });
        return `${input}.${createHmac('sha256', pem).update(input).digest('base64url')}`;
      },
      /algoritmo recusado: HS256/,
    ],
    ['garbage', () => 'nao.e.um-jwt!', /não é um JWT/],
    ['nothing', () => '', /não traz o cabeçalho/],
  ])('refuses %s', async (_name, token, reason) => {
    await expect(verifier.person(request(token()))).rejects.toThrow(reason);
  });

  it('refuses keys under 2048 bits', async () => {
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const weakJwk = { ...(weak.publicKey.export({ format: 'jwk' }) as JsonWebKey), kid: 'fraca' };
    const v = createProxyVerifier({ issuer: ISSUER, audience: AUD, jwks: { keys: [weakJwk] } }, clock);
    await expect(v.person(request(jwt(valid(), { kid: 'fraca', key: weak.privateKey })))).rejects.toThrow(
      /desconhecida/,
    );
  });

  it('runs a server that needs the header on every request and has no sign-in of its own', async () => {
    const proxied = await startStudio({
      hosted: { appDir, now: clock, proxy: { issuer: ISSUER, audience: AUD, jwks: { keys: [jwk] } } },
    });
    try {
      const header = { 'Cf-Access-Jwt-Assertion': jwt({ ...valid(), name: 'Ana Souza' }) };
      const me = await fetch(`${proxied.base}/api/eu`, { headers: header });
      expect(me.status).toBe(200);
      expect(await me.json()).toEqual({
        name: 'Ana Souza',
        email: 'ana@fillgas.com.br',
        role: 'administrador',
        mode: 'proxy',
      });
      expect((await fetch(`${proxied.base}/`, { headers: header })).status).toBe(200);
      for (const [route, methods] of Object.entries(apiRoutes())) {
        for (const method of methods) {
          const res = await fetch(`${proxied.base}${route}`, {
            method,
            headers: {
              'Cf-Access-Jwt-Assertion': jwt({ ...valid(), aud: ['outra'] }),
              ...(method === 'GET' ? {} : { Origin: proxied.origin }),
            },
          });
          expect(res.status, `${method} ${route}`).toBe(401);
        }
      }
      const page = await fetch(`${proxied.base}/`, { redirect: 'manual' });
      expect(page.status).toBe(401);
      expect(await page.text()).toContain('Cloudflare Access');
      expect((await fetch(`${proxied.base}/entrar`, { redirect: 'manual' })).headers.get('location')).toBe(
        '/',
      );
      const out = await fetch(`${proxied.base}/sair`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...header, Origin: proxied.origin },
      });
      expect(out.headers.get('location')).toBe('/cdn-cgi/access/logout');
    } finally {
      await proxied.close();
    }
  }, 120_000);
});

describe('starting hosted', () => {
  it('refuses to start without accounts, saying how to create one', async () => {
    await expect(
      startStudio({ hosted: { accountsFile: path.join(work, 'nenhuma.json'), appDir } }),
    ).rejects.toThrow(/Nenhuma conta em .*npm run studio:conta -- adicionar/s);
  });

  it('refuses a public address without HTTPS, except on this computer', async () => {
    const { parsePublicUrl } = await import('../../studio/server/hosted/gate.ts');
    expect(() => parsePublicUrl('http://estudio.fillgas.com.br')).toThrow(/só funciona por HTTPS/);
    expect(() => parsePublicUrl('https://estudio.fillgas.com.br/caminho')).toThrow(/sem caminho/);
    expect(parsePublicUrl('https://estudio.fillgas.com.br').host).toBe('estudio.fillgas.com.br');
    expect(parsePublicUrl('http://127.0.0.1:8080').host).toBe('127.0.0.1:8080');
  });

  it('answers GET /api/eu in local mode with git’s author', async () => {
    const local = await startStudio();
    try {
      const me = (await (await local.api('GET', '/api/eu')).json()) as { mode: string; email: string };
      expect(me.mode).toBe('local');
      expect(typeof me.email).toBe('string');
    } finally {
      await local.close();
    }
  }, 120_000);
});
