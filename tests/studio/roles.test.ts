/**
 * Roles (issue 39, decision 0048): the one table, a contas.json from before roles upgraded without
 * losing an account or a session, the account command's roles, every API route × every role on a
 * real hosted server (forged headers, query and bodies included: the role comes from the session
 * alone), and Pessoas with hostile input.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../studio/server/api.ts';
import { cachedAppDir } from '../../studio/server/app-cache.ts';
import { parseAccounts, readAccountsFile } from '../../studio/server/hosted/accounts.ts';
import {
  ACTIONS,
  can,
  guardRoute,
  parseRole,
  ROLES,
  ROUTE_RULES,
  routeRule,
  type Role,
} from '../../studio/server/hosted/roles.ts';
import { projectArgs } from '../helpers/tsx.ts';
import { cheapHash, root, snapshot, startStudio, type Studio } from './helpers.ts';

const run = promisify(execFile);

const ANA = { name: 'Ana Souza', email: 'ana@fillgas.com.br', password: 'cilindro azul no portão' };
const BRUNO = { name: 'Bruno Lima', email: 'bruno@fillgas.com.br', password: 'outra frase bem comprida' };
const CARLA = { name: 'Carla Dias', email: 'carla@fillgas.com.br', password: 'terceira frase comprida' };
type Who = typeof ANA;

const ROLE_REFUSAL = /Seu papel \((Editor|Publicador)\) não permite /;

describe('the table', () => {
  it('gives the Editor editing and sharing only, the Publicador all but settings, accounts and GA4', () => {
    const allowed = (role: Role) => ACTIONS.filter((a) => can(role, a));
    expect(allowed('editor')).toEqual(['edit', 'share']);
    expect(allowed('publicador')).toEqual([
      'edit',
      'publish',
      'approve',
      'restore',
      'delete-page',
      'share',
      'schedule',
    ]);
    expect(allowed('administrador')).toEqual([...ACTIONS]);
  });

  it('lets a forged or damaged role do nothing', () => {
    for (const role of ['root', '__proto__', 'toString', 'constructor', '', 'Administrador', undefined])
      for (const action of ACTIONS) expect(can(role as Role, action), `${role} ${action}`).toBe(false);
    for (const role of ['root', '__proto__', 'toString', undefined])
      expect(() => guardRoute(role as Role, 'GET', '/api/eu')).toThrow(/não tem um papel/);
  });

  it('refuses an accounts file with a role that does not exist, naming the account', () => {
    const text = JSON.stringify([
      { name: 'Ana', email: 'ana@fillgas.com.br', hash: cheapHash('uma frase bem comprida') },
      {
        name: 'Bruno',
        email: 'bruno@fillgas.com.br',
        hash: cheapHash('uma frase bem comprida'),
        role: 'dono',
      },
    ]);
    expect(() => parseAccounts(text, 'contas.json')).toThrow(
      'contas.json, conta 2 (bruno@fillgas.com.br): o papel ("role") "dono" não existe; use "editor" (Editor), "publicador" (Publicador), "administrador" (Administrador).',
    );
    expect(parseAccounts(text.replace('"dono"', '"publicador"'), 'x').map((a) => a.role)).toEqual([
      'administrador',
      'publicador',
    ]);
  });

  it('reads role names as people type them', () => {
    expect(parseRole(' Publicador ')).toBe('publicador');
    expect(parseRole('ADMINISTRADOR')).toBe('administrador');
    expect(parseRole('editora')).toBeUndefined();
    expect(parseRole('__proto__')).toBeUndefined();
  });

  it('has a rule for every method of every API route, and none for a route that is gone', () => {
    const missing: string[] = [];
    const present = new Set<string>();
    for (const [route, methods] of Object.entries(apiRoutes()))
      for (const method of methods) {
        present.add(`${method} ${route}`);
        if (routeRule(method, route) === undefined) missing.push(`${method} ${route}`);
      }
    expect(missing, 'routes without a rule in studio/server/hosted/roles.ts').toEqual([]);
    expect(Object.keys(ROUTE_RULES).filter((key) => !present.has(key))).toEqual([]);
  });

  it('refuses a method or route nobody wrote a rule for, to every role', () => {
    for (const role of ROLES) {
      expect(() => guardRoute(role, 'PATCH', '/api/page')).toThrow(/falta a regra/);
      expect(() => guardRoute(role, 'GET', '/api/nao-existe')).toThrow(/falta a regra/);
      expect(() => guardRoute(role, 'GET', 'constructor')).toThrow(/falta a regra/);
    }
  });
});

describe('a hosted Estúdio upgraded from accounts without roles', () => {
  let work: string;
  let dataDir: string;
  let accountsFile: string;
  let appDir: string;
  let studio: Studio;
  const cookies = new Map<string, string>();

  const start = async () =>
    startStudio({ dataDir, hosted: { accountsFile, appDir, limits: { ipBurst: 50 } } });

  async function signIn(who: Who): Promise<string> {
    const res = await fetch(`${studio.base}/entrar`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: studio.origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: who.email, senha: who.password }).toString(),
    });
    expect(res.status).toBe(303);
    return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  }

  const api = (who: Who, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${studio.base}${url}`, {
      method,
      redirect: 'manual',
      headers: {
        Cookie: cookies.get(who.email)!,
        ...(method === 'GET' || method === 'HEAD' ? {} : { Origin: studio.origin }),
        'Content-Type': 'application/json',
        ...headers,
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });

  const me = async (who: Who) => {
    const res = await api(who, 'GET', '/api/eu');
    expect(res.status).toBe(200);
    return (await res.json()) as { email: string; role: string };
  };

  // The account command from its kept bundle (the same sources as `npm run studio:conta`'s tsx,
  // which hosted.test.ts runs): about half a second of CPU less a run.
  const cli = async (args: string[]) =>
    run(
      process.execPath,
      await projectArgs('studio/server/hosted/account-cli.ts', ...args, '--contas', accountsFile),
      { cwd: root },
    );

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'estudio-papeis-'));
    dataDir = path.join(work, 'estado');
    accountsFile = path.join(work, 'contas.json');
    appDir = await cachedAppDir(root);
    // The file as the account command wrote it before roles: name, email, hash.
    await writeFile(
      accountsFile,
      JSON.stringify(
        [ANA, BRUNO, CARLA].map((p) => ({ name: p.name, email: p.email, hash: cheapHash(p.password) })),
        null,
        2,
      ),
      { mode: 0o600 },
    );
    studio = await start();
    for (const who of [ANA, BRUNO, CARLA]) cookies.set(who.email, await signIn(who));
  }, 180_000);
  afterAll(async () => {
    await studio?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('keeps every account as Administrador and every session across a restart', async () => {
    await studio.close();
    studio = await start();
    for (const who of [ANA, BRUNO, CARLA])
      expect(await me(who)).toMatchObject({ email: who.email, role: 'administrador' });
  }, 120_000);

  it('changes roles with the account command; the sessions go on with the new role at once', async () => {
    const before = await readAccountsFile(accountsFile);
    const set = await cli(['papel', '--email', BRUNO.email, '--papel', 'editor']);
    expect(set.stdout).toContain('Bruno Lima <bruno@fillgas.com.br> agora é Editor');
    await cli(['papel', '--email', 'Carla@Fillgas.com.br', '--papel', 'Publicador']);
    const after = await readAccountsFile(accountsFile);
    expect(after.map((a) => [a.email, a.role])).toEqual([
      [ANA.email, 'administrador'],
      [BRUNO.email, 'editor'],
      [CARLA.email, 'publicador'],
    ]);
    expect(after.map((a) => a.hash)).toEqual(before.map((a) => a.hash));
    expect(JSON.parse(await readFile(accountsFile, 'utf8'))[0]).toHaveProperty('role', 'administrador');
    expect((await me(BRUNO)).role).toBe('editor');
    expect((await me(CARLA)).role).toBe('publicador');
    expect((await cli(['listar'])).stdout).toContain('Bruno Lima <bruno@fillgas.com.br> — Editor');

    await expect(cli(['papel', '--email', BRUNO.email, '--papel', 'dono'])).rejects.toMatchObject({
      stderr: expect.stringContaining('Papel desconhecido: dono'),
    });
    await expect(cli(['papel', '--email', ANA.email, '--papel', 'editor'])).rejects.toMatchObject({
      stderr: expect.stringContaining('última pessoa Administradora'),
    });
    await expect(cli(['remover', '--email', ANA.email])).rejects.toMatchObject({
      stderr: expect.stringContaining('última pessoa Administradora'),
    });
    expect((await readAccountsFile(accountsFile)).map((a) => a.role)).toEqual([
      'administrador',
      'editor',
      'publicador',
    ]);
  }, 120_000);

  it('refuses every route a role cannot use, whatever the request forges, and writes nothing', async () => {
    const forgeries: { query: string; headers: Record<string, string>; body: unknown }[] = [
      { query: '', headers: {}, body: {} },
      {
        query: '?role=administrador&papel=administrador&file=pages/index.yaml',
        headers: {
          'X-Role': 'administrador',
          'X-Papel': 'administrador',
          'X-Forwarded-User': ANA.email,
          'Cf-Access-Authenticated-User-Email': ANA.email,
        },
        body: {
          role: 'administrador',
          person: { name: ANA.name, email: ANA.email, role: 'administrador' },
          email: BRUNO.email,
          files: ['pages/index.yaml'],
          message: 'forjado',
        },
      },
      { query: '', headers: { 'Content-Type': 'text/plain' }, body: 'não é JSON' },
    ];
    const before = await snapshot(studio.tmp);
    const accountsBefore = await readFile(accountsFile, 'utf8');
    let refused = 0;
    for (const [who, role] of [
      [BRUNO, 'editor'],
      [CARLA, 'publicador'],
    ] as const) {
      for (const [route, methods] of Object.entries(apiRoutes()))
        for (const method of methods) {
          const rule = routeRule(method, route)!;
          if (rule === 'anyone' || can(role, rule)) continue;
          for (const forged of forgeries) {
            const res = await api(
              who,
              method,
              `${route}${forged.query}`,
              method === 'GET' ? undefined : forged.body,
              forged.headers,
            );
            const text = await res.text();
            expect(res.status, `${role} ${method} ${route} ${text}`).toBe(403);
            expect(JSON.parse(text).error, `${role} ${method} ${route}`).toMatch(ROLE_REFUSAL);
            refused++;
          }
        }
    }
    // Editor: publish, restore, delete, schedule, settings, accounts, GA4, approve, at least.
    for (const key of [
      'POST /api/publish',
      'POST /api/history/restore',
      'POST /api/history/revert',
      'DELETE /api/page',
      'POST /api/schedules',
      'POST /api/schedules/apply',
      'PUT /api/site',
      'PUT /api/pessoas',
      'GET /api/pessoas',
      'PUT /api/ga4',
      'POST /api/experiments/conclude',
    ]) {
      const [method, route] = key.split(' ') as [string, string];
      expect(can('editor', routeRule(method, route) as never), key).toBe(false);
    }
    expect(refused).toBeGreaterThan(60);
    // Each refused change is in the audit log with who, the route and the role (never the body).
    const audit = (await readFile(path.join(dataDir, 'audit.log'), 'utf8'))
      .split('\n')
      .filter((line) => line.includes('"papel-recusado"'))
      .map((line) => JSON.parse(line) as { who: string; details: Record<string, string> });
    expect(audit).toContainEqual(
      expect.objectContaining({
        who: BRUNO.email,
        details: { rota: 'POST /api/publish', papel: 'editor' },
      }),
    );
    expect(audit.some((line) => JSON.stringify(line).includes('forjado'))).toBe(false);
    expect(audit.some((line) => line.details.rota?.startsWith('GET '))).toBe(false);
    expect(await snapshot(studio.tmp)).toEqual(before);
    expect(await readFile(accountsFile, 'utf8')).toBe(accountsBefore);
  }, 300_000);

  it('lets every role read what it may, and says why not in words', async () => {
    for (const who of [ANA, BRUNO, CARLA]) {
      const pages = await api(who, 'GET', '/api/pages');
      expect(pages.status).toBe(200);
    }
    const res = await api(BRUNO, 'POST', '/api/publish', { files: ['pages/index.yaml'], message: 'x' });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe(
      'Seu papel (Editor) não permite publicar. Peça a um Administrador se precisar.',
    );
    // Editing is not a way around Configurações: _site.yaml is not a page file.
    const site = await readFile(path.join(studio.pagesDir, '_site.yaml'), 'utf8');
    const sneak = await api(BRUNO, 'PUT', '/api/page', {
      file: 'pages/_site.yaml',
      source: 'name: Outro site\n',
      version: 'x',
    });
    expect(sneak.status).toBe(400);
    expect(await readFile(path.join(studio.pagesDir, '_site.yaml'), 'utf8')).toBe(site);
  });

  describe('Pessoas (GET/PUT /api/pessoas)', () => {
    it('shows the Administrador every account with its role, never a hash', async () => {
      const res = await api(ANA, 'GET', '/api/pessoas');
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toMatch(/scrypt|hash/);
      expect(JSON.parse(text)).toEqual({
        editable: true,
        people: [
          { name: ANA.name, email: ANA.email, role: 'administrador' },
          { name: BRUNO.name, email: BRUNO.email, role: 'editor' },
          { name: CARLA.name, email: CARLA.email, role: 'publicador' },
        ],
      });
    });

    it('changes a role: written to contas.json, in the audit log, at the next click of that person', async () => {
      const before = await readAccountsFile(accountsFile);
      const res = await api(ANA, 'PUT', '/api/pessoas', {
        email: ' Bruno@Fillgas.com.br ',
        role: 'publicador',
        hash: 'scrypt$1$1$1$forjado$forjado',
        name: 'Outro Nome',
      });
      expect(res.status).toBe(200);
      const after = await readAccountsFile(accountsFile);
      expect(after.find((a) => a.email === BRUNO.email)).toEqual({
        ...before.find((a) => a.email === BRUNO.email),
        role: 'publicador',
      });
      expect((await me(BRUNO)).role).toBe('publicador');
      const audit = await readFile(path.join(dataDir, 'audit.log'), 'utf8');
      expect(audit).toContain('"mudar-papel"');
      expect(audit).toContain('"para":"publicador"');
      // And back, for the other tests.
      expect((await api(ANA, 'PUT', '/api/pessoas', { email: BRUNO.email, role: 'editor' })).status).toBe(
        200,
      );
    });

    it('refuses hostile input with a Portuguese error, and writes nothing', async () => {
      const before = await readFile(accountsFile, 'utf8');
      const cases: [unknown, number, RegExp][] = [
        [{ email: BRUNO.email, role: 'root' }, 400, /"role" precisa ser um destes papéis/],
        [{ email: BRUNO.email, role: '__proto__' }, 400, /"role"/],
        [{ email: BRUNO.email, role: ['administrador'] }, 400, /"role"/],
        [{ email: BRUNO.email }, 400, /"role"/],
        [
          { email: 'ninguem@fillgas.com.br', role: 'editor' },
          404,
          /Não há conta para ninguem@fillgas\.com\.br/,
        ],
        [{ email: [BRUNO.email], role: 'editor' }, 400, /"email"/],
        [{ email: `${'a'.repeat(300)}@x.com`, role: 'editor' }, 400, /"email"/],
        [[{ email: BRUNO.email, role: 'administrador' }], 400, /Envie/],
        [null, 400, /Envie/],
        ['{"email": ', 400, /JSON válido/],
        [{ email: ANA.email, role: 'editor' }, 409, /única pessoa Administradora/],
      ];
      for (const [body, status, message] of cases) {
        const res = await api(
          ANA,
          'PUT',
          '/api/pessoas',
          typeof body === 'string' ? body : JSON.stringify(body),
        );
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(((await res.json()) as { error: string }).error).toMatch(message);
      }
      const big = await api(
        ANA,
        'PUT',
        '/api/pessoas',
        JSON.stringify({ email: BRUNO.email, role: 'editor', x: 'a'.repeat(600_000) }),
      );
      expect(big.status).toBe(413);
      expect(await readFile(accountsFile, 'utf8')).toBe(before);
    });
  });
});

describe('local mode', () => {
  let studio: Studio;
  beforeAll(async () => {
    studio = await startStudio();
  }, 120_000);
  afterAll(async () => studio?.close());

  it('the one person at the computer is Administrador; Pessoas says roles are for the hosted Estúdio', async () => {
    const eu = (await (await studio.api('GET', '/api/eu')).json()) as { role: string; mode: string };
    expect(eu).toMatchObject({ role: 'administrador', mode: 'local' });
    const pessoas = (await (await studio.api('GET', '/api/pessoas')).json()) as {
      editable: boolean;
      reason: string;
    };
    expect(pessoas).toMatchObject({ editable: false, reason: expect.stringContaining('Estúdio hospedado') });
  });
});
