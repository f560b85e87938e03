/**
 * Páginas: every route of pages/ with its file, title, what it varies and whether `npm run
 * check` finds problems in it; and the actions on pages: open, new page, new variant,
 * duplicate, delete (refused by the server for a page that others extend, naming them).
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radii, shadows } from '../../../../design/theme.ts';
import type { DeletedPage, PageLinksAnswer, PageSummary, Placeholder } from '../../../api.ts';
import { api, ApiFailure } from '../../shared/api-client.ts';
import { when } from '../../shared/dates.ts';
import { names, usePresenceAnswer, useMe, type Editing } from '../../shared/presence.ts';
import { useCan } from '../../shared/role.ts';
import { PlaceholderWarning, PublishDialog } from '../publicar/index.ts';
import { actionsCss, Button, Dialog, fieldCss, Message, ON_PHONE, useMediaQuery } from '../../shared/ui.tsx';
import { publishVerb, usePublishAsks } from '../../shared/publish-words.ts';

type Action =
  | { kind: 'new' }
  | { kind: 'variant'; page: PageSummary }
  | { kind: 'duplicate'; page: PageSummary }
  | { kind: 'delete'; page: PageSummary };

const pageCss = css`
  max-width: 1200px;
  margin: 0 auto;
  padding: 24px;
  header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 16px;
    margin-bottom: 16px;
  }
  h1 {
    font-size: 1.6rem;
  }
  @media (max-width: 600px) {
    padding: 16px 12px;
    header {
      gap: 8px 16px;
    }
    header > button {
      min-height: 44px;
      flex: 1 1 auto;
    }
  }
`;
const tableCss = css`
  width: 100%;
  border-collapse: collapse;
  background: ${colors.white};
  border-radius: ${radii.md};
  box-shadow: ${shadows.card};
  overflow: hidden;
  th,
  td {
    text-align: left;
    padding: 10px 12px;
    border-bottom: 1px solid ${colors.line};
    vertical-align: middle;
  }
  th {
    font: 600 13px/1.4 ${fonts.display};
    color: ${colors.muted};
    background: ${colors.surfaceAlt};
  }
  /* Two rows: open, history, new variant; then duplicate and delete. */
  td.actions .actions {
    display: grid;
    grid-template-columns: repeat(3, auto);
    gap: 6px;
    justify-content: end;
    justify-items: start;
  }
  code {
    font-size: 13px;
    color: ${colors.muted};
  }
  a.route {
    font: 600 15px/1.3 ${fonts.display};
  }
  /* A long address (one word, or hyphens only) breaks where it must, all of it shown: kept whole,
     it widened the table past its region and scrolled the actions out of sight. */
  td.where {
    overflow-wrap: anywhere;
    min-width: 16rem;
  }
`;
const badgeCss = (ok: boolean) => css`
  display: inline-block;
  padding: 2px 10px;
  border-radius: ${radii.pill};
  font: 600 12px/1.6 ${fonts.display};
  white-space: nowrap;
  background: ${ok ? colors.waterLight : colors.orangeLight};
  color: ${ok ? colors.waterDark : colors.orangeHover};
`;

const editHref = (file: string) => `#/editar/${encodeURIComponent(file)}`;
const historyHref = (file: string) => `#/historico/${encodeURIComponent(file)}`;
/* The other screens: a row of links that wraps; on a phone each is a finger's height. */
const navCss = css`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  font-weight: 600;
  ${ON_PHONE} {
    gap: 0 16px;
    a {
      display: inline-flex;
      align-items: center;
      min-height: 44px;
    }
  }
`;
const presenceCss = css`
  display: inline-block;
  margin-top: 4px;
  padding: 2px 10px;
  border-radius: ${radii.pill};
  font: 600 12px/1.6 ${fonts.display};
  background: ${colors.navy};
  color: ${colors.white};
`;
const routeName = (route: string) => route.replace(/^\//, '') || 'index';

export function PagesScreen({ onOpen }: { onOpen: (file: string) => void }) {
  const [pages, setPages] = useState<PageSummary[] | undefined>();
  const [error, setError] = useState<string>();
  const [action, setAction] = useState<Action>();
  const [publishing, setPublishing] = useState(false);
  const [deleted, setDeleted] = useState<DeletedPage[]>([]);
  const [placeholders, setPlaceholders] = useState<Placeholder[]>();
  // The file whose delete dialog has its link check's answer drawn: a mark for the browser tests,
  // which wait for it before asserting that no warning came (data-links-checked on <main>).
  const [linksChecked, setLinksChecked] = useState<string>();
  const presence = usePresenceAnswer(null);
  const editing = presence.editing;
  // Who is editing what, shown with the rows (not a moment after them, moving every row below a
  // badge); a presence answer that is slow to come does not hold the list more than a moment.
  const [presenceLate, setPresenceLate] = useState(false);
  useEffect(() => {
    const late = window.setTimeout(() => setPresenceLate(true), PRESENCE_WAIT_MS);
    return () => window.clearTimeout(late);
  }, []);
  const narrow = useMediaQuery(NARROW);

  const reload = useCallback(() => {
    api.pages().then(
      (answer) => {
        setPages(answer.pages);
        setError(undefined);
      },
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
    api.site().then(
      (answer) => setPlaceholders(answer.placeholders),
      () => setPlaceholders([]),
    );
    // No repository, no history: the list simply has no deleted pages.
    api.deleted().then(
      (answer) => setDeleted(answer.pages),
      () => setDeleted([]),
    );
  }, []);
  useEffect(reload, [reload]);
  const unpublished = pages?.filter((p) => p.unpublished).length ?? 0;
  const me = useMe();
  const canPeople = useCan('accounts') === true;
  // Roles (decision 0048): Excluir only for who may delete pages; the server refuses anyway.
  const canDelete = useCan('delete-page') !== false;
  // An Editor's Publicar (and everyone's while approval is required) is a request (decision 0049).
  const publish = publishVerb(usePublishAsks());
  // The list shows once everything above it and in its rows is known: the pages, the site's
  // provisional data (a warning above the list, about 200 px tall) and who is signed in (the
  // header's words, the rows' Excluir). Shown before, the rows jumped down under the pointer
  // when a later answer arrived, and a press that began on one row's button ended on another's:
  // the click was lost (a browser test's, in CI, as a person's).
  // The presence answer too (its badges make a row taller).
  const ready =
    pages !== undefined && placeholders !== undefined && me !== undefined && (presence.known || presenceLate);

  return (
    <main css={pageCss} data-links-checked={linksChecked}>
      <header>
        <h1>Páginas</h1>
        <nav aria-label="Outras telas" css={navCss}>
          <a href="#/experimentos">Experimentos</a>
          <a href="#/agendamentos">Agendamentos</a>
          <a href="#/publicos">Públicos</a>
          <a href="#/previas">Prévias compartilhadas</a>
          <a href="#/configuracoes">Configurações do site</a>
          {me && me.mode !== 'local' && canPeople && <a href="#/pessoas">Pessoas</a>}
        </nav>
        <span css={{ flex: 1 }} />
        {/* Its words depend on the role: shown once they are known, never changing under a finger. */}
        {me !== undefined && (
          <Button onClick={() => setPublishing(true)}>
            {unpublished > 0
              ? `${publish} (${unpublished} ${unpublished === 1 ? 'página' : 'páginas'})`
              : publish}
          </Button>
        )}
        <Button tone="primary" onClick={() => setAction({ kind: 'new' })}>
          Nova página
        </Button>
      </header>
      {error && <Message tone="error">{error}</Message>}
      {ready && placeholders.length > 0 && <PlaceholderWarning placeholders={placeholders} />}
      {!ready && !error && <Message tone="info">Carregando as páginas…</Message>}
      {ready &&
        (narrow ? (
          // A phone: one card a page, every action a thumb-sized button, nothing wider than the screen.
          <ul css={cardsCss} aria-label="Lista de páginas">
            {pages.map((page) => (
              <li key={page.file} data-file={page.file}>
                <h2>
                  <a className="route" href={editHref(page.file)}>
                    {page.route}
                  </a>
                </h2>
                {page.title && <p className="title">{page.title}</p>}
                <p className="meta">
                  <PageKind page={page} /> · <code>{page.file}</code>
                </p>
                <Presence page={page} editing={editing} />
                <p className="state">
                  <PageState page={page} />
                </p>
                {page.lastChange && (
                  <p className="meta">
                    Última publicação: <LastChange page={page} />
                  </p>
                )}
                <PageActions page={page} canDelete={canDelete} onOpen={onOpen} onAction={setAction} />
              </li>
            ))}
          </ul>
        ) : (
          // A narrower laptop window: the table scrolls sideways inside its own region (keyboard too).
          <div css={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Lista de páginas">
            <table css={tableCss}>
              <thead>
                <tr>
                  <th scope="col">Endereço</th>
                  <th scope="col">Título</th>
                  <th scope="col">Tipo</th>
                  <th scope="col">Situação</th>
                  <th scope="col">Última publicação</th>
                  <th scope="col">
                    <span className="visually-hidden">Ações</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {pages.map((page) => (
                  <tr key={page.file} data-file={page.file}>
                    <td className="where">
                      <a className="route" href={editHref(page.file)}>
                        {page.route}
                      </a>
                      <br />
                      <code>{page.file}</code>
                      <Presence page={page} editing={editing} />
                    </td>
                    <td>{page.title ?? '—'}</td>
                    <td>
                      <PageKind page={page} />
                    </td>
                    <td>
                      <PageState page={page} />
                    </td>
                    <td>{page.lastChange ? <LastChange page={page} /> : '—'}</td>
                    <td className="actions">
                      <PageActions page={page} canDelete={canDelete} onOpen={onOpen} onAction={setAction} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      {deleted.length > 0 && (
        <details css={{ marginTop: 24 }}>
          <summary css={{ cursor: 'pointer', fontWeight: 600, color: colors.navy }}>
            Páginas excluídas ({deleted.length})
          </summary>
          <ul css={{ paddingLeft: 20 }}>
            {deleted.map((page) => (
              <li key={page.file} css={{ margin: '6px 0' }}>
                <strong>{page.route}</strong> <code>{page.file}</code>, excluída por {page.name} em{' '}
                {when(page.date)}. <a href={historyHref(page.file)}>Ver histórico e restaurar</a>
              </li>
            ))}
          </ul>
        </details>
      )}
      {publishing && (
        <PublishDialog
          onClose={() => {
            setPublishing(false);
            reload();
          }}
          onOpenFile={(file) => {
            setPublishing(false);
            onOpen(file);
          }}
        />
      )}
      {action && (
        <ActionDialog
          action={action}
          onLinksChecked={setLinksChecked}
          onClose={() => setAction(undefined)}
          onDone={(file) => {
            setAction(undefined);
            if (file) onOpen(file);
            else reload();
          }}
        />
      )}
    </main>
  );
}

/** How long the list waits for the first answer of who is editing what (it is usually there first). */
const PRESENCE_WAIT_MS = 3000;

/** Where the table no longer fits: a list of cards instead. */
const NARROW = '(max-width: 1000px)';

const cardsCss = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(340px, 100%), 1fr));
  gap: 12px;
  li {
    background: ${colors.white};
    border-radius: ${radii.md};
    box-shadow: ${shadows.card};
    padding: 14px 16px;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  h2 {
    font-size: 1.05rem;
  }
  a.route {
    font: 600 17px/1.3 ${fonts.display};
    display: block;
    padding: 8px 0;
    /* A finger's size (the card's title, and the way into its editor). */
    min-height: 44px;
  }
  p {
    margin: 2px 0;
  }
  .title {
    color: ${colors.ink};
  }
  .meta {
    font-size: 14px;
    color: ${colors.muted};
  }
  .meta a {
    color: ${colors.waterDark};
  }
  code {
    font-size: 13px;
  }
  .state {
    margin: 6px 0;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin-top: 10px;
  }
  .actions button,
  .actions a {
    min-height: 44px;
    flex: 1 1 auto;
  }
  .actions a {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    padding: 0 12px;
    font-weight: 600;
  }
`;

function PageKind({ page }: { page: PageSummary }) {
  return (
    <>
      {page.extends ? `variante de ${page.variantOf ?? page.extends}` : 'página'}
      {page.experiment && (
        <>
          <br />
          <a
            href={`#/experimentos/${encodeURIComponent(page.experiment.id)}`}
            css={[badgeCss(true), { marginTop: 4, textDecoration: 'none' }]}
            data-experiment={page.experiment.id}
            aria-label={`Experimento ${page.experiment.id}: ${page.experiment.winner ? 'encerrado' : `${page.experiment.weight}% dos visitantes de ${page.experiment.route}`}`}
          >
            {page.experiment.winner
              ? `experimento ${page.experiment.id} encerrado`
              : `experimento em ${page.experiment.route}: ${page.experiment.weight}%`}
          </a>
        </>
      )}
    </>
  );
}

function PageState({ page }: { page: PageSummary }) {
  return (
    <>
      <span css={badgeCss(page.problems === 0)}>
        {page.problems === 0
          ? 'sem problemas'
          : page.problems === 1
            ? '1 problema'
            : `${page.problems} problemas`}
      </span>
      {page.unpublished && (
        <>
          <br />
          <span css={[badgeCss(false), { marginTop: 4 }]}>não publicada</span>
        </>
      )}
    </>
  );
}

function LastChange({ page }: { page: PageSummary }) {
  if (!page.lastChange) return null;
  return (
    <>
      {page.lastChange.name}
      <br />
      <small css={{ color: colors.muted }}>{when(page.lastChange.date)}</small>
    </>
  );
}

function Presence({ page, editing }: { page: PageSummary; editing: Editing }) {
  const here = editing.filter((e) => e.file === page.file);
  if (here.length === 0) return null;
  return (
    <>
      <br />
      <span css={presenceCss} data-presence={page.file}>
        {names(here)} {here.length === 1 ? 'está editando' : 'estão editando'}
      </span>
    </>
  );
}

function PageActions({
  page,
  canDelete,
  onOpen,
  onAction,
}: {
  page: PageSummary;
  /** From the screen's own answer of who is signed in: a row's buttons never change once shown. */
  canDelete: boolean;
  onOpen: (file: string) => void;
  onAction: (action: Action) => void;
}) {
  return (
    <div className="actions">
      <Button onClick={() => onOpen(page.file)} aria-label={`Abrir ${page.route}`}>
        Abrir
      </Button>
      <a
        href={historyHref(page.file)}
        aria-label={`Histórico de ${page.route}`}
        css={{ alignSelf: 'center', padding: '0 6px', fontWeight: 600 }}
      >
        Histórico
      </a>
      <Button
        onClick={() => onAction({ kind: 'variant', page })}
        aria-label={`Nova variante de ${page.route}`}
      >
        Nova variante
      </Button>
      <Button onClick={() => onAction({ kind: 'duplicate', page })} aria-label={`Duplicar ${page.route}`}>
        Duplicar
      </Button>
      {canDelete && (
        <Button
          tone="danger"
          onClick={() => onAction({ kind: 'delete', page })}
          aria-label={`Excluir ${page.route}`}
        >
          Excluir
        </Button>
      )}
    </div>
  );
}

/** "/" ; "/, /agendamento e /termos-de-uso" */
const inWords = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items.at(-1)}`;

/**
 * Before a page is deleted: the pages whose links go to it, by the server's link check (the one
 * the publish runs), so the broken links the publish will then name are no surprise.
 */
function LinksWarning({
  page,
  onChecked,
}: {
  page: PageSummary;
  /** With the file once the server's answer is set (drawn in the same render), undefined once gone. */
  onChecked: (file: string | undefined) => void;
}) {
  const [answer, setAnswer] = useState<PageLinksAnswer | 'failed'>();
  useEffect(() => {
    let live = true;
    api.linksTo(page.file).then(
      (found) => {
        if (!live) return;
        setAnswer(found);
        onChecked(page.file);
      },
      () => live && setAnswer('failed'),
    );
    return () => {
      live = false;
      onChecked(undefined);
    };
  }, [page.file, onChecked]);
  // Nothing while the server checks (about a second): a line that came and went would move the
  // dialog's buttons under a finger on its way down. A warning that arrives moves them once.
  if (answer === undefined) return null;
  if (answer === 'failed')
    return (
      <Message tone="info">
        Não deu para conferir agora se outras páginas têm links para {page.route}. Se tiverem, a publicação
        vai pedir que você troque esses links.
      </Message>
    );
  const { linking } = answer;
  const names = linking.map((l) => (l.schedule ? `${l.route} (no agendamento ${l.schedule})` : l.route));
  return (
    <>
      {linking.length > 0 && (
        <div css={warningCss} role="alert" data-links-warning>
          <strong>
            {linking.length === 1
              ? `1 página tem links para ${page.route}: ${names[0]}.`
              : `${linking.length} páginas têm links para ${page.route}: ${inWords(names)}.`}
          </strong>{' '}
          Depois de apagar, esses links ficam quebrados e a publicação vai pedir que você os troque.
        </div>
      )}
      {!answer.checked && (
        <Message tone="info">
          Os agendamentos não foram conferidos: o site tem problemas agora (veja a coluna Situação).
        </Message>
      )}
    </>
  );
}

const warningCss = css`
  margin: 0 0 12px;
  padding: 10px 12px;
  border-left: 4px solid ${colors.orange};
  border-radius: ${radii.sm};
  background: ${colors.orangeLight};
  color: ${colors.navy};
  overflow-wrap: anywhere;
`;

function ActionDialog({
  action,
  onLinksChecked,
  onClose,
  onDone,
}: {
  action: Action;
  onLinksChecked: (file: string | undefined) => void;
  onClose: () => void;
  /** With the file to open next, or nothing (the list reloads). */
  onDone: (file?: string) => void;
}) {
  const [route, setRoute] = useState(
    action.kind === 'variant' || action.kind === 'duplicate' ? `${routeName(action.page.route)}-b` : '',
  );
  const [error, setError] = useState<{ message: string; hint?: string }>();
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<string | undefined>) => {
    setBusy(true);
    setError(undefined);
    try {
      onDone(await work());
    } catch (e) {
      setError(e instanceof ApiFailure ? { message: e.message, hint: e.body.hint } : { message: String(e) });
      setBusy(false);
    }
  };

  if (action.kind === 'delete') {
    return (
      <Dialog title={`Excluir ${action.page.route}?`} onClose={onClose}>
        <p>
          O arquivo <code>{action.page.file}</code> será apagado. Páginas que outras estendem não podem ser
          excluídas.
        </p>
        <LinksWarning page={action.page} onChecked={onLinksChecked} />
        {error && <Message tone="error">{error.message}</Message>}
        <div css={actionsCss}>
          <Button onClick={onClose}>Cancelar</Button>
          <Button
            tone="danger"
            disabled={busy}
            onClick={() => run(() => api.remove(action.page.file).then(() => undefined))}
          >
            Excluir
          </Button>
        </div>
      </Dialog>
    );
  }

  const title =
    action.kind === 'new'
      ? 'Nova página'
      : action.kind === 'variant'
        ? `Nova variante de ${action.page.route}`
        : `Duplicar ${action.page.route}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      const created =
        action.kind === 'new'
          ? await api.create({ route })
          : action.kind === 'variant'
            ? await api.create({ route, from: routeName(action.page.route) })
            : await api.duplicate({ file: action.page.file, route });
      return created.file;
    });
  };
  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={submit}>
        <div css={fieldCss}>
          <label htmlFor="novo-endereco">Endereço da nova página</label>
          <input
            id="novo-endereco"
            value={route}
            autoFocus
            onChange={(e) => setRoute(e.target.value)}
            aria-describedby="novo-endereco-ajuda"
          />
          <small id="novo-endereco-ajuda">
            Letras minúsculas sem acento, números e hífens, ex.: promo-verao. A página fica em /{route || '…'}
            .
          </small>
        </div>
        {action.kind === 'variant' && (
          <p>
            A variante herda tudo de {action.page.route} e guarda só o que muda: título, textos de alguns
            blocos, blocos a mais ou a menos.
          </p>
        )}
        {error && (
          <Message tone="error">
            {error.message}
            {error.hint ? ` ${error.hint}` : ''}
          </Message>
        )}
        <div css={actionsCss}>
          <Button onClick={onClose}>Cancelar</Button>
          <Button tone="primary" type="submit" disabled={busy || route.trim() === ''}>
            Criar e abrir
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
