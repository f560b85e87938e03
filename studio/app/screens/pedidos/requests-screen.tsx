/**
 * Pedidos (`#/pedidos`, issue 39, decision 0049). A Publicador sees every request waiting, opens
 * one to see the publish review (the same pictures and problems as Publicar: ChangedPages), and
 * either approves — the exact requested texts are published in their requester's name — or
 * returns it with a comment. An Editor sees their own requests and what was decided, and asks
 * again after changing a file or after a return. Comments and messages are shown as text.
 */
import { useCallback, useEffect, useState } from 'react';
import { css } from '@emotion/react';
import { colors, radii, shadows } from '../../../../design/theme.ts';
import type { PublishAnswer, PublishRefused } from '../../../api.ts';
import {
  MAX_REQUEST_COMMENT,
  type PublicationRequest,
  type RequestChanged,
  type RequestsAnswer,
  type RequestView,
} from '../../../requests-api.ts';
import { ApiFailure } from '../../shared/api-client.ts';
import { when } from '../../shared/dates.ts';
import { requestsApi, requestsChanged } from '../../shared/requests-client.ts';
import { ScheduleTimesFields, useScheduleTimes } from '../../shared/schedule-times.tsx';
import { ScreenHeader } from '../../shared/screen-header.tsx';
import { cardCss, cardListCss, cardPillCss, cardScreenCss, cardSectionTitleCss } from '../../shared/cards.ts';
import { actionsCss, Button, Dialog, fieldCss, Message, preCss } from '../../shared/ui.tsx';
import { ChangedPages, PagePictures } from '../publicar/index.ts';

const screenCss = css`
  .empty {
    color: ${colors.muted};
  }
`;

/** What only a request's card has: its message as the title, its state, its action, what changed since. */
const requestCss = css`
  h3 {
    white-space: pre-line;
  }
  .status {
    vertical-align: 2px;
  }
  .status.pendente {
    background: ${colors.orangeLight};
    color: ${colors.orangeHover};
  }
  .status.aprovado {
    background: ${colors.waterLight};
    color: ${colors.waterDark};
  }
  .status.devolvido {
    background: ${colors.surfaceAlt};
    color: ${colors.navy};
  }
  .action {
    margin: 0 0 6px;
    overflow-wrap: anywhere;
  }
  .changed {
    margin: 0 0 8px;
    color: ${colors.orangeHover};
    font-weight: 600;
  }
  blockquote {
    margin: 0 0 8px;
    padding: 8px 12px;
    border-left: 4px solid ${colors.line};
    background: ${colors.surfaceAlt};
    white-space: pre-line;
  }
`;

const STATUS_WORDS: Record<RequestView['status'], string> = {
  pendente: 'esperando decisão',
  aprovado: 'aprovado e publicado',
  devolvido: 'devolvido',
};

/** What the request changes, file by file (an action: every file it writes). */
const fileWords = (r: RequestView) =>
  r.action
    ? r.action.writes.map((w, i) => ({
        file: w.file,
        words: `${
          w.file.endsWith('/_agendamento.yaml')
            ? 'horários do agendamento'
            : w.file === 'pages/_site.yaml'
              ? 'configurações do site'
              : `${r.routes[i] ?? w.file.replace(/^pages\//, '').replace(/^public/, '')}${w.file.includes('/_agendamentos/') ? ' (no agendamento)' : ''}`
        }${w.after === null ? ' (sai)' : w.before === null ? ' (nova)' : ''}`,
      }))
    : r.files.map((f, i) => ({
        file: f.file,
        words: `${r.routes[i] ?? f.file.replace(/^public/, '')}${f.sha256 === null ? ' (excluída)' : ''}`,
      }));

/** An action request: what it does, in the words of the commit it will make. */
const KIND_WORDS: Record<string, string> = {
  restaurar: 'Restaurar uma versão',
  desfazer: 'Desfazer uma mudança',
  agendar: 'Agendar',
  'alterar-horario': 'Mudar o horário de um agendamento',
  'cancelar-agendamento': 'Cancelar um agendamento',
  'trazer-para-paginas': 'Trazer um agendamento para as páginas',
  'levar-vencedora': 'Levar a vencedora para a página',
};

function ActionWords({ r }: { r: RequestView }) {
  if (!r.action) return null;
  return (
    <p className="action" data-kind={r.kind}>
      <strong>{KIND_WORDS[r.kind ?? ''] ?? 'Ação'}:</strong> {r.action.summary}
    </p>
  );
}

/** Why a pending request cannot be approved as it is (saved again, or published since). */
const changedWords = (r: RequestView) =>
  `${r.changedSince.join(', ')} ${r.changedSince.length === 1 ? 'mudou' : 'mudaram'} depois do pedido`;

export function RequestsScreen() {
  const [list, setList] = useState<RequestsAnswer>();
  const [error, setError] = useState<string>();
  const [open, setOpen] = useState<RequestView>();
  const [notice, setNotice] = useState<string>();

  const read = useCallback(() => {
    requestsApi.list().then(
      (answer) => {
        setList(answer);
        setError(undefined);
      },
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, []);
  useEffect(read, [read]);

  const [retiming, setRetiming] = useState<RequestView>();

  const renew = async (r: RequestView) => {
    setNotice(undefined);
    try {
      await requestsApi.renew(r.id);
      setNotice('Pedido feito de novo com o que está salvo agora.');
      requestsChanged();
      read();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const waiting = list?.requests.filter((r) => r.status === 'pendente') ?? [];
  const decided = list?.requests.filter((r) => r.status !== 'pendente') ?? [];
  return (
    <main css={[cardScreenCss, screenCss]}>
      <ScreenHeader title="Pedidos de publicação" />
      <p>
        {list?.mayApprove
          ? 'Quem edita e não publica pede aqui. Abra um pedido para ver as páginas antes e depois e decidir: aprovar e publicar, ou devolver com um comentário.'
          : 'Seus pedidos de publicação: quem publica aprova (e o site é atualizado) ou devolve com um comentário.'}
      </p>
      {error && <Message tone="error">{error}</Message>}
      {notice && (
        <p role="status" css={{ fontWeight: 600, color: colors.waterDark }}>
          {notice}
        </p>
      )}
      {!list && !error && <Message tone="info">Lendo os pedidos…</Message>}
      {list && !list.enabled && (
        <Message tone="info">
          Este Estúdio não publica (não está num repositório git): não há pedidos de publicação.
        </Message>
      )}
      {list?.maySetApproval && <ApprovalSetting onChange={read} />}
      {list && (
        <>
          <h2 css={cardSectionTitleCss}>Esperando decisão ({waiting.length})</h2>
          {waiting.length === 0 ? (
            <p className="empty">Nenhum pedido esperando.</p>
          ) : (
            <ul css={cardListCss}>
              {waiting.map((r) => (
                <RequestCard
                  key={r.id}
                  r={r}
                  onOpen={() => setOpen(r)}
                  onRenew={() => void renew(r)}
                  onRetime={() => setRetiming(r)}
                />
              ))}
            </ul>
          )}
          <h2 css={cardSectionTitleCss}>Decididos</h2>
          {decided.length === 0 ? (
            <p className="empty">Nenhum pedido decidido ainda.</p>
          ) : (
            <ul css={cardListCss}>
              {decided.map((r) => (
                <RequestCard
                  key={r.id}
                  r={r}
                  onOpen={() => setOpen(r)}
                  onRenew={() => void renew(r)}
                  onRetime={() => setRetiming(r)}
                />
              ))}
            </ul>
          )}
        </>
      )}
      {retiming && (
        <RetimeDialog
          r={retiming}
          onClose={(renewed) => {
            setRetiming(undefined);
            if (renewed) {
              setNotice(`Pedido feito de novo: ${renewed.action?.summary ?? renewed.message}.`);
              requestsChanged();
              read();
            }
          }}
        />
      )}
      {open && (
        <DecideDialog
          r={open}
          onClose={(changed) => {
            setOpen(undefined);
            if (changed) {
              requestsChanged();
              read();
            }
          }}
        />
      )}
    </main>
  );
}

/** A schedule's request (Agendar, Mudar o horário): its times can change when asked again. */
const timed = (r: RequestView) => r.kind === 'agendar' || r.kind === 'alterar-horario';

function RequestCard({
  r,
  onOpen,
  onRenew,
  onRetime,
}: {
  r: RequestView;
  onOpen: () => void;
  onRenew: () => void;
  onRetime: () => void;
}) {
  const [subject, ...rest] = r.message.split('\n');
  return (
    <li css={[cardCss, requestCss]} data-request={r.id} data-status={r.status}>
      <h3>
        {subject}
        <span className={`status ${r.status}`} css={cardPillCss}>
          {STATUS_WORDS[r.status]}
        </span>
      </h3>
      {rest.join('\n').trim() && (
        <p css={{ margin: '0 0 6px', whiteSpace: 'pre-line' }}>{rest.join('\n').trim()}</p>
      )}
      <p className="meta">
        Pedido por {r.mine ? 'você' : r.requester.name} em {when(r.createdAt)}
        {r.decidedBy && r.decidedAt && (
          <>
            {' · '}
            {r.status === 'aprovado' ? 'aprovado' : 'devolvido'} por {r.decidedBy.name} em {when(r.decidedAt)}
            {r.commit && ` (${r.commit.slice(0, 7)})`}
          </>
        )}
      </p>
      <ActionWords r={r} />
      <ul className="files">
        {fileWords(r).map((f) => (
          <li key={f.file}>{f.words}</li>
        ))}
      </ul>
      {r.changedSince.length > 0 && (
        <p className="changed">
          {changedWords(r)}:{' '}
          {r.mine
            ? 'peça de novo para que quem aprova veja o que está salvo agora.'
            : 'o pedido não pode ser aprovado assim; quem pediu precisa pedir de novo.'}
        </p>
      )}
      {r.status === 'devolvido' && r.comment !== undefined && (
        <blockquote aria-label={`Comentário de ${r.decidedBy?.name ?? 'quem devolveu'}`}>
          {r.comment}
        </blockquote>
      )}
      {r.mine && r.status === 'devolvido' && (
        <p className="meta">
          {r.action
            ? 'Peça de novo se ainda fizer sentido: o pedido é refeito com o site como está agora.'
            : 'Corrija o que for preciso, salve e peça de novo: o pedido leva o que estiver salvo.'}
        </p>
      )}
      <div className="actions">
        {r.canDecide && (
          <Button tone="primary" onClick={onOpen}>
            Revisar e decidir
          </Button>
        )}
        {r.mine && (r.status === 'devolvido' || r.changedSince.length > 0) && (
          <Button onClick={onRenew}>Pedir de novo</Button>
        )}
        {r.mine && r.status !== 'aprovado' && timed(r) && r.action && (
          <Button onClick={onRetime}>Pedir de novo com outro horário</Button>
        )}
      </div>
    </li>
  );
}

/**
 * Pedir de novo com outro horário: a schedule's request asked again with new times (its start
 * passed while it waited, or whoever decides asked for another); the server checks them as the
 * direct action does, and the request waits again.
 */
function RetimeDialog({ r, onClose }: { r: RequestView; onClose: (renewed?: PublicationRequest) => void }) {
  const body = r.action!.body as { start?: unknown; end?: unknown };
  const oldStart = typeof body.start === 'string' ? body.start : '';
  const oldEnd = typeof body.end === 'string' ? body.end : null;
  const times = useScheduleTimes(oldStart, oldEnd);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const { start, end, problem } = times;
  const send = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onClose(await requestsApi.renew(r.id, { start, end }));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };
  return (
    <Dialog title="Pedir de novo com outro horário" onClose={() => onClose()}>
      <p css={{ marginTop: 0 }}>
        {r.action!.summary}. Escolha o novo horário (de São Paulo): o pedido é conferido de novo e espera a
        decisão de quem publica.
      </p>
      <ScheduleTimesFields times={times} />
      {problem && <Message tone="error">{problem}</Message>}
      {error && <Message tone="error">{error}</Message>}
      <div css={actionsCss}>
        <Button onClick={() => onClose()}>Cancelar</Button>
        <Button tone="primary" onClick={() => void send()} disabled={busy || problem !== undefined}>
          {busy ? 'Conferindo e pedindo…' : 'Pedir de novo'}
        </Button>
      </div>
    </Dialog>
  );
}

type Outcome =
  | { kind: 'published'; answer: PublishAnswer }
  | { kind: 'returned' }
  | { kind: 'changed'; answer: RequestChanged }
  | { kind: 'refused'; answer: PublishRefused }
  | { kind: 'error'; message: string };

function DecideDialog({ r, onClose }: { r: RequestView; onClose: (changed: boolean) => void }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const [returning, setReturning] = useState(false);
  const [comment, setComment] = useState('');
  const done = outcome?.kind === 'published' || outcome?.kind === 'returned';

  const approve = async () => {
    setBusy(true);
    setOutcome(undefined);
    try {
      setOutcome({ kind: 'published', answer: await requestsApi.approve(r.id) });
    } catch (e) {
      if (e instanceof ApiFailure && e.status === 409 && 'changed' in e.body)
        setOutcome({ kind: 'changed', answer: e.body as unknown as RequestChanged });
      else if (e instanceof ApiFailure && e.status === 422 && 'output' in e.body)
        setOutcome({ kind: 'refused', answer: e.body as unknown as PublishRefused });
      else setOutcome({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  const giveBack = async () => {
    setBusy(true);
    setOutcome(undefined);
    try {
      await requestsApi.giveBack(r.id, comment);
      setOutcome({ kind: 'returned' });
    } catch (e) {
      setOutcome({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={`Pedido de ${r.requester.name}`} onClose={() => onClose(done)} wide>
      <p css={{ margin: '0 0 4px', fontWeight: 600, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {r.message}
      </p>
      <p css={{ margin: '0 0 12px', color: colors.muted, fontSize: 14 }}>
        {r.requester.name} ({r.requester.email}) pediu em {when(r.createdAt)}:{' '}
        {fileWords(r)
          .map((f) => f.words)
          .join(', ')}
        .
      </p>
      <ActionWords r={r} />
      {r.changedSince.length > 0 && (
        <Message tone="error">
          {changedWords(r)}:{' '}
          {r.action
            ? 'aprovar agora escreveria por cima disso.'
            : 'a revisão abaixo mostra o que está salvo agora, não o que foi pedido.'}{' '}
          Devolva, ou espere {r.requester.name} pedir de novo.
        </Message>
      )}
      {outcome?.kind === 'published' ? (
        <div role="status">
          <p css={{ fontWeight: 600, color: colors.waterDark, margin: '0 0 8px' }}>
            Aprovado e publicado ({outcome.answer.short}), em nome de {r.requester.name}.
          </p>
          {outcome.answer.pushed && (
            <p css={{ margin: '0 0 8px' }}>
              Enviado a {outcome.answer.remote}/{outcome.answer.branch}: a mudança aparece no ar em alguns
              minutos.
            </p>
          )}
          {outcome.answer.warnings.map((w) => (
            <p key={w} css={{ margin: '0 0 8px', color: colors.muted }}>
              {w}
            </p>
          ))}
        </div>
      ) : outcome?.kind === 'returned' ? (
        <p role="status" css={{ fontWeight: 600, color: colors.waterDark }}>
          Devolvido a {r.requester.name} com o seu comentário.
        </p>
      ) : (
        <>
          {r.action ? (
            <ActionReview r={r} />
          ) : (
            <ChangedPages
              files={r.files.map((f) => f.file)}
              heading="Páginas que este pedido muda"
              requester={r.requester}
            />
          )}
          {returning && (
            <div css={fieldCss}>
              <label htmlFor="pedido-comentario">
                Comentário para {r.requester.name} (o que falta, o que mudar)
              </label>
              <textarea
                id="pedido-comentario"
                rows={3}
                value={comment}
                maxLength={MAX_REQUEST_COMMENT}
                onChange={(event) => setComment(event.target.value)}
                css={{
                  font: 'inherit',
                  padding: '8px 10px',
                  borderRadius: radii.sm,
                  border: `1px solid ${colors.disabled}`,
                }}
              />
            </div>
          )}
          {busy && !returning && (
            <Message tone="info">
              Conferindo o site inteiro, como na publicação oficial, e publicando… isto leva alguns segundos.
            </Message>
          )}
          {outcome?.kind === 'error' && <Message tone="error">{outcome.message}</Message>}
          {outcome?.kind === 'changed' && (
            <div data-changed>
              <Message tone="error">{outcome.answer.error}</Message>
              <ul css={{ margin: '0 0 12px', paddingLeft: 20 }}>
                {outcome.answer.changed.map((c) => (
                  <li key={c.file}>
                    {c.route ?? c.file}:{' '}
                    {c.now === 'excluído'
                      ? 'excluída depois do pedido'
                      : c.now === 'publicado'
                        ? 'publicada de novo depois do pedido'
                        : 'mudou depois do pedido'}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {outcome?.kind === 'refused' && (
            <div>
              <Message tone="error">{outcome.answer.error}</Message>
              <details open>
                <summary css={{ cursor: 'pointer', marginBottom: 6 }}>
                  O que a verificação do site encontrou
                </summary>
                <pre css={preCss} aria-label="Resultado da verificação">
                  {outcome.answer.output}
                </pre>
              </details>
            </div>
          )}
        </>
      )}
      <div css={actionsCss}>
        {done ? (
          <Button tone="primary" onClick={() => onClose(true)} autoFocus>
            Fechar
          </Button>
        ) : returning ? (
          <>
            <Button onClick={() => setReturning(false)} disabled={busy}>
              Voltar
            </Button>
            <Button tone="primary" onClick={() => void giveBack()} disabled={busy || comment.trim() === ''}>
              {busy ? 'Devolvendo…' : 'Devolver com este comentário'}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => onClose(outcome?.kind === 'changed')}>Fechar</Button>
            <Button onClick={() => setReturning(true)} disabled={busy}>
              Devolver
            </Button>
            <Button
              tone="primary"
              onClick={() => void approve()}
              disabled={busy || r.changedSince.length > 0 || outcome?.kind === 'changed'}
            >
              {busy ? 'Publicando…' : 'Aprovar e publicar'}
            </Button>
          </>
        )}
      </div>
    </Dialog>
  );
}

/**
 * An action request's review: each page visitors would see changed, before (the site it was
 * planned on) and after (the tree it would commit), photographed by the publish review's own
 * pictures; a schedule's change shows no pictures (it waits for its hour) but its files.
 */
function ActionReview({ r }: { r: RequestView }) {
  const action = r.action!;
  if (action.routes.length === 0)
    return (
      <p css={{ color: colors.muted }}>
        {r.kind === 'trazer-para-paginas'
          ? 'O site não muda para os visitantes: o agendamento já está no ar e passa a fazer parte das páginas.'
          : 'Nada muda no site agora: o agendamento entra e sai do ar nos horários marcados.'}
      </p>
    );
  return (
    <section aria-label="Páginas que este pedido muda">
      <h3 css={{ fontSize: '1.05rem', margin: '0 0 8px' }}>Páginas que este pedido muda</h3>
      {action.routes.map((route) => (
        <PagePictures
          key={route}
          route={route}
          before={action.parent}
          after={action.tree}
          labels={{ before: 'No site quando foi pedido', after: 'Depois do pedido' }}
        />
      ))}
    </section>
  );
}

/**
 * "Toda publicação precisa de aprovação" (Administrador): kept in the Estúdio's state, not in the
 * site's files (decision 0049). Applies to the hosted Estúdio only. Reads and writes it itself, so
 * Configurações shows it too.
 */
export function ApprovalSetting({ onChange }: { onChange?: () => void }) {
  const [value, setValue] = useState<boolean>();
  const [allowed, setAllowed] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    requestsApi.list().then(
      (answer) => {
        setAllowed(answer.enabled && answer.maySetApproval);
        setValue(answer.approvalRequired);
      },
      () => {},
    );
  }, []);
  if (!allowed || value === undefined) return null;
  return (
    <section
      aria-labelledby="aprovacao-titulo"
      data-approval-setting
      css={{
        background: colors.white,
        borderRadius: radii.md,
        boxShadow: shadows.card,
        padding: '12px 16px',
        margin: '12px 0',
      }}
    >
      <h2 id="aprovacao-titulo" css={{ fontSize: '1.05rem', margin: '0 0 6px' }}>
        Aprovação
      </h2>
      <label css={{ display: 'flex', gap: 10, alignItems: 'flex-start', cursor: 'pointer' }}>
        <input
          type="checkbox"
          checked={value}
          disabled={busy}
          css={{ width: 18, height: 18, marginTop: 3, flex: 'none' }}
          onChange={(event) => {
            const next = event.target.checked;
            setBusy(true);
            setError(undefined);
            requestsApi.setApprovalRequired(next).then(
              () => {
                setValue(next);
                setBusy(false);
                requestsChanged();
                onChange?.();
              },
              (e: unknown) => {
                setBusy(false);
                setError(e instanceof Error ? e.message : String(e));
              },
            );
          }}
        />
        {/* Wraps inside the card wherever it is shown (Configurações' labels do not wrap). */}
        <span css={{ minWidth: 0, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
          <strong>Toda publicação precisa de aprovação</strong>
          <br />
          <small css={{ color: colors.muted }}>
            Também Publicadores e Administradores pedem, e outra pessoa aprova: ninguém aprova o próprio
            pedido. Vale para o Estúdio hospedado; fica no estado do Estúdio, não nos arquivos do site.
          </small>
        </span>
      </label>
      {error && <Message tone="error">{error}</Message>}
    </section>
  );
}
