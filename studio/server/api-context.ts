/**
 * What every API route gets: the Estúdio's context (folders, runtime, publisher, audit…), the
 * request, and what it answers. Apart from api.ts, which routes the requests: the route modules
 * (images, inherited, review, Google Analytics) import these types without importing the router
 * that imports them.
 */
import type { IncomingMessage } from 'node:http';
import type { StudioMode } from '../api.ts';
import type { AuditLog } from './audit.ts';
import type { ActingPerson } from './people.ts';
import type { Presence } from './presence.ts';
import type { Publisher } from './publish.ts';
import type { Pictures } from './review/pictures.ts';
import type { Runtime } from './runtime.ts';

/** The Google Analytics connection's folder and, in tests, its endpoint (decision 0036). */
export interface Ga4Context {
  dataDir: string;
  /** Test-only: "http://127.0.0.1:PORT" of tests/servers/fake-ga4.ts instead of Google's endpoint. */
  endpoint?: string;
  /** Per request to GA4, in ms (default 15 s). */
  deadlineMs?: number;
}

export interface ApiContext {
  runtime: Runtime;
  /** The pages folder, through realpath: every check and write happens here. */
  pagesDir: string;
  /** The public folder, through realpath (the form's images live in its images/). */
  publicDir: string;
  /** Publishes, restores, uploads and logins, with who and when. */
  audit: AuditLog;
  /** How the Estúdio runs (GET /api/eu). Default: local. */
  mode?: StudioMode;
  /** Publicar, Histórico, Restaurar (git). */
  publisher: Publisher;
  /** Who has which page open (the Páginas screen shows it). */
  presence: Presence;
  /** Pictures of pages before and after a change (review/, decision 0029); none: not offered. */
  pictures?: Pictures;
  /** The Estúdio's own state folder (audit.log, contas.json, pedidos.json); none: requests not offered. */
  dataDir?: string;
  /** The Google Analytics connection's folder (and a test's endpoint); none: not offered (decision 0036). */
  ga4?: Ga4Context;
}

export interface ApiRequest {
  req: IncomingMessage;
  query: URLSearchParams;
  /** Who sent it: the local author (git config) or the hosted session's account. */
  person: ActingPerson;
}

export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}
