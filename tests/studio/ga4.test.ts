/**
 * The Google Analytics connection (issue 36, decision 0036): the real client
 * (`@google-analytics/data`, REST transport) against tests/servers/fake-ga4.ts, through a real
 * Estúdio server. No test reaches Google: the client goes to the fake's address, signs its own
 * JWT (checked by the fake with the key's public half), and never asks a token endpoint.
 */
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ga4Settings, Ga4TestAnswer, Ga4TrafficAnswer, PullAnswer } from '../../studio/api.ts';
import { createStudioServer, type StudioServer } from '../../studio/server/server.ts';
import { siteDay } from '../../runtime/edge/site-day.ts';
import { Ga4Error } from '../../studio/server/ga4/client.ts';
import { addDays, CACHE_FOLDER, testConnection } from '../../studio/server/ga4/pull.ts';
import { readSettings } from '../../studio/server/ga4/settings.ts';
import {
  experimentNumbers,
  numbersCsv,
  startFakeGa4,
  testKey,
  type DayNumbers,
  type FakeGa4,
  type TestKey,
} from '../servers/fake-ga4.ts';
import { root } from './helpers.ts';

const ID = 'ga4-teste';
const ROUTE = '/sodastream-t';
const today = siteDay(new Date());
const start = addDays(today, -13);

let tmp: string;
let dataDir: string;
let server: StudioServer;
let base: string;
let cookie: string;
let fake: FakeGa4;
let key: TestKey;
let numbers: DayNumbers[];
/** Every answer's text, and everything the server printed: searched for the key and tokens. */
const seen: string[] = [];
const printed: string[] = [];

async function api(method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      Cookie: cookie,
      ...(method === 'GET' ? {} : { Origin: base }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  seen.push(text);
  return { status: res.status, body: JSON.parse(text) as Record<string, unknown>, text };
}

const connect = () => api('PUT', '/api/ga4', { propertyId: fake.propertyId, key: key.text });
const clearCache = () => rm(path.join(dataDir, CACHE_FOLDER), { recursive: true, force: true });
const pull = (refresh = false) => api('POST', '/api/experiments/pull', { id: ID, refresh });

beforeAll(async () => {
  for (const method of ['log', 'error', 'warn', 'info'] as const) {
    const original = console[method].bind(console);
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(
        args.map((a) => (a instanceof Error ? `${a.stack} ${JSON.stringify(a)}` : String(a))).join(' '),
      );
      original(...args);
    });
  }
  tmp = await mkdtemp(path.join(os.tmpdir(), 'estudio-ga4-'));
  await cp(path.join(root, 'pages'), path.join(tmp, 'pages'), { recursive: true });
  const site = path.join(tmp, 'pages', '_site.yaml');
  await writeFile(
    site,
    `${await readFile(site, 'utf8')}experiments:\n  - id: ${ID}\n    route: ${ROUTE}\n    start: ${start}\n    variants:\n      - page: sodastream-t\n        weight: 50\n      - page: recarrega-site\n        weight: 50\n`,
  );
  dataDir = path.join(tmp, '.estudio');
  numbers = experimentNumbers({
    experimentId: ID,
    route: ROUTE,
    pages: ['sodastream-t', 'recarrega-site'],
    lastDay: today,
  });
  fake = await startFakeGa4({ numbers });
  key = testKey({ tokenUri: `${fake.url}/token` });
  fake.trust(key);
  server = await createStudioServer({
    root,
    runtime: 'loaded', // the test process's own modules (helpers.ts)
    pagesDir: path.join(tmp, 'pages'),
    publicDir: path.join(root, 'public'),
    dataDir,
    port: 0,
    ga4Endpoint: fake.url,
  });
  base = `http://127.0.0.1:${server.port}`;
  cookie = `estudio-${server.port}=${server.token}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await fake?.close();
  vi.restoreAllMocks();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

beforeEach(() => fake?.behave({}));

describe('settings (GET, PUT, DELETE /api/ga4)', () => {
  it('starts not connected, and a pull says so in words', async () => {
    const { status, body } = await api('GET', '/api/ga4');
    expect(status).toBe(200);
    expect(body).toEqual({ connected: false, propertyId: null, clientEmail: null, updatedAt: null });
    const refused = await pull();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      reason: 'nao-conectado',
      error: 'O Google Analytics não está conectado.',
    });
  });

  it('keeps the key in the data folder (0600) and answers only who it is', async () => {
    const { status, body } = await connect();
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['clientEmail', 'connected', 'propertyId', 'updatedAt']);
    expect(body).toMatchObject({ connected: true, propertyId: fake.propertyId, clientEmail: key.email });
    const file = path.join(dataDir, 'google-analytics.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(await readFile(file, 'utf8')) as { key: Record<string, string> };
    // Only what the client needs: no token_uri (a key cannot send the client elsewhere), no universe.
    expect(Object.keys(stored.key).sort()).toEqual([
      'client_email',
      'private_key',
      'private_key_id',
      'project_id',
      'type',
    ]);
    expect((await api('GET', '/api/ga4')).body).toEqual(body);
  });

  it('takes "properties/123" and keeps the stored key when none is sent', async () => {
    const { status, body } = await api('PUT', '/api/ga4', { propertyId: ` properties/${fake.propertyId} ` });
    expect(status).toBe(200);
    expect((body as unknown as Ga4Settings).propertyId).toBe(fake.propertyId);
    expect((body as unknown as Ga4Settings).clientEmail).toBe(key.email);
  });

  it('refuses hostile and mistaken input in Portuguese, and keeps what was stored', async () => {
    const file = path.join(dataDir, 'google-analytics.json');
    const before = await readFile(file, 'utf8');
    const cases: [unknown, number, RegExp][] = [
      [{ propertyId: 'G-ABC123XYZ', key: key.text }, 400, /ID de medição/],
      [{ propertyId: 'properties/123/../../etc', key: key.text }, 400, /só números/],
      [{ propertyId: '../123', key: key.text }, 400, /só números/],
      [{ propertyId: '123/456' }, 400, /só números/],
      [{ propertyId: 123 }, 400, /ID da propriedade/],
      [{ propertyId: 'UA-1234-1' }, 400, /Universal Analytics/],
      [{ propertyId: '1'.repeat(500) }, 400, /ID da propriedade/],
      [{ propertyId: '123', key: 'x'.repeat(40_000) }, 413, /uns 2 KB/],
      [{ propertyId: '123', key: '{"type": "service_account",' }, 400, /não é um JSON/],
      [{ propertyId: '123', key: '[1, 2]' }, 400, /objeto JSON/],
      [{ propertyId: '123', key: 42 }, 400, /arquivo da chave/],
      [{ propertyId: '123', key: JSON.stringify({ installed: { client_id: 'x' } }) }, 400, /cliente OAuth/],
      [{ propertyId: '123', key: `AIza${'S'.repeat(35)}` }, 400, /chave de API/],
      [
        { propertyId: '123', key: JSON.stringify({ type: 'authorized_user', refresh_token: 'x' }) },
        400,
        /de uma pessoa/,
      ],
      [{ propertyId: '123', key: JSON.stringify({ ...key.json, type: 'user' }) }, 400, /service_account/],
      [
        { propertyId: '123', key: JSON.stringify({ ...key.json, client_email: undefined }) },
        400,
        /client_email/,
      ],
      [
        { propertyId: '123', key: JSON.stringify({ ...key.json, client_email: 'a@b\n@c' }) },
        400,
        /client_email/,
      ],
      [
        {
          propertyId: '123',
          key: JSON.stringify({
            ...key.json,
            private_key: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n',
          }),
        },
        400,
        /não pode ser lida/,
      ],
      [
        { propertyId: '123', key: JSON.stringify({ ...key.json, private_key_id: '../../x' }) },
        400,
        /private_key_id/,
      ],
      ['[]', 400, /objeto JSON/],
      ['{', 400, /JSON válido/],
    ];
    for (const [body, status, message] of cases) {
      const answer = await api('PUT', '/api/ga4', body);
      expect(answer.status, JSON.stringify(body).slice(0, 100)).toBe(status);
      expect(String(answer.body.error), JSON.stringify(body).slice(0, 100)).toMatch(message);
    }
    // Over the request limit: refused before it is read.
    const huge = await api('PUT', '/api/ga4', { propertyId: '123', key: 'x'.repeat(600 * 1024) });
    expect(huge.status).toBe(413);
    expect(await readFile(file, 'utf8')).toBe(before);
    const names = await readdir(dataDir);
    expect(names.filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('is removed by DELETE, and put back', async () => {
    const { body } = await api('DELETE', '/api/ga4');
    expect(body).toEqual({ connected: false, propertyId: null, clientEmail: null, updatedAt: null });
    await expect(stat(path.join(dataDir, 'google-analytics.json'))).rejects.toThrow();
    const keyless = await api('PUT', '/api/ga4', { propertyId: fake.propertyId });
    expect(keyless.status).toBe(400);
    expect(String(keyless.body.error)).toMatch(/chave/);
    expect((await connect()).status).toBe(200);
    // Both acts are in the audit log, with the property and never the key.
    const audit = (await readFile(path.join(dataDir, 'audit.log'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { action: string; details?: { propertyId?: string } });
    const acts = audit.filter((e) => e.action.endsWith('-analytics'));
    expect(acts.at(-2)?.action).toBe('desconectar-analytics');
    expect(acts.at(-1)).toMatchObject({
      action: 'conectar-analytics',
      details: { propertyId: fake.propertyId },
    });
  });
});

describe('POST /api/ga4/test', () => {
  it('says who is connected to which property and how many days of experiments it found', async () => {
    const { status, body } = await api('POST', '/api/ga4/test', {});
    expect(status).toBe(200);
    expect(body as unknown as Ga4TestAnswer).toEqual({
      ok: true,
      message: `Conectado à propriedade ${fake.propertyId} como ${key.email}: 14 dias de dados de experimentos encontrados nos últimos 28 dias.`,
    });
    const last = fake.requests.at(-1)!;
    expect(last.path).toBe(`/v1beta/properties/${fake.propertyId}:runReport`);
    expect(last.authorized).toBe(true);
    expect(fake.tokenRequests).toEqual([]);
  });

  const refusals: [Parameters<FakeGa4['behave']>[0], number, string, RegExp, RegExp][] = [
    [{ error: 'unauthenticated' }, 502, 'chave', /recusou a chave/, /Criar|Adicionar chave/],
    [{ error: 'no-access' }, 502, 'sem-acesso', /não tem acesso à propriedade 123456789/, /papel Leitor/],
    [
      { error: 'api-disabled' },
      502,
      'api-desativada',
      /Data API não está ativada no projeto fillgas-estudio-teste/,
      /Ativar/,
    ],
    [
      { error: 'no-dimension' },
      502,
      'dimensao',
      /exp_variant_string não está cadastrada/,
      /Definições personalizadas/,
    ],
    [{ error: 'no-property' }, 502, 'propriedade', /não existe/, /Detalhes da propriedade/],
    [{ error: 'quota' }, 429, 'cota', /excesso de uso/, /mais tarde/],
    [{ error: 'internal' }, 502, 'fora-do-ar', /com problemas agora/, /alguns minutos/],
    [{ error: 'unavailable' }, 502, 'fora-do-ar', /com problemas agora/, /alguns minutos/],
  ];
  for (const [behaviour, status, reason, message, hint] of refusals) {
    it(`says what to do on ${behaviour.error}`, async () => {
      fake.behave(behaviour);
      const answer = await api('POST', '/api/ga4/test', {});
      expect(answer.status).toBe(status);
      expect(answer.body.reason).toBe(reason);
      expect(String(answer.body.error)).toMatch(message);
      expect(String(answer.body.hint)).toMatch(hint);
    });
  }

  it('tells a key Google does not know (a JWT that fails its check) as a refused key', async () => {
    const other = testKey();
    const wrong = await api('PUT', '/api/ga4', { propertyId: fake.propertyId, key: other.text });
    expect(wrong.status).toBe(200);
    const answer = await api('POST', '/api/ga4/test', {});
    expect(answer.body.reason).toBe('chave');
    expect(fake.requests.at(-1)!.authorized).toBe(false);
    await connect();
  });

  it('says the property has no access when it is not the key’s', async () => {
    await api('PUT', '/api/ga4', { propertyId: '555' });
    const answer = await api('POST', '/api/ga4/test', {});
    expect(answer.body.reason).toBe('sem-acesso');
    expect(String(answer.body.hint)).toContain(key.email);
    await connect();
  });
});

describe('POST /api/experiments/pull', () => {
  it('judges the pulled days exactly as the CSV drop (and the CLI) judges the same numbers', async () => {
    await clearCache();
    const from = fake.requests.length;
    const { status, body } = await pull();
    expect(status, JSON.stringify(body)).toBe(200);
    const answer = body as unknown as PullAnswer;
    const csv = await api('POST', '/api/experiments/report', { id: ID, csv: numbersCsv(numbers) });
    expect(csv.status, csv.text).toBe(200);
    expect(answer.report).toEqual(csv.body);
    expect(answer.source).toMatchObject({ first: start, last: today, warnings: [] });
    expect(Date.parse(answer.source.fetchedAt)).toBeGreaterThan(Date.now() - 60_000);
    const requests = fake.requests.slice(from);
    expect(requests).toHaveLength(1);
    const request = requests[0]!.body as {
      dateRanges: { startDate: string; endDate: string }[];
      dimensions: { name: string }[];
      metrics: { name: string }[];
    };
    expect(request.dateRanges).toEqual([{ startDate: start, endDate: today }]);
    expect(request.dimensions.map((d) => d.name)).toEqual([
      'date',
      'customEvent:exp_variant_string',
      'eventName',
    ]);
    expect(request.metrics.map((m) => m.name)).toEqual(['totalUsers']);
    expect(requests[0]!.authorized).toBe(true);
  });

  it('keeps finished days: a second pull fetches nothing, "Atualizar agora" only the last three days', async () => {
    const from = fake.requests.length;
    const again = await pull();
    expect(again.status).toBe(200);
    expect(fake.requests.length).toBe(from);
    const refreshed = await pull(true);
    expect(refreshed.status).toBe(200);
    const requests = fake.requests.slice(from);
    expect(requests).toHaveLength(1);
    expect((requests[0]!.body as { dateRanges: unknown }).dateRanges).toEqual([
      { startDate: addDays(today, -2), endDate: today },
    ]);
    expect((refreshed.body as unknown as PullAnswer).report).toEqual(
      (again.body as unknown as PullAnswer).report,
    );
    const folder = path.join(dataDir, CACHE_FOLDER);
    for (const name of await readdir(folder)) {
      expect((await stat(path.join(folder, name))).mode & 0o777).toBe(0o600);
    }
  });

  it('reads every page of a long answer', async () => {
    await clearCache();
    fake.behave({ pageSize: 7 });
    const from = fake.requests.length;
    const { status, body } = await pull();
    expect(status).toBe(200);
    const offsets = fake.requests
      .slice(from)
      .map((r) => Number((r.body as { offset?: unknown }).offset ?? 0));
    // 14 days × 2 pages × 2 events = 56 rows, 7 at a time.
    expect(offsets).toEqual([0, 7, 14, 21, 28, 35, 42, 49]);
    const csv = await api('POST', '/api/experiments/report', { id: ID, csv: numbersCsv(numbers) });
    expect((body as unknown as PullAnswer).report).toEqual(csv.body);
  });

  it('says when GA4 marks the answer thresholded, sampled or folded into "(other)", and names "(not set)"', async () => {
    await clearCache();
    fake.behave({
      thresholded: true,
      sampled: { read: 450_000, space: 1_000_000 },
      otherRow: true,
      notSet: 3,
    });
    const { status, body } = await pull();
    expect(status, JSON.stringify(body)).toBe(200);
    const { warnings } = (body as unknown as PullAnswer).source;
    expect(warnings).toHaveLength(4);
    expect(warnings[0]).toMatch(/limites de privacidade.*subjectToThresholding.*Indicadores do Google/);
    expect(warnings[1]).toMatch(/amostra: o Google Analytics leu só 45%/);
    expect(warnings[2]).toMatch(/"\(other\)"/);
    expect(warnings[3]).toMatch(/"\(not set\)" \(42 visitantes\)/);
    // The report itself counts only the experiment's pages.
    const csv = await api('POST', '/api/experiments/report', { id: ID, csv: numbersCsv(numbers) });
    expect((body as unknown as PullAnswer).report).toEqual(csv.body);
  });

  it('says in words when GA4 has no numbers yet', async () => {
    await clearCache();
    fake.behave({ empty: true });
    const { status, body } = await pull();
    expect(status).toBe(200);
    const answer = body as unknown as PullAnswer;
    expect(answer.report).toBeNull();
    expect(answer.source.first).toBeNull();
    expect(answer.source.warnings[0]).toMatch(/ainda não tem números deste experimento.*exp_variant_string/);
  });

  it('passes GA4 refusals on in words, and refuses an unknown experiment', async () => {
    await clearCache();
    fake.behave({ error: 'no-access' });
    const refused = await pull(true);
    expect(refused.body.reason).toBe('sem-acesso');
    fake.behave({});
    const unknown = await api('POST', '/api/experiments/pull', { id: 'nao-existe' });
    expect(unknown.status).toBe(404);
    const bad = await api('POST', '/api/experiments/pull', { id: ID, refresh: 'sim' });
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/ga4/traffic', () => {
  it('gives the route’s users a day and WhatsApp rate over the finished days of the last 28', async () => {
    const { status, body } = await api('GET', `/api/ga4/traffic?route=${encodeURIComponent(ROUTE)}`);
    expect(status).toBe(200);
    const answer = body as unknown as Ga4TrafficAnswer;
    const finished = numbers.filter((n) => n.date <= addDays(today, -3));
    const visitors = finished.reduce((s, n) => s + n.visitors, 0);
    const clicks = finished.reduce((s, n) => s + n.conversions, 0);
    expect(answer.route).toBe(ROUTE);
    expect(answer.days).toBe(11);
    expect(answer.dailyVisitors).toBeCloseTo(visitors / 11, 1);
    expect(answer.conversionRate).toBeCloseTo(clicks / visitors, 10);
  });

  it('refuses what is not a page address', async () => {
    for (const route of ['', 'agendamento', '/../etc', '/a?b', '/A', `/${'a'.repeat(300)}`]) {
      const answer = await api('GET', `/api/ga4/traffic?route=${encodeURIComponent(route)}`);
      expect(answer.status, route).toBe(400);
    }
  });
});

describe('a slow answer', () => {
  it('gives up at the deadline and says so (the real client, a deadline of 0.3 s)', async () => {
    const settings = await readSettings(dataDir);
    fake.behave({ delayMs: 3000 });
    const started = Date.now();
    const refused = await testConnection(
      { settings: settings!, endpoint: fake.url, deadlineMs: 300 },
      today,
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(Date.now() - started).toBeLessThan(2500);
    expect(refused).toBeInstanceOf(Ga4Error);
    expect((refused as Ga4Error).status).toBe(504);
    expect((refused as Ga4Error).message).toBe('O Google Analytics não respondeu em 0,3 segundos.');
    expect((refused as Ga4Error).details.reason).toBe('tempo');
  });
});

describe('secrets', () => {
  it('never shows the key or a token in an answer, a log line or a file of the data folder but its own', async () => {
    expect((await pull(true)).status).toBe(200);
    const keyBody = key.privateKey.split('\n').slice(1, -2).join('');
    const secrets = [
      key.privateKey,
      keyBody.slice(0, 64),
      keyBody.slice(-64),
      ...new Set(fake.requests.map((r) => r.token).filter(Boolean)),
    ];
    expect(secrets.length).toBeGreaterThan(3);
    const files: string[] = [];
    for (const name of await readdir(dataDir, { recursive: true })) {
      if (name === 'google-analytics.json') continue;
      const abs = path.join(dataDir, name);
      if ((await stat(abs)).isFile()) files.push(await readFile(abs, 'utf8'));
    }
    expect(files.length).toBeGreaterThan(0);
    const everything = [...seen, ...printed, ...files];
    for (const secret of secrets) {
      const flat = secret.replace(/\n/g, '');
      for (const text of everything) {
        expect(text.includes(secret) || text.replace(/\\n|\n/g, '').includes(flat)).toBe(false);
      }
    }
    expect(fake.tokenRequests).toEqual([]);
  });
});
