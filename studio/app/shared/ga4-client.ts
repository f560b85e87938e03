/**
 * The app's side of the Google Analytics routes (studio/server/ga4/): the connection kept by the
 * server (the property id, and the service account's key, which never comes back), its test, the
 * numbers of one experiment pulled from the Data API, and a route's recent traffic for the
 * duration estimate. Same-origin requests, with the Portuguese message of a refusal.
 */
import type {
  Ga4Settings,
  Ga4SettingsRequest,
  Ga4TestAnswer,
  Ga4TrafficAnswer,
  PullAnswer,
} from '../../api.ts';
import { ApiFailure, call as request } from './api-client.ts';

/** What the server keeps, without the key. */
export type Ga4Status = Ga4Settings;
/** Where the pulled numbers came from and what Google said about them. */
export type PullSource = PullAnswer['source'];

/** A 404 without a message: the server is older than this screen. */
const FALLBACKS = { 404: 'Esta versão do Estúdio ainda não conversa com o Google Analytics.' };
const call = <T>(method: string, url: string, body?: unknown) =>
  request<T>(method, url, body, undefined, FALLBACKS);

export const ga4 = {
  status: () => call<Ga4Status>('GET', '/api/ga4'),
  save: (request: Ga4SettingsRequest) => call<Ga4Status>('PUT', '/api/ga4', request),
  remove: () => call<Ga4Status>('DELETE', '/api/ga4'),
  test: () => call<Ga4TestAnswer>('POST', '/api/ga4/test', {}),
  pull: (id: string, refresh = false) =>
    call<PullAnswer>('POST', '/api/experiments/pull', refresh ? { id, refresh } : { id }),
  traffic: (route: string) =>
    call<Ga4TrafficAnswer>('GET', `/api/ga4/traffic?route=${encodeURIComponent(route)}`),
};

/** A refusal in words: the server's message, and what to do (its hint) when it gives one. */
export function failureWords(error: unknown): string {
  if (error instanceof ApiFailure) {
    // `reason` is a code for programs ("sem-acesso"); the words are the message and the hint.
    const extra = [error.body.hint].filter(
      (x): x is string => typeof x === 'string' && x !== '' && x !== error.message,
    );
    return [error.message, ...extra].join(' ');
  }
  return error instanceof Error ? error.message : String(error);
}

/** "14:05" in São Paulo (the screen's clock), with the day when it is not today there. */
export function saoPauloTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const zone = 'America/Sao_Paulo';
  const day = (d: Date) =>
    d.toLocaleDateString('pt-BR', { timeZone: zone, day: '2-digit', month: '2-digit' });
  const time = at.toLocaleTimeString('pt-BR', { timeZone: zone, hour: '2-digit', minute: '2-digit' });
  return day(at) === day(now) ? `às ${time}` : `em ${day(at)} às ${time}`;
}

/**
 * GA4's marks on an answer, in words. The server may send codes ("thresholded", "sampled",
 * "other") or its own sentences: a sentence is shown as it is.
 */
export function warningWords(warning: string): string {
  const code = warning.trim().toLowerCase();
  if (/^(thresholded|subjecttothresholding|threshold)$/.test(code))
    return 'O Google Analytics escondeu parte dos números para proteger a privacidade de quem visitou (dias ou páginas com poucos usuários): os totais podem estar abaixo do real. Espere mais dias de dados antes de decidir.';
  if (/^(sampled|sampling|samplesreadcounts)$/.test(code))
    return 'O Google Analytics respondeu com uma amostra dos dados, não com todos: os números são estimativas.';
  if (/^(other|\(other\)|other-row|otherrow)$/.test(code))
    return 'O Google Analytics juntou parte das linhas em “(other)” (dados demais para a propriedade): algumas visitas podem ter ficado de fora.';
  return warning;
}
