/**
 * Histórico of one page: every published change told by what it changed on the page ("Muda o
 * título da Abertura da página", studio/server/describe-change.ts), whoever made it, the Estúdio or
 * plain git, with who, when and the original message folded; what each changed as a readable
 * diff; and "Restaurar esta versão", which publishes that version as a new change after the same
 * checks as Publicar, enabled once that version's difference is on the screen. Works for a
 * deleted page too (that is how it comes back).
 *
 * From the first paint the screen has its frame: the way back, the title (the page's address, as
 * Páginas and the editor name it: page-name.ts), the file, and in place of the versions a
 * placeholder that says "Carregando o histórico…", the region `aria-busy` until the history and
 * the page's schedules have both arrived; then the list replaces it, at once. A history that cannot
 * be loaded says why (an Estúdio on a folder that is no git repository, a lost connection) in the
 * same place, with "Tentar de novo" when trying again can help.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { css } from '@emotion/react';
import { colors, fonts, radii, shadows } from '../../../../design/theme.ts';
import type { HistoryAnswer, HistoryDiffAnswer, HistoryEntry, PublishAnswer } from '../../../api.ts';
import type { SchedulesAnswer } from '../../../schedules-api.ts';
import { api, ApiFailure } from '../../shared/api-client.ts';
import { PagePictures } from '../publicar/index.ts';
import { when } from '../../shared/dates.ts';
import { AskButton } from '../../shared/action-request.tsx';
import { useMustAsk } from '../../shared/role.ts';
import { schedulesApi } from '../../shared/schedules-client.ts';
import { ScreenHeader } from '../../shared/screen-header.tsx';
import { pageAddress } from './page-name.ts';
import { ScheduledVersions } from './scheduled-versions.tsx';
import { actionsCss, Button, Dialog, Message, ON_PHONE, preCss } from '../../shared/ui.tsx';

const screenCss = css`
  max-width: 1200px;
  margin: 0 auto;
  padding: 24px;
  /* "Abrir no editor" keeps its place while the history loads: nothing in the header moves. */
  header .waiting {
    visibility: hidden;
  }
  .body:focus {
    outline: none;
  }
  .layout {
    display: grid;
    grid-template-columns: minmax(260px, 360px) 1fr;
    gap: 16px;
    align-items: start;
  }
  @media (max-width: 800px) {
    .layout {
      grid-template-columns: 1fr;
    }
  }
`;
const listCss = css`
  list-style: none;
  margin: 0;
  padding: 0;
  background: ${colors.white};
  border-radius: ${radii.md};
  box-shadow: ${shadows.card};
  overflow: hidden;
  button {
    all: unset;
    box-sizing: border-box;
    display: block;
    width: 100%;
    padding: 10px 14px;
    cursor: pointer;
    border-bottom: 1px solid ${colors.line};
  }
  button:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: -3px;
  }
  button[aria-current='true'] {
    background: ${colors.waterLight};
    box-shadow: inset 4px 0 0 ${colors.waterDark};
  }
  .message {
    display: block;
    font: 600 14px/1.35 ${fonts.display};
    color: ${colors.navy};
  }
  .message + .message {
    margin-top: 2px;
  }
  .who {
    display: block;
    font-size: 13px;
    color: ${colors.muted};
  }
`;
const picturesCss = css`
  margin-top: 8px;
  summary {
    color: ${colors.navy};
  }
  summary > h3 {
    display: inline;
    font: 600 14px/1.4 ${fonts.display};
  }
  &[open] summary {
    margin-bottom: 8px;
  }
`;
const diffCss = css`
  background: ${colors.white};
  border-radius: ${radii.md};
  box-shadow: ${shadows.card};
  padding: 16px;
  h2 {
    font-size: 1.1rem;
    margin-bottom: 4px;
  }
  h2 > span {
    display: block;
  }
  h2 > span + span {
    margin-top: 2px;
  }
  details {
    margin-top: 8px;
  }
  summary {
    cursor: pointer;
    color: ${colors.muted};
    font-size: 14px;
    width: fit-content;
    /* A phone: the whole row taps (44 px high, ui.tsx's summary rule), not only the words. */
    ${ON_PHONE} {
      width: auto;
    }
  }
  summary:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
  .original {
    white-space: pre-wrap;
    word-break: break-word;
    margin: 6px 0 0;
    padding: 8px 12px;
    border-left: 3px solid ${colors.line};
    font-size: 14px;
    color: ${colors.ink};
  }
  ol {
    list-style: none;
    margin: 12px 0;
    &:focus-visible {
      outline: 3px solid ${colors.focus};
      outline-offset: 2px;
    }
    padding: 0;
    font:
      12.5px/1.55 ui-monospace,
      Menlo,
      monospace;
    border: 1px solid ${colors.line};
    border-radius: ${radii.sm};
    overflow: auto;
    max-height: 60vh;
  }
  li {
    white-space: pre-wrap;
    word-break: break-word;
    padding: 0 10px 0 34px;
    position: relative;
  }
  li::before {
    position: absolute;
    left: 10px;
    width: 16px;
  }
  li.add {
    background: #e6f6ea;
  }
  li.add::before {
    content: '+';
    color: #1a6b34;
  }
  li.del {
    background: #fdebea;
  }
  li.del::before {
    content: '−';
    color: #a3261c;
  }
  li.gap {
    color: ${colors.muted};
    background: ${colors.surfaceAlt};
    font-style: italic;
  }
`;

/** The list's and the difference's cards while the history loads: the same boxes, their text as bars. */
const placeholderCss = css`
  .row {
    padding: 10px 14px;
    border-bottom: 1px solid ${colors.line};
  }
  .row:last-child {
    border-bottom: 0;
  }
  .status {
    display: block;
    font: 600 14px/1.35 ${fonts.display};
    color: ${colors.navy};
  }
  .bar {
    display: block;
    height: 0.8em;
    margin: 0.3em 0;
    border-radius: ${radii.sm};
    background: ${colors.line};
  }
  .row .bar:first-child {
    font-size: 14px;
  }
  .row .bar + .bar,
  .status + .bar {
    font-size: 13px;
    width: 70%;
  }
  .card {
    background: ${colors.white};
    border-radius: ${radii.md};
    box-shadow: ${shadows.card};
    overflow: hidden;
  }
  .diff {
    padding: 16px;
  }
  .diff .bar {
    font-size: 15px;
  }
  .diff .bar:first-child {
    font-size: 1.1rem;
    width: 60%;
  }
  .diff .bar:nth-child(2) {
    width: 80%;
    margin-bottom: 16px;
  }
  .diff .block {
    height: 160px;
  }
  @media (prefers-reduced-motion: no-preference) {
    .bar {
      animation: esperando 1.6s ease-in-out infinite alternate;
    }
  }
  @keyframes esperando {
    to {
      opacity: 0.45;
    }
  }
`;

/**
 * What stands where the versions will be while they load: the list's card, its first row saying
 * so, and the difference's card beside it (below it on a phone), each shaped as what replaces it.
 */
function Placeholder() {
  return (
    <div className="layout" css={placeholderCss} data-history-placeholder>
      <div className="card">
        <div className="row">
          <span className="status" role="status">
            Carregando o histórico…
          </span>
          <span className="bar" aria-hidden="true" />
        </div>
        {[0, 1].map((i) => (
          <div key={i} className="row" aria-hidden="true">
            <span className="bar" />
            <span className="bar" />
          </div>
        ))}
      </div>
      <div className="card diff" aria-hidden="true">
        <span className="bar" />
        <span className="bar" />
        <span className="bar block" />
      </div>
    </div>
  );
}

/**
 * Why the history is not on the screen, in the server's words and with what to do. "Tentar de
 * novo" unless the answer says trying again cannot help (409: the folder is no git repository).
 */
function Failure({ failure, onRetry }: { failure: unknown; onRetry: () => void }) {
  const message = failure instanceof Error ? failure.message : String(failure);
  const hint = failure instanceof ApiFailure ? failure.body.hint : undefined;
  const lasting = failure instanceof ApiFailure && failure.status === 409;
  return (
    <div css={failureCss} data-history-failure>
      <p role="alert">
        <strong>O histórico desta página não pôde ser carregado.</strong> {message}
      </p>
      {hint && <p>{hint}</p>}
      {!lasting && (
        <Button tone="primary" onClick={onRetry}>
          Tentar de novo
        </Button>
      )}
    </div>
  );
}

const failureCss = css`
  background: ${colors.white};
  border-radius: ${radii.md};
  box-shadow: ${shadows.card};
  border-left: 4px solid ${colors.orangeHover};
  padding: 16px;
  max-width: 720px;
  p {
    margin: 0 0 12px;
  }
  p:last-child {
    margin-bottom: 0;
  }
  strong {
    display: block;
    color: ${colors.navy};
  }
`;

interface DiffLine {
  kind: 'add' | 'del' | 'same' | 'gap';
  text: string;
}

/** A unified diff as lines a person reads: added, removed, unchanged context, and "…" between hunks. */
export function readableDiff(diff: string): DiffLine[] {
  const lines: DiffLine[] = [];
  let inHunk = false;
  for (const line of diff.split('\n')) {
    if (line.startsWith('@@')) {
      if (inHunk) lines.push({ kind: 'gap', text: '…' });
      inHunk = true;
    } else if (!inHunk || line.startsWith('\\')) continue;
    else if (line.startsWith('+')) lines.push({ kind: 'add', text: line.slice(1) });
    else if (line.startsWith('-')) lines.push({ kind: 'del', text: line.slice(1) });
    else if (line.startsWith(' ')) lines.push({ kind: 'same', text: line.slice(1) });
  }
  return lines;
}

export function HistoryScreen({ file, onOpen }: { file: string; onOpen: (file: string) => void }) {
  const [loadedHistory, setHistory] = useState<HistoryAnswer>();
  /** The history could not be loaded (shown in its place, with "Tentar de novo" when that can help). */
  const [failure, setFailure] = useState<unknown>();
  /** The schedules that touch the page: undefined while asked, null when they could not be read. */
  const [schedules, setSchedules] = useState<SchedulesAnswer | null>();
  const body = useRef<HTMLElement>(null);
  const [error, setError] = useState<string>();
  const [selected, setSelected] = useState<HistoryEntry>();
  const [loadedDiff, setDiff] = useState<HistoryDiffAnswer>();
  const [confirm, setConfirm] = useState<'restore' | 'revert'>();
  /** The version whose difference is on the screen (set once DiffView has rendered it). */
  const [shown, setShown] = useState<string>();
  const [restored, setRestored] = useState<PublishAnswer>();
  // Restoring publishes (decision 0048): an Editor, or anyone while every publication needs
  // approval (0049), asks instead ("Pedir para restaurar", a request a Publicador approves).
  const mustAsk = useMustAsk('restore') === true;
  const canRestore = !mustAsk;

  const load = useCallback(() => {
    api.history(file).then(
      (answer) => {
        setHistory(answer);
        setFailure(undefined);
        setSelected(
          (current) => answer.entries.find((e) => e.commit === current?.commit) ?? answer.entries[0],
        );
      },
      (e: unknown) => setFailure(e),
    );
  }, [file]);
  useEffect(load, [load]);
  useEffect(() => {
    // Schedules that cannot be read are left out, as before; the versions are shown all the same.
    schedulesApi.list().then(setSchedules, () => setSchedules(null));
  }, [file]);
  const retry = () => {
    setFailure(undefined);
    // The region keeps the focus the button had, through the placeholder to what replaces it.
    body.current?.focus();
    load();
  };

  useEffect(() => {
    if (!selected) return;
    let live = true;
    api.historyDiff(file, selected.commit).then(
      (answer) => live && setDiff(answer),
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [file, selected]);

  // The diff shown is the selected version's (a previous one may still be on its way out).
  const diff = loadedDiff?.commit === selected?.commit ? loadedDiff : undefined;
  // Restoring or undoing needs this version's difference on the screen, not the previous one's.
  const ready = diff !== undefined && shown === diff.commit;
  const title = pageAddress(file);
  // Until both answers are in (or the history failed) the placeholder holds their place.
  const loading = failure === undefined && (loadedHistory === undefined || schedules === undefined);
  const history = loading ? undefined : loadedHistory;
  const latest = history?.exists ? history.entries[0] : undefined;
  return (
    <main css={screenCss}>
      <ScreenHeader title={`Histórico de ${title}`}>
        {title !== file && <code css={{ color: colors.muted }}>{file}</code>}
        {/* Held in place while the history loads; gone for a deleted page, which the editor cannot open. */}
        {(loading || failure !== undefined || history?.exists) && (
          <Button
            className={loading ? 'waiting' : undefined}
            aria-hidden={loading || undefined}
            tabIndex={loading ? -1 : undefined}
            onClick={() => onOpen(file)}
          >
            Abrir no editor
          </Button>
        )}
      </ScreenHeader>
      {error && <Message tone="error">{error}</Message>}
      {restored && (
        <Message tone="info">
          Versão restaurada e publicada: “{restored.message}” ({restored.short})
          {restored.pushed ? `, enviada a ${restored.remote}/${restored.branch}` : ''}.
        </Message>
      )}
      <section ref={body} className="body" aria-label="Versões da página" aria-busy={loading} tabIndex={-1}>
        {loading && <Placeholder />}
        {failure !== undefined && !loading && <Failure failure={failure} onRetry={retry} />}
        {history && !history.exists && (
          <Message tone="info">
            Esta página foi excluída. Escolha uma versão e restaure-a para trazê-la de volta.
          </Message>
        )}
        {schedules && <ScheduledVersions file={file} list={schedules} />}
        {history && history.entries.length === 0 && (
          <Message tone="info">Esta página ainda não foi publicada.</Message>
        )}
        {history && history.entries.length > 0 && (
          <div className="layout">
            <nav aria-label="Versões publicadas">
              <ol css={listCss}>
                {history.entries.map((entry) => (
                  <li key={entry.commit}>
                    <button
                      type="button"
                      aria-current={entry.commit === selected?.commit}
                      onClick={() => setSelected(entry)}
                    >
                      <Sentences entry={entry} />
                      <span className="who">
                        {entry.requestedBy && entry.approvedBy
                          ? `Pedido por ${personName(entry.requestedBy)}, aprovado por ${personName(entry.approvedBy)}`
                          : entry.name}{' '}
                        · {when(entry.date)}
                        {entry === latest ? ' · versão atual' : ''}
                      </span>
                    </button>
                  </li>
                ))}
              </ol>
            </nav>
            {selected && (
              <section css={diffCss} aria-labelledby="versao-titulo" aria-busy={!diff}>
                <h2 id="versao-titulo">
                  {(diff?.changes ?? selected.changes ?? [selected.message]).map((sentence) => (
                    <span key={sentence}>{sentence}</span>
                  ))}
                </h2>
                <p css={{ margin: 0, color: colors.muted }}>
                  {selected.requestedBy && selected.approvedBy
                    ? `Pedido por ${selected.requestedBy}, aprovado por ${selected.approvedBy}`
                    : `${selected.name} (${selected.email})`}{' '}
                  · {when(selected.date)} · {selected.short}
                </p>
                {(selected.changes || diff?.changes) && (
                  <details key={`mensagem-${selected.commit}`}>
                    <summary>Mensagem original</summary>
                    <p className="original">{selected.body ?? selected.message}</p>
                  </details>
                )}
                <VersionPictures key={`fotos-${selected.commit}`} route={history.route} diff={diff} />
                {!diff && (
                  <p id="diferenca-carregando" role="status" css={{ margin: '12px 0 0' }}>
                    Carregando a diferença…
                  </p>
                )}
                {diff && <DiffView diff={diff} onShown={setShown} />}
                {diff && diff.files.length > 1 && (
                  <p data-other-files>
                    Esta mudança também mexeu em:{' '}
                    {diff.files
                      .filter((f) => f !== file)
                      .map((f) => (f.startsWith('pages/') || f.startsWith('public/') ? f : `${f} (gerado)`))
                      .join(', ')}
                    .
                  </p>
                )}
                <div css={actionsCss}>
                  {mustAsk && diff && diff.files.length > 1 && (
                    <AskButton
                      kind="desfazer"
                      tone="secondary"
                      disabled={!ready}
                      body={{ commit: selected.commit }}
                      what={`Tudo o que “${selected.message}” mudou volta a ser como antes dela: ${diff.files.join(', ')}.`}
                    />
                  )}
                  {mustAsk && selected !== latest && diff?.after !== null && (
                    <AskButton
                      kind="restaurar"
                      disabled={!ready}
                      body={{ file, commit: selected.commit }}
                      what={`${title} volta a ficar como na versão “${selected.message}”, de ${when(selected.date)}.`}
                    />
                  )}
                  {canRestore && diff && diff.files.length > 1 && (
                    <Button disabled={!ready} onClick={() => setConfirm('revert')}>
                      Desfazer esta mudança inteira
                    </Button>
                  )}
                  {canRestore && selected !== latest && diff?.after !== null && (
                    <Button
                      tone="primary"
                      disabled={!ready}
                      aria-describedby={ready ? undefined : 'diferenca-carregando'}
                      onClick={() => ready && setConfirm('restore')}
                    >
                      Restaurar esta versão
                    </Button>
                  )}
                </div>
              </section>
            )}
          </div>
        )}
      </section>
      {confirm && selected && (
        <RestoreDialog
          file={file}
          title={title}
          entry={selected}
          whole={confirm === 'revert' ? (diff?.files ?? []) : undefined}
          onClose={() => setConfirm(undefined)}
          onDone={(answer) => {
            setConfirm(undefined);
            setRestored(answer);
            load();
          }}
        />
      )}
    </main>
  );
}

/** A version's title in the list: what it changed (at most three sentences), else its message. */
function Sentences({ entry }: { entry: HistoryEntry }) {
  const changes = entry.changes ?? [entry.message];
  const shown =
    changes.length > 3 ? [...changes.slice(0, 2), `E mais ${changes.length - 2} mudanças`] : changes;
  return shown.map((sentence) => (
    <span key={sentence} className="message">
      {sentence}
    </span>
  ));
}

/**
 * The page before and after this version, at phone and desktop widths, the changed regions
 * marked: the publish dialog's pictures (studio/app/screens/publicar/changed-pages.tsx), between this version's
 * commit and its parent. Each needs both versions of the site built (seconds, on the server's
 * cores), so they are taken when the person opens them, not for every version looked at.
 */
function VersionPictures({ route, diff }: { route: string | null; diff: HistoryDiffAnswer | undefined }) {
  const [open, setOpen] = useState(false);
  if (!route || !diff) return null;
  return (
    <details
      css={picturesCss}
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <h3>Ver a página antes e depois desta versão</h3>
      </summary>
      {open &&
        (diff.parent ? (
          <PagePictures
            before={diff.parent}
            after={diff.commit}
            route={route}
            labels={{ before: 'Antes desta versão', after: 'Nesta versão' }}
          />
        ) : (
          <p>Esta é a primeira versão do repositório: não há um antes para comparar.</p>
        ))}
    </details>
  );
}

function DiffView({ diff, onShown }: { diff: HistoryDiffAnswer; onShown: (commit: string) => void }) {
  // After the difference is in the document (not merely loaded), Restaurar may be pressed.
  useLayoutEffect(() => onShown(diff.commit), [diff.commit, onShown]);
  const lines = readableDiff(diff.diff);
  if (diff.before === null) {
    return (
      <>
        <p css={{ margin: '12px 0 0' }}>Nesta versão a página foi criada, com este conteúdo:</p>
        {/* Scrolls when long: focusable, so a keyboard can scroll it (axe scrollable-region-focusable). */}
        <pre css={[preCss, { marginTop: 8 }]} tabIndex={0}>
          {diff.after}
        </pre>
      </>
    );
  }
  if (diff.after === null) return <p>Nesta versão a página foi excluída.</p>;
  return (
    <>
      <p css={{ margin: '12px 0 0' }}>
        <span css={{ color: '#1a6b34', fontWeight: 600 }}>+ linhas que entraram</span> ·{' '}
        <span css={{ color: '#a3261c', fontWeight: 600 }}>− linhas que saíram</span>
      </p>
      {/* Scrolls on its own: focusable, so a keyboard can scroll it too. */}
      <ol aria-label="Diferença desta versão para a anterior" tabIndex={0}>
        {lines.map((line, i) => (
          <li key={i} className={line.kind}>
            {line.kind === 'add' && <span className="visually-hidden">Entrou: </span>}
            {line.kind === 'del' && <span className="visually-hidden">Saiu: </span>}
            {line.text || ' '}
          </li>
        ))}
      </ol>
    </>
  );
}

function RestoreDialog({
  file,
  title,
  entry,
  whole,
  onClose,
  onDone,
}: {
  file: string;
  title: string;
  entry: HistoryEntry;
  /** Undo the whole change (these files) instead of restoring this page's version. */
  whole?: string[];
  onClose: () => void;
  onDone: (answer: PublishAnswer) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [output, setOutput] = useState<string>();
  const restore = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onDone(
        whole
          ? await api.revert({ commit: entry.commit })
          : await api.restore({ file, commit: entry.commit }),
      );
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      if (e instanceof ApiFailure && typeof e.body.output === 'string') setOutput(e.body.output);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={whole ? 'Desfazer esta mudança inteira?' : `Restaurar ${title}?`} onClose={onClose}>
      {whole ? (
        <p css={{ marginTop: 0 }}>
          Tudo o que “{entry.message}” mudou volta a ser como antes dela: {whole.join(', ')}. Isso entra no
          histórico como uma nova mudança, publicada depois da mesma verificação do site; nenhuma versão se
          perde.
        </p>
      ) : (
        <p css={{ marginTop: 0 }}>
          A página volta a ficar como na versão “{entry.message}”, de {when(entry.date)}. Isso entra no
          histórico como uma nova mudança, publicada depois da mesma verificação do site; nenhuma versão se
          perde.
        </p>
      )}
      {busy && <Message tone="info">Conferindo o site inteiro e publicando…</Message>}
      {error && <Message tone="error">{error}</Message>}
      {output && <pre css={preCss}>{output}</pre>}
      <div css={actionsCss}>
        <Button onClick={onClose}>Cancelar</Button>
        <Button tone="primary" onClick={() => void restore()} disabled={busy}>
          {busy ? 'Conferindo e publicando…' : whole ? 'Desfazer e publicar' : 'Restaurar e publicar'}
        </Button>
      </div>
    </Dialog>
  );
}

/** "Ana Souza <ana@…>" (a commit trailer of an approved request) → "Ana Souza". */
const personName = (trailer: string) => trailer.replace(/\s*<[^>]*>\s*$/, '');
