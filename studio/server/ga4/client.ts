/**
 * The GA4 Data API through the official client (`@google-analytics/data`), over its REST
 * transport (google-gax's `fallback`: HTTP/1.1 and JSON, so a test can point it at a local server).
 * Auth: the service-account key signs its own JWT for each request (google-auth-library's
 * JWTAccess with the Analytics scope): no token is ever requested from Google's token endpoint.
 *
 * Every failure becomes an HttpError in Portuguese saying what to do; nothing from the key, and no
 * header, ever reaches a message (errors of the HTTP layer carry the request's headers: they are
 * never rethrown, logged or quoted).
 */
// The client (about 0.15 s of CPU to load) is loaded at the first report, not at every start.
import type { BetaAnalyticsDataClient, protos } from '@google-analytics/data';
import type { Ga4ErrorReason } from '../../api.ts';
import { HttpError } from '../http.ts';
import type { ServiceAccountKey, StoredSettings } from './settings.ts';

/** Google's endpoint unless a test names its own (`ga4Endpoint`, STUDIO_GA4_ENDPOINT: test-only). */
export interface Ga4Connection {
  settings: StoredSettings;
  /** "http://127.0.0.1:PORT" of a local runReport server (tests only); default Google's. */
  endpoint?: string;
  /** Per request, in ms (default 15 s). */
  deadlineMs?: number;
}

export const DEFAULT_DEADLINE_MS = 15_000;
/** Google caps a page at 250,000 rows; an experiment's days are a few hundred. */
const PAGE_SIZE = 100_000;
const MAX_PAGES = 50;

/** A runReport request without its property and paging (set here). */
export type ReportRequestBody = Omit<
  protos.google.analytics.data.v1beta.IRunReportRequest,
  'property' | 'limit' | 'offset'
>;

export interface ReportRow {
  dimensions: string[];
  metrics: number[];
}

export interface ReportMetadata {
  subjectToThresholding: boolean;
  dataLossFromOtherRow: boolean;
  /** The smallest share of the data read (samplesReadCount / samplingSpaceSize), when sampled. */
  sampledShare: number | null;
  timeZone: string | null;
}

export interface FullReport {
  rows: ReportRow[];
  metadata: ReportMetadata;
}

type RawResponse = {
  rows?:
    | {
        dimensionValues?: { value?: string | null }[] | null;
        metricValues?: { value?: string | null }[] | null;
      }[]
    | null;
  rowCount?: number | null;
  metadata?: {
    subjectToThresholding?: boolean | null;
    dataLossFromOtherRow?: boolean | null;
    timeZone?: string | null;
    samplingMetadatas?:
      { samplesReadCount?: string | number | null; samplingSpaceSize?: string | number | null }[] | null;
  } | null;
};

async function clientFor(
  key: ServiceAccountKey,
  endpoint: string | undefined,
): Promise<BetaAnalyticsDataClient> {
  const { BetaAnalyticsDataClient } = await import('@google-analytics/data');
  const credentials = {
    type: key.type,
    client_email: key.client_email,
    private_key: key.private_key,
    ...(key.private_key_id === undefined ? {} : { private_key_id: key.private_key_id }),
    ...(key.project_id === undefined ? {} : { project_id: key.project_id }),
  };
  let target = {};
  if (endpoint !== undefined) {
    const url = new URL(endpoint);
    target = {
      apiEndpoint: url.hostname,
      port: Number(url.port || (url.protocol === 'http:' ? 80 : 443)),
      protocol: url.protocol.replace(':', ''),
    };
  }
  return new BetaAnalyticsDataClient({
    credentials,
    ...(key.project_id === undefined ? {} : { projectId: key.project_id }),
    fallback: true,
    ...target,
  });
}

/** Every row of a runReport, all pages, within the deadline per request. */
export async function runFullReport(connection: Ga4Connection, body: ReportRequestBody): Promise<FullReport> {
  const { settings } = connection;
  const deadline = connection.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const client = await clientFor(settings.key, connection.endpoint);
  const rows: ReportRow[] = [];
  const metadata: ReportMetadata = {
    subjectToThresholding: false,
    dataLossFromOtherRow: false,
    sampledShare: null,
    timeZone: null,
  };
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const response = await withDeadline(
        client.runReport(
          { property: `properties/${settings.propertyId}`, ...body, limit: PAGE_SIZE, offset: rows.length },
          { timeout: deadline },
        ) as Promise<[RawResponse, ...unknown[]]> & { cancel?: () => void },
        deadline,
      ).catch((error: unknown) => {
        throw translate(error, connection);
      });
      const answer = response[0];
      const got = answer.rows ?? [];
      for (const row of got) {
        rows.push({
          dimensions: (row.dimensionValues ?? []).map((v) => String(v.value ?? '')),
          metrics: (row.metricValues ?? []).map((v) => Number(v.value ?? 0) || 0),
        });
      }
      const meta = answer.metadata ?? {};
      metadata.subjectToThresholding ||= meta.subjectToThresholding === true;
      metadata.dataLossFromOtherRow ||= meta.dataLossFromOtherRow === true;
      metadata.timeZone ??= meta.timeZone || null;
      for (const sample of meta.samplingMetadatas ?? []) {
        const read = Number(sample.samplesReadCount ?? 0);
        const space = Number(sample.samplingSpaceSize ?? 0);
        if (space > 0) metadata.sampledShare = Math.min(metadata.sampledShare ?? 1, read / space);
      }
      const total = Number(answer.rowCount ?? 0);
      if (got.length === 0 || rows.length >= total) return { rows, metadata };
    }
    throw new Ga4Error(
      'fora-do-ar',
      502,
      'O Google Analytics mandou uma resposta grande demais (páginas demais).',
      'Encurte o período do experimento ou tente de novo mais tarde.',
    );
  } finally {
    await client.close().catch(() => {});
  }
}

/** An HttpError with the GA4 problem's kind, for the screen (`reason`). */
export class Ga4Error extends HttpError {
  constructor(reason: Ga4ErrorReason, status: number, message: string, hint: string) {
    super(status, message, { hint, reason });
  }
}

class Timeout extends Error {}

async function withDeadline<T>(call: Promise<T> & { cancel?: () => void }, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      call.cancel?.();
      reject(new Timeout());
    }, ms);
  });
  // A cancelled call rejects later: nobody waits for it.
  call.catch(() => {});
  try {
    return await Promise.race([call, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Google's refusal, whichever layer reports it: google-gax's GoogleError (a gRPC status code),
 * or the HTTP layer's error (gaxios: the HTTP status, and Google's JSON error as its message).
 * Undefined when Google did not answer (no connection, a timeout of the socket).
 */
function googleAnswer(error: unknown): { code: number; message: string; reason: string } | undefined {
  if (!(error instanceof Error)) return undefined;
  const fields = error as Error & { code?: unknown; status?: unknown; reason?: unknown };
  if (typeof fields.status === 'number') {
    // The HTTP layer's error: read Google's JSON {error: {code, message, status, details}}.
    let body: { message?: unknown; status?: unknown; details?: unknown } = {};
    try {
      const text = error.message.slice(error.message.indexOf('{'));
      body = ((JSON.parse(text) as { error?: typeof body }).error ?? {}) as typeof body;
    } catch {
      // Not Google's JSON (a proxy's page): the HTTP status alone.
    }
    const named = typeof body.status === 'string' ? CODE[body.status as keyof typeof CODE] : undefined;
    const info = Array.isArray(body.details)
      ? (body.details as { reason?: unknown }[]).find((d) => typeof d?.reason === 'string')
      : undefined;
    return {
      code: named ?? codeOfHttp(fields.status),
      message: typeof body.message === 'string' ? body.message : '',
      reason: typeof info?.reason === 'string' ? info.reason : '',
    };
  }
  if (typeof fields.code === 'number' && fields.code >= 0 && fields.code <= 16) {
    return {
      code: fields.code,
      message: error.message,
      reason: typeof fields.reason === 'string' ? fields.reason : '',
    };
  }
  return undefined;
}

function codeOfHttp(status: number): number {
  const known: Record<number, number> = {
    400: CODE.INVALID_ARGUMENT,
    401: CODE.UNAUTHENTICATED,
    403: CODE.PERMISSION_DENIED,
    404: CODE.NOT_FOUND,
    429: CODE.RESOURCE_EXHAUSTED,
    503: CODE.UNAVAILABLE,
    504: CODE.DEADLINE_EXCEEDED,
  };
  return known[status] ?? (status >= 500 ? CODE.INTERNAL : CODE.UNKNOWN);
}

/** gRPC status codes (google-gax maps Google's JSON errors to them). */
const CODE = {
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  UNAUTHENTICATED: 16,
} as const;

const DIMENSION_HINT =
  'No Google Analytics: Administrador → Definições personalizadas → Criar dimensão personalizada. Nome: Variante do experimento; escopo: Evento; parâmetro do evento: exp_variant_string (guia, seção 8). Os números só são guardados a partir daí.';

/** Google's (or the network's) refusal → what the marketer can do about it. */
export function translate(error: unknown, connection: Ga4Connection): Ga4Error {
  const email = connection.settings.key.client_email;
  const property = connection.settings.propertyId;
  const project = connection.settings.key.project_id;
  const seconds = ((connection.deadlineMs ?? DEFAULT_DEADLINE_MS) / 1000).toLocaleString('pt-BR', {
    maximumFractionDigits: 1,
  });
  if (error instanceof Ga4Error) return error;
  if (error instanceof Timeout || googleAnswer(error)?.code === CODE.DEADLINE_EXCEEDED) {
    return new Ga4Error(
      'tempo',
      504,
      `O Google Analytics não respondeu em ${seconds} segundos.`,
      'Costuma ser passageiro: tente de novo em alguns minutos. Enquanto isso, a exportação em CSV ainda funciona.',
    );
  }
  const google = googleAnswer(error);
  if (!google) {
    // Not an answer of Google's: the connection itself (or an answer that is not Google's JSON).
    const unexpected = error instanceof SyntaxError;
    return new Ga4Error(
      'fora-do-ar',
      502,
      unexpected
        ? 'O Google Analytics mandou uma resposta que não dá para ler.'
        : 'Não foi possível falar com o Google Analytics (analyticsdata.googleapis.com).',
      unexpected
        ? 'Costuma ser passageiro: tente de novo em alguns minutos.'
        : 'Confira a conexão do computador (ou do servidor do Estúdio) com a internet e tente de novo.',
    );
  }
  // Google's own sentence, shortened: it names fields and the property, never a credential.
  const said = google.message.slice(0, 300);
  const reason = google.reason;
  if (reason === 'SERVICE_DISABLED' || /has not been used in project|is disabled/i.test(said)) {
    return new Ga4Error(
      'api-desativada',
      502,
      `A Google Analytics Data API não está ativada no projeto${project ? ` ${project}` : ''} do Google Cloud da chave.`,
      `No Google Cloud Console, com o projeto${project ? ` ${project}` : ''} escolhido: APIs e serviços → Biblioteca → Google Analytics Data API → Ativar. Espere alguns minutos e teste de novo.`,
    );
  }
  switch (google.code) {
    case CODE.PERMISSION_DENIED:
      return new Ga4Error(
        'sem-acesso',
        502,
        `A conta de serviço ${email} não tem acesso à propriedade ${property} do Google Analytics.`,
        `No Google Analytics: Administrador → Gerenciamento de acesso à propriedade → + → Adicionar usuários. Cole ${email}, escolha o papel Leitor e salve. Depois teste de novo. (Se o acesso já foi dado, confira o ID da propriedade.)`,
      );
    case CODE.NOT_FOUND:
      return new Ga4Error(
        'propriedade',
        502,
        `A propriedade ${property} não existe no Google Analytics.`,
        'Confira o ID em Administrador → Detalhes da propriedade: só números, não o "G-…" do fluxo de dados.',
      );
    case CODE.INVALID_ARGUMENT:
    case CODE.FAILED_PRECONDITION:
      if (/exp_variant_string/.test(said)) {
        return new Ga4Error(
          'dimensao',
          502,
          'A dimensão personalizada exp_variant_string não está cadastrada nessa propriedade do Google Analytics.',
          DIMENSION_HINT,
        );
      }
      if (/propert/i.test(said)) {
        return new Ga4Error(
          'propriedade',
          502,
          `O Google Analytics não aceita a propriedade ${property}.`,
          'Confira o ID em Administrador → Detalhes da propriedade: só números, não o "G-…" do fluxo de dados.',
        );
      }
      return new Ga4Error(
        'recusada',
        502,
        `O Google Analytics recusou a consulta: ${said}`,
        'Se continuar, avise quem cuida do Estúdio com esta mensagem.',
      );
    case CODE.RESOURCE_EXHAUSTED:
      return new Ga4Error(
        'cota',
        429,
        'O Google Analytics recusou a consulta por excesso de uso: a cota da propriedade acabou por agora.',
        'A cota volta sozinha (por hora e por dia). Tente de novo mais tarde; enquanto isso, a exportação em CSV ainda funciona.',
      );
    case CODE.UNAUTHENTICATED:
      return new Ga4Error(
        'chave',
        502,
        `O Google recusou a chave da conta de serviço ${email}: ela foi apagada, desativada ou não vale mais.`,
        `No Google Cloud Console: IAM e administrador → Contas de serviço → ${email} → Chaves → Adicionar chave → JSON. Envie o arquivo novo aqui.`,
      );
    case CODE.UNAVAILABLE:
    case CODE.INTERNAL:
    case CODE.UNKNOWN:
    case CODE.CANCELLED:
      return new Ga4Error(
        'fora-do-ar',
        502,
        'O Google Analytics está com problemas agora e não respondeu.',
        'Não é nada na sua configuração: tente de novo em alguns minutos.',
      );
    default:
      return new Ga4Error(
        'recusada',
        502,
        `O Google Analytics recusou a consulta: ${said}`,
        'Se continuar, avise quem cuida do Estúdio com esta mensagem.',
      );
  }
}
