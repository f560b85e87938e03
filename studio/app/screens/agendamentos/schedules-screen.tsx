/**
 * Agendamentos (`#/agendamentos`, issue 38): the scheduled changes in words, "Próximos" (not live
 * yet, or live with an end to come) and "Encerrados" (ended, or applied for good), with who
 * scheduled each and when; Alterar horário, Cancelar and Editar (its files back as drafts). Each
 * change is one publish through the same checks as Publicar.
 */
import { useCallback, useEffect, useState } from 'react';
import { css } from '@emotion/react';
import { colors } from '../../../../design/theme.ts';
import type { ScheduleInfo, SchedulesAnswer } from '../../../schedules-api.ts';
import { ApiFailure } from '../../shared/api-client.ts';
import { editedSchedule, scheduleName, schedulesApi } from '../../shared/schedules-client.ts';
import { useCan, useMustAsk } from '../../shared/role.ts';
import { ScheduleAsks } from '../../shared/schedule-requests.tsx';
import { ScheduleTimesFields, useScheduleTimes } from '../../shared/schedule-times.tsx';
import { actionsCss, Button, Dialog, Message, preCss } from '../../shared/ui.tsx';
import { ScreenHeader } from '../../shared/screen-header.tsx';
import { cardCss, cardListCss, cardPillCss, cardScreenCss, cardSectionTitleCss } from '../../shared/cards.ts';
import { ScheduleShareButton } from '../previas/index.ts';

/** What only Agendamentos' cards have: the schedule in words, "No ar agora". */
const screenCss = css`
  .words {
    margin: 0 0 6px;
    font-weight: 600;
  }
  .live {
    background: ${colors.waterLight};
    color: ${colors.waterDark};
  }
`;

const KIND_WORDS: Record<ScheduleInfo['files'][number]['kind'], string> = {
  muda: 'muda',
  cria: 'página nova',
  remove: 'sai do ar',
};

type Acting =
  | { kind: 'times'; schedule: ScheduleInfo }
  | { kind: 'cancel'; schedule: ScheduleInfo }
  | { kind: 'apply'; schedule: ScheduleInfo }
  | undefined;

export function SchedulesScreen({ onOpen }: { onOpen: (file: string) => void }) {
  const [list, setList] = useState<SchedulesAnswer>();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [acting, setActing] = useState<Acting>();
  const [editError, setEditError] = useState<{ id: string; message: string }>();
  // Roles (decision 0048): changing a schedule is for Publicadores and Administradores.
  const maySchedule = useCan('schedule') !== false;
  // An Editor, or anyone while every publication needs approval (decision 0049): asked instead.
  const mustAsk = useMustAsk('schedule') === true;
  const canSchedule = maySchedule && !mustAsk;
  // Every role may share a preview (decision 0048); unknown yet: shown, as before roles.
  const mayShare = useCan('share') !== false;

  const reload = useCallback(() => {
    schedulesApi.list().then(
      (answer) => {
        setList(answer);
        setError(undefined);
      },
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, []);
  useEffect(reload, [reload]);

  const edit = async (s: ScheduleInfo) => {
    setEditError(undefined);
    try {
      const answer = await schedulesApi.edit(s.id);
      editedSchedule.set({ id: s.id, files: answer.files, start: s.start, end: s.end, note: s.note });
      const first = answer.files.find((f) => s.files.some((x) => x.file === f && x.kind !== 'remove'));
      if (first) onOpen(first);
      else window.location.assign('#/');
    } catch (e) {
      setEditError({ id: s.id, message: e instanceof Error ? e.message : String(e) });
    }
  };

  const item = (s: ScheduleInfo, ended: boolean) => (
    <li key={s.id} css={cardCss} data-schedule={s.id}>
      <h3>
        {s.note ?? scheduleName(s)}
        {s.state === 'no-ar' && (
          <span className="live" css={cardPillCss}>
            No ar agora
          </span>
        )}
      </h3>
      <p className="words">{s.words.charAt(0).toUpperCase() + s.words.slice(1)}.</p>
      <p className="meta">
        {scheduleName(s)}
        {s.by && s.when ? ` · agendado por ${s.by} em ${s.when}` : ''}
      </p>
      <ul className="files" aria-label={`Arquivos do ${scheduleName(s)}`}>
        {s.files.map((f) => (
          <li key={f.file}>
            {f.route ?? 'Configurações do site'} ({KIND_WORDS[f.kind]}) · <code>{f.file}</code>
            {/* A page as this schedule will make it, to someone without an account (decision 0050). */}
            {!ended && mayShare && f.route !== null && f.kind !== 'remove' && (
              <>
                {' '}
                <ScheduleShareButton
                  file={f.file}
                  route={f.route}
                  schedule={{ id: s.id, words: scheduleName(s) }}
                />
              </>
            )}
          </li>
        ))}
      </ul>
      {editError?.id === s.id && <Message tone="error">{editError.message}</Message>}
      {canSchedule && !ended && (
        <div className="actions">
          <Button onClick={() => setActing({ kind: 'times', schedule: s })}>Alterar horário</Button>
          <Button onClick={() => void edit(s)}>Editar</Button>
          <Button tone="danger" onClick={() => setActing({ kind: 'cancel', schedule: s })}>
            Cancelar
          </Button>
        </div>
      )}
      {mustAsk && (
        <div className="actions">
          {maySchedule && !ended && <Button onClick={() => void edit(s)}>Editar</Button>}
          <ScheduleAsks schedule={s} ended={ended} onAsked={setDone} />
        </div>
      )}
      {canSchedule && ended && s.end !== null && (
        <div className="actions">
          <Button onClick={() => setActing({ kind: 'cancel', schedule: s })}>Tirar da lista</Button>
        </div>
      )}
      {canSchedule && ended && s.end === null && (
        <div className="actions">
          <Button onClick={() => setActing({ kind: 'apply', schedule: s })}>Trazer para as páginas</Button>
        </div>
      )}
    </li>
  );

  return (
    <main css={[cardScreenCss, screenCss]}>
      <ScreenHeader title="Agendamentos" />
      <p>
        Mudanças que entram no ar sozinhas na hora marcada (e, se tiverem fim, saem). Todos os horários são do
        horário de São Paulo{list ? `; agora são ${list.now.slice(11)} de ${dayWords(list.now)}` : ''}. Para
        agendar, salve a mudança e escolha “Agendar” ao publicar.
      </p>
      {mustAsk && (
        <Message tone="info">
          Mudar horários, cancelar e trazer para as páginas viram pedidos: quem publica aprova em Pedidos.
        </Message>
      )}
      {error && <Message tone="error">{error}</Message>}
      {done && (
        <div data-done>
          <Message tone="info">{done}</Message>
        </div>
      )}
      {list && !list.enabled && list.reason && <Message tone="error">{list.reason}</Message>}
      {list?.problems.map((p) => (
        <Message key={p} tone="error">
          {p}
        </Message>
      ))}
      {!list && !error && <Message tone="info">Carregando…</Message>}
      {list && (
        <>
          <section aria-labelledby="agendamentos-proximos">
            <h2 id="agendamentos-proximos" css={cardSectionTitleCss}>
              Próximos
            </h2>
            {list.upcoming.length === 0 ? (
              <p>Nenhuma mudança agendada.</p>
            ) : (
              <ul css={cardListCss}>{list.upcoming.map((s) => item(s, false))}</ul>
            )}
          </section>
          <section aria-labelledby="agendamentos-encerrados">
            <h2 id="agendamentos-encerrados" css={cardSectionTitleCss}>
              Encerrados
            </h2>
            {list.ended.length === 0 ? (
              <p>Nenhum agendamento encerrado.</p>
            ) : (
              <ul css={cardListCss}>{list.ended.map((s) => item(s, true))}</ul>
            )}
          </section>
        </>
      )}
      {acting?.kind === 'times' && (
        <TimesDialog
          schedule={acting.schedule}
          now={list?.now ?? ''}
          onClose={(message) => {
            setActing(undefined);
            if (message) {
              setDone(message);
              reload();
            }
          }}
        />
      )}
      {acting?.kind === 'apply' && (
        <ApplyDialog
          schedule={acting.schedule}
          onClose={(message) => {
            setActing(undefined);
            if (message) {
              setDone(message);
              reload();
            }
          }}
        />
      )}
      {acting?.kind === 'cancel' && (
        <CancelDialog
          schedule={acting.schedule}
          onClose={(message) => {
            setActing(undefined);
            if (message) {
              setDone(message);
              reload();
            }
          }}
        />
      )}
    </main>
  );
}

/** "AAAA-MM-DD HH:MM" → "20/12/2026". */
const dayWords = (instant: string) => instant.slice(0, 10).split('-').reverse().join('/');

function failureOf(e: unknown): { message: string; output?: string } {
  if (e instanceof ApiFailure && typeof e.body.output === 'string')
    return { message: e.message, output: e.body.output };
  return { message: e instanceof Error ? e.message : String(e) };
}

function TimesDialog({
  schedule,
  now,
  onClose,
}: {
  schedule: ScheduleInfo;
  now: string;
  onClose: (message?: string) => void;
}) {
  const times = useScheduleTimes(schedule.start, schedule.end);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; output?: string }>();
  const live = schedule.state === 'no-ar';
  const { start, end, problem } = times;

  const submit = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await schedulesApi.times(schedule.id, start, end);
      onClose(
        `Horário do ${scheduleName(schedule)} alterado: entra no ar em ${dayWords(start)} às ${times.startHour}${end ? ` e sai em ${dayWords(end)} às ${times.endHour}` : ''}.`,
      );
    } catch (e) {
      setFailure(failureOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={`Alterar horário do ${scheduleName(schedule)}`} onClose={() => onClose()}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p id="horario-fuso" css={{ margin: '0 0 8px' }}>
          {schedule.words.charAt(0).toUpperCase() + schedule.words.slice(1)}. Horário de São Paulo
          {now ? ` (agora: ${dayWords(now)} às ${now.slice(11)})` : ''}.
        </p>
        <fieldset css={{ border: 0, padding: 0, margin: 0 }} disabled={busy}>
          <ScheduleTimesFields times={times} live={live} describedBy="horario-fuso" />
        </fieldset>
        {problem && <Message tone="error">{problem}</Message>}
        {busy && <Message tone="info">Conferindo o site inteiro e publicando o novo horário…</Message>}
        {failure && <Message tone="error">{failure.message}</Message>}
        {failure?.output && (
          <pre css={preCss} aria-label="Resultado da verificação">
            {failure.output}
          </pre>
        )}
        <div css={actionsCss}>
          <Button onClick={() => onClose()}>Voltar</Button>
          <Button tone="primary" type="submit" disabled={busy || problem !== undefined}>
            {busy ? 'Salvando…' : 'Salvar horário'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function CancelDialog({
  schedule,
  onClose,
}: {
  schedule: ScheduleInfo;
  onClose: (message?: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; output?: string }>();
  const ended = schedule.state === 'encerrado';
  const submit = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await schedulesApi.cancel(schedule.id);
      onClose(
        ended
          ? `O ${scheduleName(schedule)} saiu da lista.`
          : `O ${scheduleName(schedule)} foi cancelado: nada muda na hora marcada.`,
      );
    } catch (e) {
      setFailure(failureOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={ended ? `Tirar o ${scheduleName(schedule)} da lista` : `Cancelar o ${scheduleName(schedule)}`}
      onClose={() => onClose()}
    >
      <p css={{ margin: '0 0 8px' }}>{schedule.words.charAt(0).toUpperCase() + schedule.words.slice(1)}.</p>
      <p css={{ margin: '0 0 12px' }}>
        {schedule.state === 'no-ar'
          ? 'Ele já está no ar: cancelar volta o site agora para como era antes dele, numa só publicação.'
          : ended
            ? 'Ele já terminou: o site não muda. A pasta dele sai do repositório, numa só publicação.'
            : 'Os arquivos dele saem do repositório numa só publicação, e nada muda na hora marcada. As versões que estão no ar continuam.'}
      </p>
      {busy && <Message tone="info">Conferindo o site inteiro e publicando…</Message>}
      {failure && <Message tone="error">{failure.message}</Message>}
      {failure?.output && (
        <pre css={preCss} aria-label="Resultado da verificação">
          {failure.output}
        </pre>
      )}
      <div css={actionsCss}>
        <Button onClick={() => onClose()} autoFocus>
          Voltar
        </Button>
        <Button tone="danger" disabled={busy} onClick={() => void submit()}>
          {busy ? 'Cancelando…' : ended ? 'Tirar da lista' : 'Cancelar o agendamento'}
        </Button>
      </div>
    </Dialog>
  );
}

/** An applied schedule with no end: its files become the pages themselves; the site does not change. */
function ApplyDialog({ schedule, onClose }: { schedule: ScheduleInfo; onClose: (message?: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; output?: string }>();
  const submit = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await schedulesApi.apply(schedule.id);
      onClose(`O ${scheduleName(schedule)} agora faz parte das páginas, e a pasta dele saiu do repositório.`);
    } catch (e) {
      setFailure(failureOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={`Trazer o ${scheduleName(schedule)} para as páginas`} onClose={() => onClose()}>
      <p css={{ margin: '0 0 8px' }}>{schedule.words.charAt(0).toUpperCase() + schedule.words.slice(1)}.</p>
      <p css={{ margin: '0 0 12px' }}>
        Ele está no ar para sempre: os arquivos dele passam a ser as próprias páginas e a pasta do agendamento
        sai do repositório, numa só publicação. O site não muda.
      </p>
      {busy && <Message tone="info">Conferindo o site inteiro e publicando…</Message>}
      {failure && <Message tone="error">{failure.message}</Message>}
      {failure?.output && (
        <pre css={preCss} aria-label="Resultado da verificação">
          {failure.output}
        </pre>
      )}
      <div css={actionsCss}>
        <Button onClick={() => onClose()} autoFocus>
          Voltar
        </Button>
        <Button tone="primary" disabled={busy} onClick={() => void submit()}>
          {busy ? 'Publicando…' : 'Trazer para as páginas'}
        </Button>
      </div>
    </Dialog>
  );
}
