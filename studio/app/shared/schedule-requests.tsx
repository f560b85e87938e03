/**
 * A schedule's actions asked instead of done (decision 0049, session 21): "Pedir mudança de
 * horário", "Pedir cancelamento" (or, ended, "Pedir para tirar da lista") and "Pedir para trazer
 * para as páginas", for an Editor or for anyone while every publication needs approval. Each is
 * the direct action's body as a request (shared/action-request.tsx); a Publicador approves it in
 * Pedidos, and the server checks it then exactly as the direct action.
 */
import type { PublicationRequest } from '../../requests-api.ts';
import type { ScheduleInfo } from '../../schedules-api.ts';
import { AskButton } from './action-request.tsx';
import { ScheduleTimesFields, useScheduleTimes } from './schedule-times.tsx';
import { scheduleName } from './schedules-client.ts';

const nameOf = (s: ScheduleInfo) => (s.note ? `agendamento “${s.note}”` : scheduleName(s));

/** The times of a schedule as asked: the day and hour it starts, and an end or none. */
function AskTimes({
  schedule,
  onAsked,
}: {
  schedule: ScheduleInfo;
  onAsked: (r: PublicationRequest) => void;
}) {
  const times = useScheduleTimes(schedule.start, schedule.end);
  const live = schedule.state === 'no-ar';
  const { start, end } = times;
  const problem =
    times.problem ??
    (start === schedule.start && end === schedule.end ? 'Escolha um horário diferente do atual.' : undefined);
  return (
    <AskButton
      kind="alterar-horario"
      tone="secondary"
      body={() => ({ id: schedule.id, start, end })}
      what={`${schedule.words.charAt(0).toUpperCase()}${schedule.words.slice(1)}. Escolha o novo horário (de São Paulo).`}
      problem={problem}
      onAsked={onAsked}
      fields={<ScheduleTimesFields times={times} live={live} />}
    />
  );
}

/** The buttons that replace a schedule's Alterar horário, Cancelar, Tirar da lista and Trazer. */
export function ScheduleAsks({
  schedule,
  ended,
  onAsked,
}: {
  schedule: ScheduleInfo;
  ended: boolean;
  /** Said after a request was sent (the screen's notice). */
  onAsked: (words: string) => void;
}) {
  const asked = (r: PublicationRequest) =>
    onAsked(`Pedido enviado: ${r.action?.summary ?? nameOf(schedule)}. Quem publica decide em Pedidos.`);
  const name = nameOf(schedule);
  if (!ended)
    return (
      <>
        <AskTimes schedule={schedule} onAsked={asked} />
        <AskButton
          kind="cancelar-agendamento"
          tone="secondary"
          body={{ id: schedule.id }}
          what={`O ${name} é cancelado: ${schedule.state === 'no-ar' ? 'sai do ar e o site volta a ser como era antes dele' : 'não entra no ar'}.`}
          onAsked={asked}
        />
      </>
    );
  if (schedule.end !== null)
    return (
      <AskButton
        kind="cancelar-agendamento"
        tone="secondary"
        label="Pedir para tirar da lista"
        body={{ id: schedule.id }}
        what={`O ${name} já terminou: sai da lista (o site não muda).`}
        onAsked={asked}
      />
    );
  return (
    <AskButton
      kind="trazer-para-paginas"
      tone="secondary"
      body={{ id: schedule.id }}
      what={`O ${name} já está no ar para sempre: os arquivos dele passam a ser as próprias páginas (o site não muda).`}
      onAsked={asked}
    />
  );
}
