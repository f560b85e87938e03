/**
 * A schedule's times as a person sets them (issue 38; the requests of decision 0049): the day and
 * hour it goes live, and "até…" an end or none, in São Paulo's wall time ("AAAA-MM-DD HH:MM", the
 * form `_agendamento.yaml` and the API take). One hook for the state and one set of fields, used
 * by Agendamentos' Alterar horário, its request (Pedir mudança de horário) and Pedidos' "Pedir de
 * novo com outro horário". The publish dialog's own fields (publicar/schedule-fields.tsx) also
 * choose between now and later and stay its own.
 */
import { css } from '@emotion/react';
import { useState } from 'react';
import { ON_PHONE, scheduleInputCss } from './ui.tsx';

export interface ScheduleTimes {
  startDay: string;
  startHour: string;
  withEnd: boolean;
  endDay: string;
  endHour: string;
  set: (patch: Partial<Omit<ScheduleTimes, 'set' | 'start' | 'end' | 'problem'>>) => void;
  /** "AAAA-MM-DD HH:MM". */
  start: string;
  /** "AAAA-MM-DD HH:MM", or null for no end. */
  end: string | null;
  /** What is wrong with them as they are (a day or an hour missing, the end not after the start). */
  problem: string | undefined;
}

/** The times, starting from a schedule's `start` and `end` ("AAAA-MM-DD HH:MM"). */
export function useScheduleTimes(initialStart: string, initialEnd: string | null): ScheduleTimes {
  const [fields, setFields] = useState({
    startDay: initialStart.slice(0, 10),
    startHour: initialStart.slice(11),
    withEnd: initialEnd !== null,
    endDay: initialEnd?.slice(0, 10) ?? initialStart.slice(0, 10),
    endHour: initialEnd?.slice(11) ?? '00:00',
  });
  const start = `${fields.startDay} ${fields.startHour}`;
  const end = fields.withEnd ? `${fields.endDay} ${fields.endHour}` : null;
  const problem =
    !fields.startDay || !fields.startHour || (fields.withEnd && (!fields.endDay || !fields.endHour))
      ? 'Escolha o dia e a hora.'
      : end !== null && end <= start
        ? 'O fim precisa vir depois do início.'
        : undefined;
  return {
    ...fields,
    set: (patch) => setFields((now) => ({ ...now, ...patch })),
    start,
    end,
    problem,
  };
}

const whenCss = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 12px;
  margin: 6px 0 8px;
  label {
    display: grid;
    gap: 4px;
    font-size: 14px;
    font-weight: 600;
  }
  input {
    ${scheduleInputCss}
    font-weight: 400;
  }
`;

/**
 * The fields of `times`. `live`: the schedule is on the site already, so only its end can change.
 * `describedBy`: the id of the words that say which clock the times are in.
 */
export function ScheduleTimesFields({
  times,
  live = false,
  describedBy,
}: {
  times: ScheduleTimes;
  live?: boolean;
  describedBy?: string;
}) {
  const input = (
    type: 'date' | 'time',
    key: 'startDay' | 'startHour' | 'endDay' | 'endHour',
    disabled = false,
  ) => (
    <input
      type={type}
      required
      value={times[key]}
      disabled={disabled}
      onChange={(e) => times.set({ [key]: e.target.value })}
      aria-describedby={describedBy}
    />
  );
  return (
    <>
      <div css={whenCss} role="group" aria-label="Entra no ar em">
        <label>
          Entra no ar no dia
          {input('date', 'startDay', live)}
        </label>
        <label>
          às (horário de São Paulo)
          {input('time', 'startHour', live)}
        </label>
      </div>
      {live && <p css={{ margin: '0 0 8px' }}>Já está no ar: só o fim pode mudar.</p>}
      <label
        css={{
          display: 'inline-flex',
          gap: 8,
          alignItems: 'center',
          minHeight: 32,
          // A phone: the label (which takes the tap) a finger's size.
          [ON_PHONE]: { minHeight: 44 },
          '& > input': { flex: 'none' },
        }}
      >
        <input
          type="checkbox"
          checked={times.withEnd}
          onChange={(e) => times.set({ withEnd: e.target.checked })}
        />
        até… (depois do fim, o site volta a ser como era antes)
      </label>
      {times.withEnd && (
        <div css={whenCss} role="group" aria-label="Sai do ar em">
          <label>
            Sai do ar no dia
            {input('date', 'endDay')}
          </label>
          <label>
            às (horário de São Paulo)
            {input('time', 'endHour')}
          </label>
        </div>
      )}
    </>
  );
}
