/**
 * Prévias compartilhadas (`#/previas`, issue 39, decision 0050): every shared link with its page,
 * who shared it and until when, readers' comments (plain text, as typed) and Revogar, which stops
 * the link at once. Scheduled changes are shared from here too.
 */
import { useCallback, useEffect, useState } from 'react';
import { css } from '@emotion/react';
import { colors, radii } from '../../../../design/theme.ts';
import type { SharedLinkInfo, SharedLinkState, SharedPreviewsAnswer } from '../../../shared-previews-api.ts';
import type { SchedulesAnswer } from '../../../schedules-api.ts';
import { when } from '../../shared/dates.ts';
import { scheduleName, schedulesApi } from '../../shared/schedules-client.ts';
import { actionsCss, Button, Dialog, Message } from '../../shared/ui.tsx';
import { previewsApi } from './previews-client.ts';
import { ShareDialog } from './share-dialog.tsx';
import { ScreenHeader } from '../../shared/screen-header.tsx';
import { cardCss, cardListCss, cardPillCss, cardScreenCss, cardSectionTitleCss } from '../../shared/cards.ts';

/** What only Prévias has: a link's state, readers' comments, the schedules that can be shared. */
const screenCss = css`
  .state {
    background: ${colors.surfaceAlt};
    color: ${colors.muted};
  }
  .state[data-state='ativo'] {
    background: ${colors.waterLight};
    color: ${colors.waterDark};
  }
  .comments {
    list-style: none;
    margin: 8px 0;
    padding: 0;
    display: grid;
    gap: 8px;
  }
  .comments li {
    border-left: 3px solid ${colors.water};
    padding: 4px 10px;
    background: ${colors.surfaceAlt};
    border-radius: 0 ${radii.sm} ${radii.sm} 0;
  }
  .comment-text {
    margin: 0;
    white-space: pre-wrap;
  }
  .comment-meta {
    margin: 2px 0 0;
    font-size: 13px;
    color: ${colors.muted};
  }
  ul.scheduled {
    padding-left: 20px;
  }
  ul.scheduled li {
    margin-bottom: 6px;
  }
`;

const STATE_WORDS: Record<SharedLinkState, string> = {
  ativo: 'Ativo',
  expirado: 'Expirou',
  revogado: 'Revogado',
  'pagina-excluida': 'Página excluída',
};

function stateLine(link: SharedLinkInfo): string {
  if (link.state === 'revogado')
    return `Revogado${link.revokedBy ? ` por ${link.revokedBy}` : ''}${link.revokedAt ? ` em ${when(link.revokedAt)}` : ''}: o link não abre mais.`;
  if (link.state === 'expirado') return `Expirou em ${when(link.expiresAt)}: o link não abre mais.`;
  if (link.state === 'pagina-excluida') return 'A página foi excluída: o link não abre mais.';
  return `Vale até ${when(link.expiresAt)}.`;
}

export function SharedPreviewsScreen() {
  const [list, setList] = useState<SharedPreviewsAnswer>();
  const [schedules, setSchedules] = useState<SchedulesAnswer>();
  const [error, setError] = useState<string>();
  const [revoking, setRevoking] = useState<SharedLinkInfo>();
  const [revokeError, setRevokeError] = useState<string>();
  const [sharing, setSharing] = useState<{
    file: string;
    route: string;
    schedule: { id: string; words: string };
  }>();

  const reload = useCallback(() => {
    previewsApi.list().then(
      (answer) => {
        setList(answer);
        setError(undefined);
      },
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, []);
  useEffect(reload, [reload]);
  useEffect(() => {
    schedulesApi.list().then(setSchedules, () => setSchedules(undefined));
  }, []);

  const revoke = async (link: SharedLinkInfo) => {
    setRevokeError(undefined);
    try {
      await previewsApi.revoke(link.id);
      setRevoking(undefined);
      reload();
    } catch (e) {
      setRevokeError(e instanceof Error ? e.message : String(e));
    }
  };

  const item = (link: SharedLinkInfo) => (
    <li key={link.id} css={cardCss} data-link={link.id}>
      <h3>
        {link.route}
        {link.schedule ? ` · ${scheduleName({ id: link.schedule })}` : ''}
        <span className="state" css={cardPillCss} data-state={link.state}>
          {STATE_WORDS[link.state]}
        </span>
      </h3>
      <p className="meta">
        Compartilhado por {link.creator.name} em {when(link.createdAt)} · <code>{link.file}</code>
      </p>
      <p className="meta">{stateLine(link)}</p>
      {link.comments.length > 0 ? (
        <>
          <h4 className="meta">
            {link.comments.length === 1 ? '1 comentário' : `${link.comments.length} comentários`}
          </h4>
          <ul className="comments" aria-label={`Comentários da prévia de ${link.route}`}>
            {link.comments.map((c) => (
              <li key={c.id}>
                <p className="comment-text">{c.text}</p>
                <p className="comment-meta">
                  {c.name || 'Sem nome'} · {when(c.at)}
                </p>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="meta">Nenhum comentário ainda.</p>
      )}
      {link.state === 'ativo' && (
        <div className="actions">
          <Button tone="danger" onClick={() => setRevoking(link)}>
            Revogar
          </Button>
        </div>
      )}
    </li>
  );

  const active = list?.links.filter((l) => l.state === 'ativo') ?? [];
  const ended = list?.links.filter((l) => l.state !== 'ativo') ?? [];
  const scheduledFiles = (schedules?.upcoming ?? []).flatMap((s) =>
    s.files
      .filter((f) => f.route !== null && f.kind !== 'remove')
      .map((f) => ({ schedule: s, file: f.file, route: f.route! })),
  );

  return (
    <main css={[cardScreenCss, screenCss]}>
      <ScreenHeader title="Prévias compartilhadas" />
      <p>
        Links que mostram uma página salva, antes de ela ir para o site, a quem não tem conta no Estúdio. Para
        compartilhar, abra a página e escolha “Compartilhar prévia”. Quem recebe o link pode deixar um
        comentário, que aparece aqui.
      </p>
      {error && <Message tone="error">{error}</Message>}
      {!list && !error && <Message tone="info">Carregando…</Message>}
      {list && !list.available && <Message tone="info">{list.reason}</Message>}
      {list?.available && (
        <>
          <section aria-labelledby="previas-ativas">
            <h2 id="previas-ativas" css={cardSectionTitleCss}>
              Ativos
            </h2>
            {active.length === 0 ? <p>Nenhum link ativo.</p> : <ul css={cardListCss}>{active.map(item)}</ul>}
          </section>
          {scheduledFiles.length > 0 && (
            <section aria-labelledby="previas-agendadas">
              <h2 id="previas-agendadas" css={cardSectionTitleCss}>
                Compartilhar um agendamento
              </h2>
              <ul className="scheduled">
                {scheduledFiles.map(({ schedule, file, route }) => (
                  <li key={`${schedule.id} ${file}`}>
                    {route}, no {scheduleName(schedule)} ({schedule.startWords}){' '}
                    <Button
                      tone="quiet"
                      onClick={() =>
                        setSharing({
                          file,
                          route,
                          schedule: { id: schedule.id, words: scheduleName(schedule) },
                        })
                      }
                    >
                      Compartilhar prévia
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {ended.length > 0 && (
            <section aria-labelledby="previas-encerradas">
              <h2 id="previas-encerradas" css={cardSectionTitleCss}>
                Encerrados
              </h2>
              <ul css={cardListCss}>{ended.map(item)}</ul>
            </section>
          )}
        </>
      )}
      {revoking && (
        <Dialog title={`Revogar o link de ${revoking.route}?`} onClose={() => setRevoking(undefined)}>
          <p>
            Quem tiver o link deixa de ver a prévia na hora, e ele não volta a funcionar. Os comentários ficam
            aqui.
          </p>
          {revokeError && <Message tone="error">{revokeError}</Message>}
          <div css={actionsCss}>
            <Button onClick={() => setRevoking(undefined)}>Voltar</Button>
            <Button tone="danger" onClick={() => void revoke(revoking)}>
              Revogar
            </Button>
          </div>
        </Dialog>
      )}
      {sharing && (
        <ShareDialog
          file={sharing.file}
          route={sharing.route}
          schedule={sharing.schedule}
          onClose={() => {
            setSharing(undefined);
            reload();
          }}
        />
      )}
    </main>
  );
}
