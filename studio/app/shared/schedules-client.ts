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
  return live
    ? `Esta página está com a versão agendada no ar desde ${s.startWords}${until} (${scheduleName(s)})`
    : `Esta página ${verb} em ${s.startWords}${until} (${scheduleName(s)})`;
}

/** "agendamento natal". */
export const scheduleName = (s: { id: string }) => `agendamento ${s.id.replace(/-/g, ' ')}`;

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
