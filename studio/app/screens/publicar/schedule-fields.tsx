/**
 * "Publicar agora" or "Agendar" in the publish dialog (issue 38): the day and hour the change goes
 * live, in São Paulo time (said on screen: the same clock as the experiments), an optional end
 * ("até …", after which the site is as it was), and a name to find it by in Agendamentos. What is
 * sent is "AAAA-MM-DD HH:MM", as the schedule's file writes it; the server checks it again.
 */
import { css } from '@emotion/react';
import { colors, radii } from '../../../../design/theme.ts';
import type { ScheduleInfo, SchedulesAnswer } from '../../../schedules-api.ts';
import { changeInWords, scheduleName, type EditedSchedule } from '../../shared/schedules-client.ts';
import { Button, ON_PHONE, scheduleInputCss } from '../../shared/ui.tsx';

export interface ScheduleChoice {
  mode: 'agora' | 'agendar';
  startDay: string;
  startHour: string;
  withEnd: boolean;
  endDay: string;
  endHour: string;
  note: string;
  /** Editar brought this schedule back: Agendar replaces it (same name). */
  replace: string | null;
}

/** The next midnight in São Paulo after `now` ("AAAA-MM-DD HH:MM"): the inputs' first value. */
function nextDay(now: string, days: number): string {
  const [y, m, d] = now.slice(0, 10).split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return next.toISOString().slice(0, 10);
}

export function initialChoice(list: SchedulesAnswer | undefined, edited?: EditedSchedule): ScheduleChoice {
  if (edited) {
    return {
      mode: 'agendar',
      startDay: edited.start.slice(0, 10),
      startHour: edited.start.slice(11),
      withEnd: edited.end !== null,
      endDay: edited.end?.slice(0, 10) ?? edited.start.slice(0, 10),
      endHour: edited.end?.slice(11) ?? '00:00',
      note: edited.note ?? '',
      replace: edited.id,
    };
  }
  const now = list?.now ?? new Date().toISOString().slice(0, 10);
  return {
    mode: 'agora',
    startDay: nextDay(now, 1),
    startHour: '00:00',
    withEnd: false,
    endDay: nextDay(now, 8),
    endHour: '00:00',
    note: '',
    replace: null,
  };
}

/** What the request carries, or the problem in words (the inputs are checked before sending). */
export function choiceTimes(c: ScheduleChoice): { start: string; end: string | null } | string {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const hour = /^\d{2}:\d{2}$/;
  if (!day.test(c.startDay) || !hour.test(c.startHour))
    return 'Escolha o dia e a hora em que a mudança entra no ar.';
  const start = `${c.startDay} ${c.startHour}`;
  if (!c.withEnd) return { start, end: null };
  if (!day.test(c.endDay) || !hour.test(c.endHour))
    return 'Escolha o dia e a hora do fim, ou desmarque “até”.';
  const end = `${c.endDay} ${c.endHour}`;
  if (end <= start) return 'O fim precisa vir depois do início.';
  return { start, end };
}

/** "20/12/2026" from "2026-12-20". */
const dayWords = (day: string) => day.split('-').reverse().join('/');

/** The choice in words, whatever the browser's way of showing dates: no 12/20 or 12:00 AM doubt. */
export function summaryWords(c: ScheduleChoice): string {
  const times = choiceTimes(c);
  if (typeof times === 'string') return times;
  const at = (t: string) => `${dayWords(t.slice(0, 10))} às ${t.slice(11)}`;
  return `Entra no ar em ${at(times.start)}${times.end ? ` e sai em ${at(times.end)}` : ', sem data para sair'} (horário de São Paulo).`;
}

const fieldsCss = css`
  border: 1px solid ${colors.line};
  border-radius: ${radii.sm};
  padding: 10px 12px 12px;
  margin: 0 0 12px;
  legend {
    font-weight: 600;
    color: ${colors.navy};
    padding: 0 4px;
  }
  .modes {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 20px;
  }
  .modes label,
  .check {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    min-height: 32px;
    cursor: pointer;
    /* A phone: the label (which takes the tap) a finger's size. */
    ${ON_PHONE} {
      min-height: 44px;
    }
  }
  input[type='radio'],
  input[type='checkbox'] {
    width: 18px;
    height: 18px;
    margin: 0;
    /* Beside words that wrap, it kept 13 of its 18 px. */
    flex: none;
  }
  .when {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 12px;
    align-items: end;
    margin: 6px 0 4px;
  }
  .when label,
  .name label {
    display: grid;
    gap: 2px;
    font-size: 14px;
  }
  input[type='date'],
  input[type='time'],
  input[type='text'] {
    ${scheduleInputCss}
  }
  .name input {
    width: min(100%, 320px);
  }
  .zone {
    margin: 8px 0 4px;
    color: ${colors.muted};
    font-size: 14px;
  }
  .summary {
    margin: 8px 0 0;
    font-weight: 600;
    color: ${colors.navy};
  }
  .reason {
    margin: 6px 0 0;
    color: ${colors.orangeHover};
    font-size: 14px;
  }
`;

export function ScheduleFields({
  list,
  choice,
  onChange,
  asking = false,
}: {
  list: SchedulesAnswer | undefined;
  choice: ScheduleChoice;
  onChange: (next: ScheduleChoice) => void;
  /** A request (Pedir publicação): "now" means as soon as someone approves it. */
  asking?: boolean;
}) {
  const set = (patch: Partial<ScheduleChoice>) => onChange({ ...choice, ...patch });
  const enabled = list?.enabled ?? false;
  const zone = list?.zone ?? 'horário de São Paulo';
  return (
    <fieldset css={fieldsCss} data-schedule-fields>
      <legend>Quando</legend>
      <div className="modes">
        <label>
          <input
            type="radio"
            name="publicar-quando"
            value="agora"
            checked={choice.mode === 'agora'}
            onChange={() => set({ mode: 'agora' })}
          />
          {asking ? 'Assim que for aprovado' : 'Publicar agora'}
        </label>
        <label>
          <input
            type="radio"
            name="publicar-quando"
            value="agendar"
            checked={choice.mode === 'agendar'}
            disabled={!enabled}
            aria-describedby={!enabled && list?.reason ? 'agendar-motivo' : undefined}
            onChange={() => set({ mode: 'agendar' })}
          />
          Agendar
        </label>
      </div>
      {!enabled && list?.reason && (
        <p className="reason" id="agendar-motivo">
          {list.reason}
        </p>
      )}
      {choice.mode === 'agendar' && (
        <>
          <p className="zone" id="agendar-fuso">
            Datas e horas no {zone} (o mesmo relógio dos experimentos). Até lá, o site continua como está
            agora; a mudança entra no ar sozinha, sem ninguém com o Estúdio aberto.
          </p>
          <div className="when" role="group" aria-label="Entra no ar em">
            <label>
              Entra no ar no dia
              <input
                type="date"
                required
                value={choice.startDay}
                min={list?.now.slice(0, 10)}
                onChange={(e) => set({ startDay: e.target.value })}
                aria-describedby="agendar-fuso"
              />
            </label>
            <label>
              às (horário de São Paulo)
              <input
                type="time"
                required
                value={choice.startHour}
                onChange={(e) => set({ startHour: e.target.value })}
                aria-describedby="agendar-fuso"
              />
            </label>
          </div>
          <label className="check">
            <input
              type="checkbox"
              checked={choice.withEnd}
              onChange={(e) => set({ withEnd: e.target.checked })}
            />
            até… (depois do fim, o site volta a ser como era antes)
          </label>
          {choice.withEnd && (
            <div className="when" role="group" aria-label="Sai do ar em">
              <label>
                Sai do ar no dia
                <input
                  type="date"
                  required
                  value={choice.endDay}
                  min={choice.startDay}
                  onChange={(e) => set({ endDay: e.target.value })}
                  aria-describedby="agendar-fuso"
                />
              </label>
              <label>
                às (horário de São Paulo)
                <input
                  type="time"
                  required
                  value={choice.endHour}
                  onChange={(e) => set({ endHour: e.target.value })}
                  aria-describedby="agendar-fuso"
                />
              </label>
            </div>
          )}
          <p className="summary" aria-live="polite" data-schedule-summary>
            {summaryWords(choice)}
          </p>
          <div className="name" css={{ marginTop: 8 }}>
            <label>
              Nome do agendamento (para achá-lo depois)
              <input
                type="text"
                maxLength={200}
                value={choice.note}
                placeholder="por exemplo: Oferta de Natal"
                disabled={choice.replace !== null}
                onChange={(e) => set({ note: e.target.value })}
              />
            </label>
          </div>
          {choice.replace !== null && (
            <label className="check" css={{ marginTop: 6 }}>
              <input type="checkbox" checked onChange={() => set({ replace: null, note: '' })} />
              Substituir o {scheduleName({ id: choice.replace })} (desmarque para criar outro)
            </label>
          )}
        </>
      )}
    </fieldset>
  );
}

/** Publicar agora over a page with a scheduled change: the question, in words. */
export function OverScheduled({
  found,
  onConfirm,
  onBack,
}: {
  found: { file: string; route: string; schedules: ScheduleInfo[] }[];
  onConfirm: () => void;
  onBack: () => void;
}) {
  return (
    <div
      role="alert"
      data-over-scheduled
      css={{
        border: `1px solid ${colors.orange}`,
        background: colors.orangeLight,
        borderRadius: radii.sm,
        padding: '8px 12px',
        margin: '0 0 12px',
      }}
    >
      <strong css={{ color: colors.orangeHover }}>Há mudança agendada nesta página</strong>
      <ul css={{ margin: '4px 0', paddingLeft: 20 }}>
        {found.flatMap((f) =>
          f.schedules.map((s) => (
            <li key={`${f.file}:${s.id}`}>
              {f.route}: {changeInWords(s, f.file).replace(/^Esta página /, '')}.
            </li>
          )),
        )}
      </ul>
      <p css={{ margin: '4px 0 8px' }}>
        Publicar agora muda a versão que está no ar hoje. Na hora marcada, a versão agendada entra no lugar
        desta, sem o que você publicar agora; para juntar as duas, edite o agendamento em Agendamentos.
      </p>
      <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <Button tone="primary" onClick={onConfirm}>
          Publicar agora mesmo assim
        </Button>
        <Button onClick={onBack}>Voltar</Button>
      </div>
    </div>
  );
}
