/**
 * The Agendamentos API's types, shared by the server (studio/server/schedules.ts) and the app
 * (screens/agendamentos, the publish dialog's "Agendar", the editor's banner, Histórico).
 * A scheduled change is a folder pages/_agendamentos/<id>/ (issue 38): its files replace those of
 * pages/ from `start` until `end`; instants are minutes in São Paulo time, "AAAA-MM-DD HH:MM".
 */
import type { PublishAnswer } from './api.ts';

/** A schedule's id: the folder's name, also how the author finds it ("agendamento natal"). */
export const SCHEDULE_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const MAX_SCHEDULE_ID = 40;
export const MAX_SCHEDULE_NOTE = 200;

/** One file a schedule changes, as the app shows it. */
export interface ScheduledFile {
  /** "pages/agendamento-natal.yaml" (the file of pages/ it replaces, creates or removes). */
  file: string;
  /** Its route ("/agendamento-natal"), null for _site.yaml. */
  route: string | null;
  /** muda: replaces the published file; cria: a file that does not exist yet; remove: gone while live. */
  kind: 'muda' | 'cria' | 'remove';
}

export interface ScheduleInfo {
  id: string;
  /** As written: "2026-12-20 00:00" (São Paulo). */
  start: string;
  end: string | null;
  /** "20/12/2026 às 00:00". */
  startWords: string;
  endWords: string | null;
  /** ISO instants, for sorting and for "em 3 dias". */
  startAt: string;
  endAt: string | null;
  note: string | null;
  /** The whole schedule in words: "/agendamento-natal entra no ar em 20/12/2026 às 00:00 e sai em …". */
  words: string;
  files: ScheduledFile[];
  /** proximo: not live yet; no-ar: live now with an end to come; encerrado: ended, or applied for good. */
  state: 'proximo' | 'no-ar' | 'encerrado';
  /** Who scheduled it and when (the commit that last touched its folder). */
  by: string | null;
  /** "28/11/2026 às 14:03". */
  when: string | null;
}

export interface SchedulesAnswer {
  /** Scheduling is possible here (a git repository, and the site's host runs edge code). */
  enabled: boolean;
  /** Why not, in words, when `enabled` is false. */
  reason?: string;
  /** "horário de São Paulo". */
  zone: string;
  /** Now in São Paulo, "AAAA-MM-DD HH:MM" (the app's inputs start from it). */
  now: string;
  upcoming: ScheduleInfo[];
  ended: ScheduleInfo[];
  /** Problems reading a schedule's folder, located ("pages/_agendamentos/x/_agendamento.yaml: …"). */
  problems: string[];
}

/** POST /api/schedules: the chosen saved changes, scheduled instead of published now. */
export interface ScheduleRequest {
  files: string[];
  start: string;
  end?: string | null;
  note?: string;
  /** The folder's name; default from the note (or "agendamento"), made unique. */
  id?: string;
  message?: string;
  /** "Editar" brought this schedule's files back: its folder is replaced, same id. */
  replace?: string;
}

export interface ScheduleAnswer extends PublishAnswer {
  id: string;
  words: string;
}

/** POST /api/schedules/edit: the schedule's files written into pages/ as saved drafts. */
export interface ScheduleEditAnswer {
  id: string;
  files: string[];
}

/** "AAAA-MM-DD" and "HH:MM" of the inputs → the instant as the meta file writes it. */
export const instantText = (day: string, hour: string): string => `${day} ${hour}`;
