/**
 * The Agendamentos API as the app calls it (types in studio/schedules-api.ts): the list in words,
 * Agendar, Alterar horário, Cancelar, Editar; and the schedule being edited, kept for this tab so
 * the publish dialog schedules it again under the same name.
 */
import type { PublishAnswer } from '../../api.ts';
import type {
  ScheduleAnswer,
  ScheduleEditAnswer,
  ScheduleInfo,
  ScheduleRequest,
  SchedulesAnswer,
} from '../../schedules-api.ts';
import { call } from './api-client.ts';

export const schedulesApi = {
  list: () => call<SchedulesAnswer>('GET', '/api/schedules'),
  schedule: (request: ScheduleRequest) => call<ScheduleAnswer>('POST', '/api/schedules', request),
  times: (id: string, start: string, end: string | null) =>
    call<PublishAnswer>('POST', '/api/schedules/times', { id, start, end }),
  cancel: (id: string) => call<PublishAnswer>('POST', '/api/schedules/cancel', { id }),
  edit: (id: string) => call<ScheduleEditAnswer>('POST', '/api/schedules/edit', { id }),
  apply: (id: string) => call<PublishAnswer>('POST', '/api/schedules/apply', { id }),
};

/** The schedules (not ended) that change `file`: the editor's banner, Publicar's question, Histórico. */
export function schedulesOf(list: SchedulesAnswer | undefined, file: string): ScheduleInfo[] {
  return (list?.upcoming ?? []).filter((s) => s.files.some((f) => f.file === file));
}

/** "Esta página muda em 20/12/2026 às 00:00 (agendamento natal)". */
export function changeInWords(s: ScheduleInfo, file: string): string {
  const kind = s.files.find((f) => f.file === file)?.kind ?? 'muda';
  const verb = kind === 'cria' ? 'entra no ar' : kind === 'remove' ? 'sai do ar' : 'muda';
  const until = s.endWords ? ` até ${s.endWords}` : '';
  const live = s.state === 'no-ar';
  const name = unnamedSchedule(s) ? '' : ` (${scheduleName(s)})`;
  return live
    ? `Esta página está com a versão agendada no ar desde ${s.startWords}${until}${name}`
    : `Esta página ${verb} em ${s.startWords}${until}${name}`;
}

/** The ids a schedule gets when it was made without a note ("agendamento", "agendamento-2"). */
const UNNAMED = /^agendamento(?:-(\d+))?$/;

/** Whether the schedule was made without a note (its id says nothing of it). */
export const unnamedSchedule = (s: { id: string }) => UNNAMED.test(s.id);

/**
 * "agendamento natal"; one made without a note is told by its start ("agendamento de 20/12/2026
 * às 00:00"), or, with no start at hand, "agendamento sem nome" — never "agendamento agendamento".
 */
export const scheduleName = (s: { id: string; startWords?: string }) => {
  const unnamed = UNNAMED.exec(s.id);
  if (!unnamed) return `agendamento ${s.id.replace(/-/g, ' ')}`;
  return s.startWords
    ? `agendamento de ${s.startWords}`
    : `agendamento sem nome${unnamed[1] ? ` ${unnamed[1]}` : ''}`;
};

export interface EditedSchedule {
  id: string;
  /** The files Editar brought back ("pages/x.yaml"). */
  files: string[];
  start: string;
  end: string | null;
  note: string | null;
}

const EDITED_KEY = 'estudio-agendamento-editado';

/** Editar: the schedule whose files were brought back, so Agendar replaces it (this tab only). */
export const editedSchedule = {
  get(): EditedSchedule | undefined {
    try {
      const raw = sessionStorage.getItem(EDITED_KEY);
      const value = raw ? (JSON.parse(raw) as EditedSchedule) : undefined;
      return value && typeof value.id === 'string' && Array.isArray(value.files) ? value : undefined;
    } catch {
      return undefined;
    }
  },
  set(value: EditedSchedule): void {
    sessionStorage.setItem(EDITED_KEY, JSON.stringify(value));
  },
  clear(): void {
    sessionStorage.removeItem(EDITED_KEY);
  },
};
