/**
 * A local stand-in for the GA4 Data API (decision 0036): `POST /v1beta/properties/{id}:runReport`
 * over HTTP on 127.0.0.1, as Google documents the REST contract (RunReportRequest in,
 * RunReportResponse out: dimensionHeaders, metricHeaders, rows, rowCount, metadata, kind; errors in
 * Google's JSON shape {error: {code, message, status, details}}). The Estúdio's real client
 * (`@google-analytics/data`, REST transport) talks to it when started with `ga4Endpoint` (or
 * STUDIO_GA4_ENDPOINT=<url>): no test ever reaches Google.
 *
 * It checks each request's Authorization: the self-signed JWT (RS256) the service-account key
 * makes, verified with the key's public half. It records every request, serves a token endpoint
 * (`/token`, for a test key's token_uri) only to record that nobody used it, and behaves as a test
 * asks: 14 days of an experiment's numbers (`experimentNumbers`, the same as `numbersCsv` writes
 * for the CSV drop and the CLI), several pages, thresholded, sampled, "(other)", "(not set)",
 * empty, 401, 403 (no access, API disabled), 400 (no custom dimension), 404, 429, 500, 503, slow.
 *
 * Use: `const key = testKey(); const ga4 = await startFakeGa4({ keys: [key], numbers });`
 * then `createStudioServer({ …, ga4Endpoint: ga4.url })` and PUT /api/ga4 with
 * `{ propertyId: ga4.propertyId, key: key.text }`. Keys are made at test time: none is committed.
 */
import { createPublicKey, generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_PROPERTY_ID = '123456789';
export const FAKE_PROJECT_NUMBER = '987654321012';

/** One page's numbers on one day: users exposed (experience_impression) and who tapped WhatsApp. */
export interface DayNumbers {
  /** AAAA-MM-DD. */
  date: string;
  /** The exp_variant_string ("FGS-<experiment>-<page>"). */
  variant: string;
  visitors: number;
  conversions: number;
  /** The route the experiment splits (for page_view and pagePath). */
  route: string;
}

/** A service-account key made now (never committed): its file's text and its public half. */
export interface TestKey {
  text: string;
  json: Record<string, string>;
  email: string;
  keyId: string;
  privateKey: string;
  publicKey: KeyObject;
}

export function testKey(options: { email?: string; tokenUri?: string; projectId?: string } = {}): TestKey {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const projectId = options.projectId ?? 'fillgas-estudio-teste';
  const email = options.email ?? `estudio-leitor@${projectId}.iam.gserviceaccount.com`;
  const keyId = randomBytes(20).toString('hex');
  const json = {
    type: 'service_account',
    project_id: projectId,
    private_key_id: keyId,
    private_key: pem,
    client_email: email,
    client_id: '100000000000000000001',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    // Points at the fake server when given: nothing may ever ask Google for a token.
    token_uri: options.tokenUri ?? 'http://127.0.0.1:9/token',
    auth_provider_x509_cert_url: 'https://www.googleapis.com/oauth2/v1/certs',
    client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(email)}`,
    universe_domain: 'googleapis.com',
  };
  return {
    text: JSON.stringify(json, null, 2),
    json,
    email,
    keyId,
    privateKey: pem,
    publicKey: createPublicKey(privateKey),
  };
}

/** Deterministic numbers (a seeded generator): `days` days ending on `lastDay`, every page every day. */
export function experimentNumbers(options: {
  experimentId: string;
  route: string;
  /** The pages as _site.yaml names them, the route's own first. */
  pages: string[];
  lastDay: string;
  days?: number;
  visitorsPerDay?: number;
  /** Conversion rate per page (default 6% for the first, 8% for the others). */
  rates?: number[];
  seed?: number;
}): DayNumbers[] {
  const days = options.days ?? 14;
  const perDay = options.visitorsPerDay ?? 240;
  let state = options.seed ?? 36;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const numbers: DayNumbers[] = [];
  for (let d = days - 1; d >= 0; d--) {
    const date = new Date(Date.parse(`${options.lastDay}T00:00:00Z`) - d * 86_400_000)
      .toISOString()
      .slice(0, 10);
    options.pages.forEach((page, i) => {
      const visitors = Math.round(perDay * (0.85 + 0.3 * random()));
      const rate = options.rates?.[i] ?? (i === 0 ? 0.06 : 0.08);
      const conversions = Math.round(visitors * rate * (0.7 + 0.6 * random()));
      numbers.push({
        date,
        variant: `FGS-${options.experimentId}-${page.replaceAll('/', '_')}`,
        visitors,
        conversions,
        route: options.route,
      });
    });
  }
  return numbers;
}

/** The same numbers as a CSV export (the Resultados drop and `npm run experiments -- report`). */
export function numbersCsv(numbers: DayNumbers[]): string {
  const lines = ['Data,Variante,Visitantes,Conversões'];
  for (const n of numbers) lines.push(`${n.date},${n.variant},${n.visitors},${n.conversions}`);
  return `${lines.join('\n')}\n`;
}

export type FakeError =
  | 'unauthenticated'
  | 'no-access'
  | 'api-disabled'
  | 'no-dimension'
  | 'no-property'
  | 'quota'
  | 'internal'
  | 'unavailable';

/** What the next answers do (set with `behave`; default: plain success). */
export interface FakeBehaviour {
  error?: FakeError;
  /** Wait this long before answering (a slow Google). */
  delayMs?: number;
  /** At most this many rows per answer, whatever the limit asked (several pages). */
  pageSize?: number;
  thresholded?: boolean;
  /** samplesReadCount / samplingSpaceSize. */
  sampled?: { read: number; space: number };
  /** An "(other)" row and dataLossFromOtherRow. */
  otherRow?: boolean;
  /** Users seen without the variant's name: a "(not set)" row per day. */
  notSet?: number;
  /** No rows at all (the dimension registered, no visitor yet). */
  empty?: boolean;
  /** The property's time zone (default America/Sao_Paulo). */
  timeZone?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The parsed JSON body (a RunReportRequest). */
  body: Record<string, unknown> | null;
  /** The bearer token as received ('' without one). */
  token: string;
  /** A JWT signed by a known key, for the Analytics scope, not expired. */
  authorized: boolean;
}

export interface FakeGa4 {
  /** "http://127.0.0.1:PORT": the Estúdio's `ga4Endpoint`. */
  url: string;
  propertyId: string;
  /** runReport calls (and anything else that is not /token). */
  requests: RecordedRequest[];
  /** Calls of the token endpoint (expected: none; the client signs its own JWT). */
  tokenRequests: RecordedRequest[];
  behave(behaviour: FakeBehaviour): void;
  setNumbers(numbers: DayNumbers[]): void;
  trust(key: TestKey): void;
  close(): Promise<void>;
}

interface Fact {
  date: string;
  eventName: string;
  variant: string | null;
  pagePath: string;
  users: number;
  events: number;
}

function factsOf(numbers: DayNumbers[], notSet: number): Fact[] {
  const facts: Fact[] = [];
  const views = new Map<string, number>();
  for (const n of numbers) {
    const base = { date: n.date, variant: n.variant, pagePath: n.route };
    facts.push({
      ...base,
      eventName: 'experience_impression',
      users: n.visitors,
      events: Math.round(n.visitors * 1.3),
    });
    facts.push({
      ...base,
      eventName: 'whatsapp_click',
      users: n.conversions,
      events: Math.round(n.conversions * 1.2),
    });
    const key = `${n.date}\0${n.route}`;
    views.set(key, (views.get(key) ?? 0) + n.visitors);
  }
  for (const [key, users] of views) {
    const [date, pagePath] = key.split('\0') as [string, string];
    // Everyone who saw the page, the split's exposures and those the split did not count.
    facts.push({
      date,
      pagePath,
      variant: null,
      eventName: 'page_view',
      users: users + notSet,
      events: users * 2,
    });
    if (notSet > 0)
      facts.push({
        date,
        pagePath,
        variant: null,
        eventName: 'experience_impression',
        users: notSet,
        events: notSet,
      });
  }
  return facts;
}

const DIMENSIONS: Record<string, (f: Fact) => string> = {
  date: (f) => f.date.replaceAll('-', ''),
  eventName: (f) => f.eventName,
  pagePath: (f) => f.pagePath,
  'customEvent:exp_variant_string': (f) => f.variant ?? '(not set)',
};
const METRICS: Record<string, (f: Fact) => number> = {
  totalUsers: (f) => f.users,
  activeUsers: (f) => f.users,
  eventCount: (f) => f.events,
};

/** Enums arrive as names or numbers (the client asks for enum-encoding=int). */
const MATCH_TYPES = ['', 'EXACT', 'BEGINS_WITH', 'ENDS_WITH', 'CONTAINS', 'FULL_REGEXP', 'PARTIAL_REGEXP'];

class BadRequest extends Error {}

type Expression = {
  andGroup?: { expressions?: Expression[] };
  orGroup?: { expressions?: Expression[] };
  notExpression?: Expression;
  filter?: {
    fieldName?: string;
    stringFilter?: { matchType?: string | number; value?: string; caseSensitive?: boolean };
    inListFilter?: { values?: string[]; caseSensitive?: boolean };
  };
};

function matches(expression: Expression | undefined, fact: Fact, known: Partial<typeof DIMENSIONS>): boolean {
  if (!expression) return true;
  if (expression.andGroup)
    return (expression.andGroup.expressions ?? []).every((e) => matches(e, fact, known));
  if (expression.orGroup) return (expression.orGroup.expressions ?? []).some((e) => matches(e, fact, known));
  if (expression.notExpression) return !matches(expression.notExpression, fact, known);
  const filter = expression.filter;
  if (!filter?.fieldName) throw new BadRequest('A filter must name a field.');
  const read = known[filter.fieldName];
  if (!read) throw new BadRequest(invalidDimension(filter.fieldName));
  const value = read(fact);
  if (filter.inListFilter) return (filter.inListFilter.values ?? []).includes(value);
  if (filter.stringFilter) {
    const type = filter.stringFilter.matchType;
    const name = typeof type === 'number' ? MATCH_TYPES[type] : type;
    const wanted = filter.stringFilter.value ?? '';
    if (name === 'EXACT') return value === wanted;
    if (name === 'BEGINS_WITH') return value.startsWith(wanted);
    if (name === 'CONTAINS') return value.includes(wanted);
    throw new BadRequest(`matchType ${String(type)} is not supported by this test server.`);
  }
  throw new BadRequest('Unsupported filter.');
}

const invalidDimension = (name: string) =>
  `Field ${name} is not a valid dimension. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema `;

function googleError(code: number, status: string, message: string, details: unknown[] = []) {
  return { error: { code, message, status, details } };
}

const ERRORS: Record<FakeError, [number, ReturnType<typeof googleError>]> = {
  unauthenticated: [
    401,
    googleError(
      401,
      'UNAUTHENTICATED',
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
      [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'ACCESS_TOKEN_TYPE_UNSUPPORTED',
          domain: 'googleapis.com',
          metadata: {
            service: 'analyticsdata.googleapis.com',
            method: 'google.analytics.data.v1beta.BetaAnalyticsData.RunReport',
          },
        },
      ],
    ),
  ],
  'no-access': [
    403,
    googleError(
      403,
      'PERMISSION_DENIED',
      'User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.',
    ),
  ],
  'api-disabled': [
    403,
    googleError(
      403,
      'PERMISSION_DENIED',
      `Google Analytics Data API has not been used in project ${FAKE_PROJECT_NUMBER} before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/analyticsdata.googleapis.com/overview?project=${FAKE_PROJECT_NUMBER} then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.`,
      [
        {
          '@type': 'type.googleapis.com/google.rpc.Help',
          links: [
            {
              description: 'Google developers console API activation',
              url: `https://console.developers.google.com/apis/api/analyticsdata.googleapis.com/overview?project=${FAKE_PROJECT_NUMBER}`,
            },
          ],
        },
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'SERVICE_DISABLED',
          domain: 'googleapis.com',
          metadata: { service: 'analyticsdata.googleapis.com', consumer: `projects/${FAKE_PROJECT_NUMBER}` },
        },
      ],
    ),
  ],
  'no-dimension': [
    400,
    googleError(400, 'INVALID_ARGUMENT', invalidDimension('customEvent:exp_variant_string')),
  ],
  'no-property': [404, googleError(404, 'NOT_FOUND', 'Requested entity was not found.')],
  quota: [
    429,
    googleError(
      429,
      'RESOURCE_EXHAUSTED',
      'Exhausted property tokens per hour for a project per property. To learn more about quotas, see https://developers.google.com/analytics/devguides/reporting/data/v1/quotas',
    ),
  ],
  internal: [500, googleError(500, 'INTERNAL', 'Internal error encountered.')],
  unavailable: [503, googleError(503, 'UNAVAILABLE', 'The service is currently unavailable.')],
};

function verifyJwt(token: string, keys: TestKey[]): boolean {
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const [head, body, signature] = parts as [string, string, string];
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string; kid?: string };
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
      iss?: string;
      sub?: string;
      scope?: string;
      exp?: number;
    };
    const key = keys.find((k) => k.email === claims.iss && k.keyId === header.kid);
    if (!key || header.alg !== 'RS256' || claims.sub !== key.email) return false;
    if (!String(claims.scope ?? '').includes('https://www.googleapis.com/auth/analytics')) return false;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) return false;
    return verify(
      'RSA-SHA256',
      Buffer.from(`${head}.${body}`),
      key.publicKey,
      Buffer.from(signature, 'base64url'),
    );
  } catch {
    return false;
  }
}

async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return null;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  const bytes = Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=UTF-8',
    'Content-Length': bytes.length,
  });
  res.end(bytes);
}

export async function startFakeGa4(
  options: { keys?: TestKey[]; numbers?: DayNumbers[]; propertyId?: string } = {},
): Promise<FakeGa4> {
  const keys = [...(options.keys ?? [])];
  let numbers = options.numbers ?? [];
  let behaviour: FakeBehaviour = {};
  const propertyId = options.propertyId ?? FAKE_PROPERTY_ID;
  const requests: RecordedRequest[] = [];
  const tokenRequests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = await bodyOf(req);
      const auth = req.headers.authorization ?? '';
      const token = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
      const record: RecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        body,
        token,
        authorized: token !== '' && verifyJwt(token, keys),
      };
      if (url.pathname === '/token') {
        tokenRequests.push(record);
        return send(res, 400, {
          error: 'invalid_grant',
          error_description: 'This test server issues no tokens.',
        });
      }
      requests.push(record);
      const now = behaviour;
      if (now.delayMs) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resolve();
          }, now.delayMs);
          timers.add(timer);
        });
        if (res.destroyed) return;
      }
      const match = /^\/v1beta\/properties\/([^/:]+):runReport$/.exec(url.pathname);
      if (!match || req.method !== 'POST') {
        return send(
          res,
          404,
          googleError(404, 'NOT_FOUND', `Method not found: ${req.method} ${url.pathname}`),
        );
      }
      if (!record.authorized || now.error === 'unauthenticated') return send(res, ...ERRORS.unauthenticated);
      if (now.error) return send(res, ...ERRORS[now.error]);
      if (match[1] !== propertyId) return send(res, ...ERRORS['no-access']);
      if (!body)
        return send(res, 400, googleError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.'));
      try {
        send(res, 200, runReport(body, numbers, now));
      } catch (error) {
        if (error instanceof BadRequest)
          return send(res, 400, googleError(400, 'INVALID_ARGUMENT', error.message));
        throw error;
      }
    })().catch(() => {
      if (!res.headersSent) send(res, 500, googleError(500, 'INTERNAL', 'Internal error encountered.'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    propertyId,
    requests,
    tokenRequests,
    behave: (next) => {
      behaviour = next;
    },
    setNumbers: (next) => {
      numbers = next;
    },
    trust: (key) => keys.push(key),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The RunReportResponse for `body` over the numbers, as Google shapes it. */
function runReport(body: Record<string, unknown>, numbers: DayNumbers[], behaviour: FakeBehaviour) {
  const known: Partial<typeof DIMENSIONS> = { ...DIMENSIONS };
  if (behaviour.error === 'no-dimension') delete known['customEvent:exp_variant_string'];
  const dimensions = ((body.dimensions ?? []) as { name?: string }[]).map((d) => String(d.name));
  const metrics = ((body.metrics ?? []) as { name?: string }[]).map((m) => String(m.name));
  for (const name of dimensions) if (!known[name]) throw new BadRequest(invalidDimension(name));
  for (const name of metrics)
    if (!METRICS[name])
      throw new BadRequest(
        `Field ${name} is not a valid metric. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema `,
      );
  const ranges = (body.dateRanges ?? []) as { startDate?: string; endDate?: string }[];
  if (ranges.length !== 1) throw new BadRequest('This test server takes exactly one date range.');
  const { startDate = '', endDate = '' } = ranges[0]!;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate) || !/^\d{4}-\d{2}-\d{2}$/.test(endDate))
    throw new BadRequest('Date ranges must be YYYY-MM-DD here.');
  const facts = behaviour.empty ? [] : factsOf(numbers, behaviour.notSet ?? 0);
  const groups = new Map<string, { dims: string[]; values: number[] }>();
  for (const fact of facts) {
    if (fact.date < startDate || fact.date > endDate) continue;
    if (!matches(body.dimensionFilter as Expression | undefined, fact, known)) continue;
    const dims = dimensions.map((d) => known[d]!(fact));
    const key = dims.join('\0');
    const group = groups.get(key) ?? { dims, values: metrics.map(() => 0) };
    metrics.forEach((m, i) => (group.values[i]! += METRICS[m]!(fact)));
    groups.set(key, group);
  }
  const all = [...groups.values()].sort((a, b) => a.dims.join('\0').localeCompare(b.dims.join('\0')));
  if (behaviour.otherRow) all.push({ dims: dimensions.map(() => '(other)'), values: metrics.map(() => 11) });
  const offset = Number(body.offset ?? 0);
  const limit = Math.min(Number(body.limit ?? 10_000) || 10_000, 250_000, behaviour.pageSize ?? Infinity);
  const page = all.slice(offset, offset + limit);
  return {
    dimensionHeaders: dimensions.map((name) => ({ name })),
    metricHeaders: metrics.map((name) => ({ name, type: 'TYPE_INTEGER' })),
    ...(page.length > 0
      ? {
          rows: page.map((row) => ({
            dimensionValues: row.dims.map((value) => ({ value })),
            metricValues: row.values.map((value) => ({ value: String(value) })),
          })),
        }
      : {}),
    ...(all.length > 0 ? { rowCount: all.length } : {}),
    metadata: {
      currencyCode: 'BRL',
      timeZone: behaviour.timeZone ?? 'America/Sao_Paulo',
      ...(behaviour.thresholded ? { subjectToThresholding: true } : {}),
      ...(behaviour.otherRow ? { dataLossFromOtherRow: true } : {}),
      ...(behaviour.sampled
        ? {
            samplingMetadatas: [
              {
                samplesReadCount: String(behaviour.sampled.read),
                samplingSpaceSize: String(behaviour.sampled.space),
              },
            ],
          }
        : {}),
    },
    kind: 'analyticsData#runReport',
  };
}
