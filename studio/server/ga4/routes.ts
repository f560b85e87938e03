/**
 * The API of the Google Analytics connection (decision 0036; types in studio/api.ts):
 * GET/PUT/DELETE /api/ga4, POST /api/ga4/test, GET /api/ga4/traffic, POST /api/experiments/pull.
 * The key goes in once and never comes back out: every answer is `publicSettings`.
 */
import type { Ga4Settings, Ga4SettingsRequest, Ga4TestAnswer, PullRequest } from '../../api.ts';
import type { ResolvedExperiment } from '../../../runtime/load/index.ts';
import type { Answer, ApiContext, ApiRequest, Ga4Context } from '../api-context.ts';
import { HttpError, readJsonBody } from '../http.ts';
import { SITE_API_FILE, siteDay } from '../site.ts';
import { Ga4Error, type Ga4Connection } from './client.ts';
import { pullExperiment, removeCache, routeTraffic, testConnection } from './pull.ts';
import {
  checkKey,
  checkPropertyId,
  publicSettings,
  readSettings,
  removeSettings,
  saveSettings,
} from './settings.ts';

/** Where the connection lives: the Estúdio's data folder, and (tests only) a local runReport server. */
export type { Ga4Context };

type Handler = (ctx: ApiContext, request: ApiRequest) => Promise<Answer>;
type Experiments = (ctx: ApiContext, id: string) => Promise<ResolvedExperiment>;

const ok = (body: unknown): Answer => ({ status: 200, body });

function ga4Of(ctx: ApiContext): Ga4Context {
  if (!ctx.ga4)
    throw new HttpError(501, 'A conexão com o Google Analytics não está disponível neste Estúdio.');
  return ctx.ga4;
}

async function connection(ctx: ApiContext): Promise<Ga4Connection> {
  const ga4 = ga4Of(ctx);
  const settings = await readSettings(ga4.dataDir);
  if (!settings) {
    throw new Ga4Error(
      'nao-conectado',
      409,
      'O Google Analytics não está conectado.',
      'Em Configurações → Google Analytics, informe o ID da propriedade e envie a chave da conta de serviço (guia, seção 8). Enquanto isso, a exportação em CSV funciona.',
    );
  }
  return {
    settings,
    ...(ga4.endpoint === undefined ? {} : { endpoint: ga4.endpoint }),
    ...(ga4.deadlineMs === undefined ? {} : { deadlineMs: ga4.deadlineMs }),
  };
}

async function readObject(request: ApiRequest): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request.req);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'Os dados enviados precisam ser um objeto JSON.');
  return body as Record<string, unknown>;
}

const getGa4: Handler = async (ctx) => ok(publicSettings(await readSettings(ga4Of(ctx).dataDir)));

const putGa4: Handler = async (ctx, request) => {
  const { dataDir } = ga4Of(ctx);
  const body = (await readObject(request)) as Partial<Record<keyof Ga4SettingsRequest, unknown>>;
  const propertyId = checkPropertyId(body.propertyId);
  const key = body.key === undefined || body.key === null ? undefined : checkKey(body.key);
  const before = await readSettings(dataDir);
  const saved = await saveSettings(dataDir, propertyId, key);
  // Numbers of another property (or seen through another key) are not these.
  if (before && before.propertyId !== saved.propertyId) await removeCache(dataDir);
  // Who connected which property as which service account: never the key itself.
  await ctx.audit.record('conectar-analytics', request.person.email, {
    propertyId: saved.propertyId,
    keyReplaced: key !== undefined,
  });
  return ok(publicSettings(saved) satisfies Ga4Settings);
};

const deleteGa4: Handler = async (ctx, request) => {
  const { dataDir } = ga4Of(ctx);
  await removeSettings(dataDir);
  await removeCache(dataDir);
  await ctx.audit.record('desconectar-analytics', request.person.email);
  return ok(publicSettings(null) satisfies Ga4Settings);
};

const postGa4Test: Handler = async (ctx) => {
  const message = await testConnection(await connection(ctx), siteDay(new Date()));
  return ok({ ok: true, message } satisfies Ga4TestAnswer);
};

const ROUTE = /^\/(?:[a-z0-9][a-z0-9-]{0,80}(?:\/[a-z0-9][a-z0-9-]{0,80}){0,8})?$/;

const getGa4Traffic: Handler = async (ctx, request) => {
  const route = request.query.get('route') ?? '';
  if (!ROUTE.test(route)) {
    throw new HttpError(400, 'Informe o endereço de uma página, por exemplo /agendamento.');
  }
  return ok(await routeTraffic(await connection(ctx), route, siteDay(new Date())));
};

export function ga4Routes(experiments: Experiments): Record<string, Partial<Record<string, Handler>>> {
  const postPull: Handler = async (ctx, request) => {
    const body = (await readObject(request)) as Partial<Record<keyof PullRequest, unknown>>;
    if (typeof body.id !== 'string' || body.id.length > 200)
      throw new HttpError(400, 'Falta o campo "id" (texto) nos dados enviados.');
    if (body.refresh !== undefined && typeof body.refresh !== 'boolean')
      throw new HttpError(400, 'O campo "refresh" precisa ser true ou false.');
    const conn = await connection(ctx);
    const experiment = await experiments(ctx, body.id);
    const today = siteDay(new Date());
    const first = experiment.start ?? (await ctx.publisher.firstDays(SITE_API_FILE))(experiment.id);
    if (first === null) {
      throw new HttpError(
        409,
        `O experimento "${experiment.id}" ainda não foi publicado (e não tem data de início): ainda não há números.`,
      );
    }
    return ok(
      await pullExperiment({
        connection: conn,
        dataDir: ga4Of(ctx).dataDir,
        experiment,
        first,
        today,
        refresh: body.refresh === true,
      }),
    );
  };
  return {
    '/api/ga4': { GET: getGa4, PUT: putGa4, DELETE: deleteGa4 },
    '/api/ga4/test': { POST: postGa4Test },
    '/api/ga4/traffic': { GET: getGa4Traffic },
    '/api/experiments/pull': { POST: postPull },
  };
}
