/**
 * Publicar: the saved files not yet on the site, a message the author can edit (proposed from
 * what changed), and the outcome in plain words: published (and sent to the host), refused by
 * the site's checks (with the pages named and the build's located errors), or a conflict with
 * another person's publication (a merge view, merge-view.tsx; nothing is lost either way).
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { css } from '@emotion/react';
import { colors, radii } from '../../../../design/theme.ts';
import type {
  ChangedFile,
  ChangesAnswer,
  Placeholder,
  PublishAnswer,
  PublishConflict,
  PublishRefused,
  PublishRequest,
} from '../../../api.ts';
import { api, ApiFailure } from '../../shared/api-client.ts';
import { ChangedPages } from './changed-pages.tsx';
import {
  choiceTimes,
  initialChoice,
  OverScheduled,
  ScheduleFields,
  type ScheduleChoice,
} from './schedule-fields.tsx';
import type { ScheduleAnswer, SchedulesAnswer } from '../../../schedules-api.ts';
import { editedSchedule, schedulesApi, schedulesOf } from '../../shared/schedules-client.ts';
import { actionsCss, Button, Dialog, fieldCss, Message, preCss } from '../../shared/ui.tsx';
import type { PublicationRequest, RequestsAnswer } from '../../../requests-api.ts';
import { requestsApi, requestsChanged } from '../../shared/requests-client.ts';

/**
 * The merge view (CodeMirror's MergeView and the YAML language) is needed only when someone
 * published first: its own chunk, loaded then, so every screen that offers Publicar does not
 * download or compile CodeMirror for it (decision 0052).
 */
const ConflictMerge = lazy(() => import('./merge-view.tsx').then((m) => ({ default: m.ConflictMerge })));

type Outcome =
  | { kind: 'published'; answer: PublishAnswer }
  | { kind: 'scheduled'; answer: ScheduleAnswer }
  | { kind: 'requested'; answer: PublicationRequest }
  | { kind: 'refused'; answer: PublishRefused }
  | { kind: 'conflict'; answer: PublishConflict }
  | { kind: 'error'; message: string };

const listCss = css`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  border: 1px solid ${colors.line};
  border-radius: ${radii.sm};
  max-height: 40vh;
  overflow: auto;
  li {
    border-bottom: 1px solid ${colors.line};
  }
  li:last-child {
    border-bottom: 0;
  }
  label {
    display: grid;
    /* The texts' column may be narrower than a long route or file name, which then breaks
       anywhere (a route is one word to the browser): shown whole on a phone, never cut off. */
    grid-template-columns: auto minmax(0, 1fr);
    overflow-wrap: anywhere;
    gap: 2px 10px;
    padding: 10px 12px;
    cursor: pointer;
    align-items: start;
  }
  input {
    margin-top: 4px;
    width: 18px;
    height: 18px;
  }
  .what {
    font-weight: 600;
    color: ${colors.navy};
  }
  .detail {
    grid-column: 2;
    color: ${colors.muted};
    font-size: 13px;
  }
  .stale {
    grid-column: 2;
    color: ${colors.orangeHover};
    font-size: 13px;
    font-weight: 600;
  }
`;
const STATUS: Record<ChangedFile['status'], string> = {
  novo: 'novo',
  alterado: 'alterado',
  excluído: 'excluído',
};

/** The default message for the chosen files. */
export function proposedMessage(chosen: ChangedFile[]): string {
  if (chosen.length === 0) return '';
  if (chosen.length === 1) return chosen[0]!.summary;
  // The site's settings (an experiment) lead; the pages it needs follow in words.
  const site = chosen.find((c) => c.file === 'pages/_site.yaml');
  if (site) {
    const rest = chosen
      .filter((c) => c !== site)
      .map((c) => c.summary.charAt(0).toLowerCase() + c.summary.slice(1));
    return `${site.summary} e ${rest.length === 1 ? rest[0] : `${rest.slice(0, -1).join(', ')} e ${rest.at(-1)}`}`;
  }
  const routes = chosen.map((c) => c.route ?? c.file.replace(/^public/, ''));
  return `Atualiza ${routes.slice(0, -1).join(', ')} e ${routes.at(-1)!}`;
}

export function PublishDialog({
  focusFile,
  focusFiles,
  onClose,
  onOpenFile,
}: {
  /** The page being edited: chosen by default. Without it, every change is chosen. */
  focusFile?: string;
  /** Several files chosen by default (an experiment: _site.yaml and the variant it names). */
  focusFiles?: string[];
  onClose: (published: boolean) => void;
  onOpenFile?: (file: string) => void;
}) {
  const [changes, setChanges] = useState<ChangesAnswer>();
  const [loadError, setLoadError] = useState<string>();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState('');
  const [edited, setEdited] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  // Agendar (issue 38): the schedules (for the question over a scheduled page, and whether the host can).
  const [schedules, setSchedules] = useState<SchedulesAnswer>();
  // After Editar: Agendar again replaces that schedule, when this publish is about its files.
  const [edit] = useState(() => {
    const e = editedSchedule.get();
    const focus = [...(focusFile ? [focusFile] : []), ...(focusFiles ?? [])];
    return e && (focus.length === 0 || focus.some((f) => e.files.includes(f))) ? e : undefined;
  });
  const [choice, setChoice] = useState<ScheduleChoice>(() => initialChoice(undefined, edit));
  const [asked, setAsked] = useState(false);
  // Publicar waits for the schedules: publishing over a scheduled page must ask first.
  const [schedulesRead, setSchedulesRead] = useState(false);
  // An Editor (or anyone, when every publication needs approval) asks instead (decision 0049).
  const [requests, setRequests] = useState<RequestsAnswer>();
  useEffect(() => {
    requestsApi.list().then(setRequests, () => setRequests(undefined));
  }, []);
  const asking = requests !== undefined && requests.enabled && !requests.mayPublish;

  useEffect(() => {
    schedulesApi.list().then(
      (answer) => {
        setSchedules(answer);
        if (edit && !answer.upcoming.some((x) => x.id === edit.id)) {
          // Cancelled or over meanwhile: nothing left to replace.
          editedSchedule.clear();
          setChoice(initialChoice(answer));
        } else if (!edit) setChoice((c) => (c.mode === 'agora' ? initialChoice(answer) : c));
        setSchedulesRead(true);
      },
      () => {
        setSchedules(undefined);
        setSchedulesRead(true);
      },
    );
  }, [edit]);

  useEffect(() => {
    api.changes().then(
      (answer) => {
        setChanges(answer);
        // The page being edited and the images sent meanwhile (a page may need them), else everything.
        const wanted = new Set([...(focusFile ? [focusFile] : []), ...(focusFiles ?? [])]);
        const focus = answer.changes.filter((c) => wanted.has(c.file));
        const images = answer.changes.filter((c) => c.file.startsWith('public/images/'));
        setChosen(new Set((focus.length > 0 ? [...focus, ...images] : answer.changes).map((c) => c.file)));
      },
      (e: unknown) => setLoadError(e instanceof Error ? e.message : String(e)),
    );
    // The list of files is what matters, not the array's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusFile, (focusFiles ?? []).join('\n')]);

  const chosenList = useMemo(
    () => (changes?.changes ?? []).filter((c) => chosen.has(c.file)),
    [changes, chosen],
  );
  const shownMessage = edited ? message : proposedMessage(chosenList);
  const scheduling = choice.mode === 'agendar';
  const times = choiceTimes(choice);
  // Publicar agora over a page that has a scheduled change asks first.
  const overScheduled = chosenList
    .map((c) => ({ file: c.file, route: c.route ?? c.file, schedules: schedulesOf(schedules, c.file) }))
    .filter((f) => f.schedules.length > 0);

  const schedule = async () => {
    if (typeof times === 'string') return;
    setBusy(true);
    setOutcome(undefined);
    try {
      const answer = await schedulesApi.schedule({
        files: chosenList.map((c) => c.file),
        start: times.start,
        end: times.end,
        ...(choice.replace ? { replace: choice.replace } : { note: choice.note.trim() }),
        ...(edited ? { message: shownMessage } : {}),
      });
      editedSchedule.clear();
      setOutcome({ kind: 'scheduled', answer });
    } catch (e) {
      if (e instanceof ApiFailure && e.status === 422 && 'output' in e.body) {
        setOutcome({ kind: 'refused', answer: e.body as unknown as PublishRefused });
      } else setOutcome({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  const ask = async () => {
    setBusy(true);
    setOutcome(undefined);
    try {
      // Agendar asked (session 21): the schedule's own body, approved in Pedidos.
      const answer =
        scheduling && typeof times !== 'string'
          ? await requestsApi.askAction(
              'agendar',
              {
                files: chosenList.map((c) => c.file),
                start: times.start,
                end: times.end,
                ...(choice.replace ? { replace: choice.replace } : { note: choice.note.trim() }),
              },
              shownMessage,
            )
          : await requestsApi.create({ files: chosenList.map((c) => c.file), message: shownMessage });
      requestsChanged();
      setOutcome({ kind: 'requested', answer });
    } catch (e) {
      setOutcome({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  const publish = async (overwrite: string[] = [], resolved?: PublishRequest['resolved']) => {
    setAsked(false);
    setBusy(true);
    setOutcome(undefined);
    try {
      const answer = await api.publish({
        files: chosenList.map((c) => c.file),
        message: shownMessage,
        overwrite,
        ...(resolved ? { resolved } : {}),
      });
      setOutcome({ kind: 'published', answer });
    } catch (e) {
      if (e instanceof ApiFailure && e.status === 422 && 'output' in e.body) {
        setOutcome({ kind: 'refused', answer: e.body as unknown as PublishRefused });
      } else if (e instanceof ApiFailure && e.status === 409 && 'conflicts' in e.body) {
        setOutcome({ kind: 'conflict', answer: e.body as unknown as PublishConflict });
      } else setOutcome({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  const published = outcome?.kind === 'published' || outcome?.kind === 'scheduled';
  const requested = outcome?.kind === 'requested';
  return (
    <Dialog
      title={asking ? 'Pedir publicação' : 'Publicar no site'}
      onClose={() => onClose(published)}
      wide={outcome?.kind === 'conflict' || chosenList.length > 0}
    >
      {loadError && <Message tone="error">{loadError}</Message>}
      {!changes && !loadError && <Message tone="info">Procurando o que mudou…</Message>}
      {changes && !changes.publishing.enabled && (
        <Message tone="error">{changes.publishing.reason ?? 'Publicar não está disponível.'}</Message>
      )}
      {changes && changes.placeholders.length > 0 && !published && !requested && (
        <PlaceholderWarning placeholders={changes.placeholders} />
      )}
      {changes?.refused && changes.refused.length > 0 && !published && (
        <div data-refused css={{ margin: '0 0 12px' }}>
          <strong css={{ color: colors.orangeHover }}>Não pode ser publicado</strong>
          <ul css={{ margin: '4px 0', paddingLeft: 20 }}>
            {changes.refused.map((r) => (
              <li key={r.file}>{r.reason}</li>
            ))}
          </ul>
        </div>
      )}
      {changes?.publishing.enabled && changes.changes.length === 0 && !published && (
        <Message tone="info">
          Nada a publicar: todas as páginas salvas já estão no site. Salve uma mudança para publicá-la.
        </Message>
      )}
      {outcome?.kind === 'requested' ? (
        <Requested answer={outcome.answer} />
      ) : outcome?.kind === 'scheduled' ? (
        <Scheduled answer={outcome.answer} />
      ) : outcome?.kind === 'published' ? (
        <Published answer={outcome.answer} />
      ) : (
        changes?.publishing.enabled &&
        changes.changes.length > 0 && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (asking) void ask();
              else if (scheduling) void schedule();
              else if (overScheduled.length > 0 && !asked) setAsked(true);
              else void publish();
            }}
          >
            <fieldset css={{ border: 0, padding: 0, margin: 0 }} disabled={busy}>
              <legend css={{ fontWeight: 600, color: colors.navy, marginBottom: 6 }}>
                Mudanças salvas que ainda não estão no site
              </legend>
              <ul css={listCss}>
                {changes.changes.map((change) => (
                  <li key={change.file}>
                    <label>
                      <input
                        type="checkbox"
                        checked={chosen.has(change.file)}
                        onChange={(event) => {
                          const next = new Set(chosen);
                          if (event.target.checked) next.add(change.file);
                          else next.delete(change.file);
                          setChosen(next);
                        }}
                      />
                      <span className="what">
                        {change.route ?? change.file.replace(/^public/, '')} ({STATUS[change.status]})
                      </span>
                      <span className="detail">
                        {change.file} · {change.summary}
                      </span>
                      {change.stale && (
                        <span className="stale">
                          Outra pessoa publicou este arquivo depois que ele foi salvo aqui: ao publicar, você
                          verá as duas versões antes.
                        </span>
                      )}
                    </label>
                  </li>
                ))}
              </ul>
              <ScheduleFields
                list={schedules}
                asking={asking}
                choice={choice}
                onChange={(next) => {
                  setChoice(next);
                  setAsked(false);
                }}
              />
              <ChangedPages
                files={chosenList.map((c) => c.file)}
                {...(asking
                  ? { heading: 'Páginas que este pedido muda' }
                  : scheduling
                    ? { heading: 'Páginas que este agendamento muda na hora marcada' }
                    : {})}
              />
              <div css={fieldCss}>
                <label htmlFor="publicar-mensagem">
                  {asking
                    ? 'Mensagem para quem aprova (fica no histórico)'
                    : 'O que mudou (fica no histórico)'}
                </label>
                <textarea
                  id="publicar-mensagem"
                  rows={2}
                  value={shownMessage}
                  maxLength={2000}
                  required
                  onChange={(event) => {
                    setEdited(true);
                    setMessage(event.target.value);
                  }}
                  css={{
                    font: 'inherit',
                    padding: '8px 10px',
                    borderRadius: radii.sm,
                    border: `1px solid ${colors.disabled}`,
                  }}
                />
                {asking ? (
                  <small>
                    Pedido em nome de {changes.author.name} ({changes.author.email}). Um Publicador vê o
                    pedido em Pedidos com as páginas antes e depois, e publica exatamente o que está salvo
                    agora — ou devolve com um comentário.
                    {requests?.approvalRequired &&
                      ' Neste site toda publicação precisa de aprovação de outra pessoa.'}
                  </small>
                ) : (
                  <small>
                    Publicado em nome de {changes.author.name} ({changes.author.email})
                    {changes.publishing.remote
                      ? ` e enviado ao repositório ${changes.publishing.remote}/${changes.publishing.branch}, de onde o site é atualizado.`
                      : '. Este repositório não tem remoto: a mudança fica registrada só aqui.'}
                  </small>
                )}
              </div>
            </fieldset>
            {asked && !scheduling && (
              <OverScheduled
                found={overScheduled}
                onConfirm={() => void publish()}
                onBack={() => setAsked(false)}
              />
            )}
            {scheduling && typeof times === 'string' && <Message tone="error">{times}</Message>}
            {busy && !asking && (
              <Message tone="info">
                Conferindo o site inteiro, como na publicação oficial (todas as páginas e variantes)… isto
                leva alguns segundos.
              </Message>
            )}
            {outcome?.kind === 'error' && <Message tone="error">{outcome.message}</Message>}
            {outcome?.kind === 'refused' && <Refused answer={outcome.answer} onOpenFile={onOpenFile} />}
            {outcome?.kind === 'conflict' && (
              <Suspense fallback={<Message tone="info">Abrindo a comparação das versões…</Message>}>
                <ConflictMerge
                  answer={outcome.answer}
                  busy={busy}
                  onKeepMine={() => void publish(outcome.answer.conflicts.map((c) => c.file))}
                  onPublishMerge={(resolved) => void publish([], resolved)}
                  onOpenFile={onOpenFile}
                />
              </Suspense>
            )}
            <div css={actionsCss}>
              <Button onClick={() => onClose(false)}>Cancelar</Button>
              {outcome?.kind !== 'conflict' && (
                <Button
                  tone="primary"
                  type="submit"
                  disabled={
                    busy ||
                    !schedulesRead ||
                    chosenList.length === 0 ||
                    !shownMessage.trim() ||
                    (scheduling && typeof times === 'string') ||
                    (asked && !scheduling)
                  }
                >
                  {asking
                    ? busy
                      ? 'Enviando o pedido…'
                      : scheduling
                        ? 'Pedir agendamento'
                        : 'Pedir publicação'
                    : scheduling
                      ? busy
                        ? 'Agendando…'
                        : 'Agendar'
                      : busy
                        ? 'Publicando…'
                        : 'Publicar'}
                </Button>
              )}
            </div>
          </form>
        )
      )}
      {(published ||
        requested ||
        (changes && (!changes.publishing.enabled || changes.changes.length === 0))) && (
        <div css={actionsCss}>
          <Button tone="primary" onClick={() => onClose(published)} autoFocus>
            Fechar
          </Button>
        </div>
      )}
    </Dialog>
  );
}

/** The values of _site.yaml still marked TROCAR, in words: what visitors would see. */
export function PlaceholderWarning({
  placeholders,
  link = true,
}: {
  placeholders: Placeholder[];
  /** A link to the settings form (not on the form itself). */
  link?: boolean;
}) {
  return (
    <div
      data-placeholders
      css={{
        border: `1px solid ${colors.orange}`,
        background: colors.orangeLight,
        borderRadius: radii.sm,
        padding: '8px 12px',
        margin: '0 0 12px',
      }}
    >
      <strong css={{ color: colors.orangeHover }}>Dados provisórios no site</strong>
      <ul css={{ margin: '4px 0 4px', paddingLeft: 20 }}>
        {placeholders.map((p) => (
          <li key={p.key}>{p.words.charAt(0).toUpperCase() + p.words.slice(1)}.</li>
        ))}
      </ul>
      {link && <a href="#/configuracoes">Trocar em Configurações do site</a>}
    </div>
  );
}

function Published({ answer }: { answer: PublishAnswer }) {
  return (
    <div role="status">
      <p css={{ fontWeight: 600, color: colors.waterDark, margin: '0 0 8px' }}>
        Publicado: “{answer.message}” ({answer.short}).
      </p>
      {answer.pushed && (
        <p css={{ margin: '0 0 8px' }}>
          Enviado a {answer.remote}/{answer.branch}. O provedor do site reconstrói as páginas sozinho; a
          mudança aparece no ar em alguns minutos.
        </p>
      )}
      {answer.rebased && (
        <p css={{ margin: '0 0 8px' }}>
          Outra pessoa tinha publicado antes de você: a sua mudança foi somada à dela, conferida de novo e
          enviada.
        </p>
      )}
      {answer.warnings.map((w) => (
        <p key={w} css={{ margin: '0 0 8px', color: colors.muted }}>
          {w}
        </p>
      ))}
    </div>
  );
}

function Requested({ answer }: { answer: PublicationRequest }) {
  return (
    <div role="status" data-requested>
      <p css={{ fontWeight: 600, color: colors.waterDark, margin: '0 0 8px', overflowWrap: 'anywhere' }}>
        Pedido enviado: “{answer.message.split('\n')[0]}”.
      </p>
      <p css={{ margin: '0 0 8px' }}>
        Nada foi publicado ainda. Quem publica vê o pedido em <a href="#/pedidos">Pedidos</a> e aprova ou
        devolve com um comentário; a resposta aparece lá. Se você salvar estas páginas de novo antes da
        aprovação, peça de novo: só o que foi pedido é publicado.
      </p>
    </div>
  );
}

function Scheduled({ answer }: { answer: ScheduleAnswer }) {
  return (
    <div role="status" data-scheduled>
      <p css={{ fontWeight: 600, color: colors.waterDark, margin: '0 0 8px' }}>
        Agendado: {answer.words.charAt(0).toLowerCase() + answer.words.slice(1)} (horário de São Paulo).
      </p>
      <p css={{ margin: '0 0 8px' }}>
        Até lá o site continua como está.{' '}
        {answer.pushed ? `Enviado a ${answer.remote}/${answer.branch}: ` : ''}a mudança entra no ar sozinha na
        hora marcada, sem ninguém com o Estúdio aberto. Para mudar o horário ou cancelar, abra{' '}
        <a href="#/agendamentos">Agendamentos</a>.
      </p>
      {answer.warnings.map((w) => (
        <p key={w} css={{ margin: '0 0 8px', color: colors.muted }}>
          {w}
        </p>
      ))}
    </div>
  );
}

function Refused({ answer, onOpenFile }: { answer: PublishRefused; onOpenFile?: (file: string) => void }) {
  return (
    <div>
      <Message tone="error">{answer.error}</Message>
      {answer.pages.length > 0 && onOpenFile && (
        <ul css={{ margin: '0 0 12px', paddingLeft: 20 }}>
          {answer.pages.map((p) => (
            <li key={p}>
              <a
                href={`#/editar/${encodeURIComponent(p)}`}
                onClick={(event) => {
                  event.preventDefault();
                  onOpenFile(p);
                }}
              >
                Abrir {p}
              </a>
            </li>
          ))}
        </ul>
      )}
      <details open>
        <summary css={{ cursor: 'pointer', marginBottom: 6 }}>O que a verificação do site encontrou</summary>
        <pre css={preCss} aria-label="Resultado da verificação">
          {answer.output}
        </pre>
      </details>
    </div>
  );
}
