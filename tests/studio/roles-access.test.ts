/**
 * Roles behind Cloudflare Access (issue 39, decision 0048): Access says who enters (its signed
 * header), papeis.json in the Estúdio's state says what each may do. The first person ever is
 * Administrador; anyone else not listed is an Editor and is listed at their first request; an
 * Administrador changes roles in Pessoas (PUT /api/pessoas) or with `studio:conta acesso`; the
 * last Administrador stays; a forged e-mail header changes nothing; a damaged list lets nobody in
 * (never read as empty, which would make the next person Administrador).
 */
import { execFile } from 'node:child_process';
import { generateKeyPairSync, sign as rsaSign } from 'node:crypto';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeAnswer } from '../../studio/api.ts';
import type { PessoasAnswer } from '../../studio/pessoas-api.ts';
import { cachedAppDir } from '../../studio/server/app-cache.ts';
import { projectArgs } from '../helpers/tsx.ts';
import { root, startStudio, type Studio } from './helpers.ts';

const run = promisify(execFile);
const ISSUER = 'https://fillgas.cloudflareaccess.com';
const AUD = 'a1b2c3d4e5f6';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...(publicKey.export({ format: 'jwk' }) as JsonWebKey), kid: 'chave-1', alg: 'RS256' };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The header Cloudflare Access adds for `email`, signed by the team's key. */
function access(email: string, name?: string): Record<string, string> {
  const t = Math.floor(Date.now() / 1000);
  const claims = { aud: [AUD], iss: ISSUER, email, name, exp: t + 600, iat: t, nbf: t, sub: email };
  const input = `${b64({ alg: 'RS256', kid: 'chave-1', typ: 'JWT' })}.${b64(claims)}`;
  return {
    'Cf-Access-Jwt-Assertion': `${input}.${rsaSign('sha256', Buffer.from(input), privateKey).toString('base64url')}`,
  };
}

const ANA = 'ana@fillgas.com.br';
const BRUNO = 'bruno@fillgas.com.br';
const CARLA = 'carla@fillgas.com.br';

let studio: Studio;
let file: string;

async function call<T>(who: string, method: string, url: string, body?: unknown, extra = {}) {
  const res = await fetch(`${studio.base}${url}`, {
    method,
    headers: {
      ...access(who),
      ...extra,
      ...(method === 'GET' ? {} : { Origin: studio.origin }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}
const roleOf = async (who: string) => (await call<MeAnswer>(who, 'GET', '/api/eu')).body.role;
const listed = async () => JSON.parse(await readFile(file, 'utf8')) as { email: string; role: string }[];

// The account command from its kept bundle (the same sources as `npm run studio:conta`'s tsx,
// which hosted.test.ts runs): about half a second of CPU less a run.
const cli = async (args: string[]) =>
  run(process.execPath, await projectArgs('studio/server/hosted/account-cli.ts', ...args), {
    cwd: root,
    env: { ...process.env },
  });

beforeAll(async () => {
  studio = await startStudio({
    hosted: {
      appDir: await cachedAppDir(root),
      proxy: { issuer: ISSUER, audience: AUD, jwks: { keys: [jwk] } },
    },
  });
  file = path.join(studio.dataDir, 'papeis.json');
}, 120_000);

afterAll(async () => {
  await studio?.server.close();
  if (studio) await rm(studio.tmp, { recursive: true, force: true });
});

describe('roles behind Cloudflare Access', () => {
  it('the first person ever is Administrador; the next one not listed is an Editor, listed at once', async () => {
    await expect(stat(file)).rejects.toThrow();
    const me = await call<MeAnswer>(ANA, 'GET', '/api/eu', undefined, {});
    expect(me.body).toMatchObject({ email: ANA, role: 'administrador', mode: 'proxy' });
    expect(await roleOf(BRUNO)).toBe('editor');
    expect(await listed()).toEqual([
      { name: ANA, email: ANA, role: 'administrador' },
      { name: BRUNO, email: BRUNO, role: 'editor' },
    ]);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // Someone else is not made Administrador by the order of arrival any more.
    expect(await roleOf(BRUNO)).toBe('editor');
  });

  it('an Editor behind Access is refused publishing, settings and Pessoas, whatever header it forges', async () => {
    const forged = { 'Cf-Access-Authenticated-User-Email': ANA, 'X-Role': 'administrador' };
    const publish = await call<{ error: string }>(
      BRUNO,
      'POST',
      '/api/publish',
      { files: ['pages/index.yaml'], message: 'x', role: 'administrador' },
      forged,
    );
    expect(publish.status).toBe(403);
    expect(publish.body.error).toContain('Seu papel (Editor) não permite publicar');
    expect((await call(BRUNO, 'GET', '/api/pessoas', undefined, forged)).status).toBe(403);
    const promote = await call(BRUNO, 'PUT', '/api/pessoas', { email: BRUNO, role: 'administrador' }, forged);
    expect(promote.status).toBe(403);
    expect((await call(BRUNO, 'PUT', '/api/site', { text: 'x' }, forged)).status).toBe(403);
    expect(await roleOf(BRUNO)).toBe('editor');
  });

  it('the Administrador sees everyone Access let in on Pessoas and changes a role; it counts at the next request', async () => {
    const people = await call<PessoasAnswer>(ANA, 'GET', '/api/pessoas');
    expect(people.status).toBe(200);
    expect(people.body).toMatchObject({ editable: true, access: true });
    expect(people.body.people.map((p) => [p.email, p.role])).toEqual([
      [ANA, 'administrador'],
      [BRUNO, 'editor'],
    ]);
    const changed = await call<PessoasAnswer>(ANA, 'PUT', '/api/pessoas', {
      email: BRUNO,
      role: 'publicador',
    });
    expect(changed.status).toBe(200);
    expect(await roleOf(BRUNO)).toBe('publicador');
    const audit = await readFile(path.join(studio.dataDir, 'audit.log'), 'utf8');
    expect(audit).toMatch(/"mudar-papel".*"bruno@fillgas.com.br".*"para":"publicador"/);
  });

  it('the last Administrador stays; an e-mail that never came in is pointed to the account tool', async () => {
    const self = await call<{ error: string }>(ANA, 'PUT', '/api/pessoas', { email: ANA, role: 'editor' });
    expect(self.status).toBe(409);
    expect(self.body.error).toContain('única pessoa Administradora');
    const unknown = await call<{ error: string }>(ANA, 'PUT', '/api/pessoas', {
      email: CARLA,
      role: 'editor',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toContain('npm run studio:conta -- acesso --email carla@fillgas.com.br');
    expect(await roleOf(ANA)).toBe('administrador');
  });

  it('studio:conta acesso gives a role before the first visit and lists the roles', async () => {
    const given = await cli([
      'acesso',
      '--email',
      'Carla@Fillgas.com.br',
      '--papel',
      'publicador',
      '--nome',
      'Carla Dias',
      '--papeis',
      file,
    ]);
    expect(given.stdout).toContain('Carla Dias <carla@fillgas.com.br> é Publicador');
    expect(await roleOf(CARLA)).toBe('publicador');
    const list = await cli(['acesso', '--papeis', file]);
    expect(list.stdout).toContain('Carla Dias <carla@fillgas.com.br> — Publicador');
    expect(list.stdout).toContain(`${ANA} <${ANA}> — Administrador`);
    await expect(
      cli(['acesso', '--email', ANA, '--papel', 'editor', '--papeis', file]),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('última pessoa Administradora'),
    });
  });

  it('a damaged list lets nobody in, in words, and is never read as empty', async () => {
    const good = await readFile(file, 'utf8');
    await writeFile(file, '[{"email": "x"');
    const res = await call<{ error: string }>('daniel@fillgas.com.br', 'GET', '/api/eu');
    expect(res.status).toBe(500);
    expect(res.body.error).toMatch(/papeis\.json não é um JSON válido.*Ninguém entra/);
    expect(await readFile(file, 'utf8')).toBe('[{"email": "x"');
    await writeFile(file, good);
    expect(await roleOf('daniel@fillgas.com.br')).toBe('editor');
  });
});
