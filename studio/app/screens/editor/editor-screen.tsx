/**
 * The editor opens on the real page (phone, desktop or both), editable in place; the page's YAML,
 * the block's form and the structure are tabs of a panel beside it (over it on a phone), the
 * problems under them. Every edit re-renders the page through the runtime's own path
 * (POST /api/preview); a page with problems keeps its last good render, marked out of date.
 */
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { css } from '@emotion/react';
import { colors, fonts, radii } from '../../../../design/theme.ts';
import type {
  BlockInfo,
  InheritedAnswer,
  InheritedBlock,
  PageAnswer,
  PreviewDeltaAnswer,
  PreviewDeltaBlock,
} from '../../../api.ts';
import type { DraftProblem, DraftRender } from '../../../../runtime/dev/index.ts';
import { api, ApiFailure, isConflict } from '../../shared/api-client.ts';
import { clearDraft, flushDrafts, readDraft, writeDraftSoon, type Draft } from './drafts.ts';
import { BlockPalette } from './block-palette.tsx';
import { BlockForm, type Edit } from './form/block-form.tsx';
import { blockSchemas } from './form/block-schemas.ts';
import { ConflictDialog } from './conflict-dialog.tsx';
import { othersHere, othersInShort, useMe, usePresence } from '../../shared/presence.ts';
import { PublishDialog } from '../publicar/index.ts';
import { ShareButton, ShareDialog } from '../previas/index.ts';
import { MoreMenu } from './more-menu.tsx';
import { ScheduledBanner } from './scheduled-banner.tsx';
import { ServerVerdicts } from './server-verdicts.ts';
import { PreviewFrame, type PreviewState } from '../../shared/preview-frame.tsx';
import {
  editableTexts,
  imageEdit,
  linkEdit,
  listEdit,
  sessionTextEdit,
  startInline,
  type InlineEditMessage,
  type InlineSession,
} from './inline-edits.ts';
import { ImageDialog } from './image-dialog.tsx';
import { EventsStrip, StateControl, type PageEvent } from './preview-controls.tsx';
import type { PreviewStateId } from '../../preview/states.ts';
import { ProblemsList } from './problems-list.tsx';
import { StructurePanel } from './structure-panel.tsx';
import { CodeDocument, type SourceEditorHandle } from './code-document.ts';
import { CodePane, loadCodeView } from './code-pane.tsx';
import { resolveDelta } from '../../../../runtime/dev/browser.ts';
import { Button, Message, ON_PHONE, PHONE_QUERY, useMediaQuery } from '../../shared/ui.tsx';
import { ClickHint, useClickHint, useMatches, useView, VIEWS } from './page-first.tsx';
import {
  changeEntryEdit,
  insertAfterEdit,
  insertBlockEdit,
  longestPrefix,
  pathAt,
  rangeOf,
  valueAt,
  type YamlPath,
} from '../../../yaml-paths.ts';
import { publishVerb, usePublishAsks } from '../../shared/publish-words.ts';

type Mode = 'phone' | 'desktop' | 'both';
/** How often a block waiting to be chosen after a keystroke looks whether its preview has gone out. */
const PREVIEW_POLL_MS = 20;
/** The preview width chosen last, kept for the next page opened (this browser only). */
const MODE_KEY = 'estudio:largura-da-previa';
const savedMode = (): Mode => {
  const value = localStorage.getItem(MODE_KEY);
  if (value === 'phone' || value === 'desktop' || value === 'both') return value;
  // On a narrow screen two previews side by side leave neither readable.
  return window.matchMedia(ROOM_FOR_BOTH).matches ? 'both' : 'phone';
};
/**
 * Room for "Os dois": the phone's 375 px and the desktop page beside it. Narrower, "Os dois"
 * chosen shows the phone alone (and is offered again when the window widens): side by side, the
 * two ran past the screen's edge (the page 458 px wide at 375 px, scrolling sideways).
 */
const ROOM_FOR_BOTH = '(min-width: 900px)';

const DEVICES = [
  { mode: 'phone', label: 'Celular', width: 375 },
  { mode: 'desktop', label: 'Computador', width: 1280 },
] as const;
type RenderedBlock = Extract<DraftRender, { ok: true }>['blocks'][number];

/**
 * A route with a line break allowed after each inner "/", for a phone's two lines (on a wide
 * screen Chromium broke at a <wbr> even in the bar's one nowrap line).
 */
const withBreaks = (route: string) =>
  route.split(/(?<=.\/)/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));

const screenCss = css`
  height: 100%;
  display: grid;
  grid-template-rows: auto minmax(0, 1fr);
  /* The screen's width, never its content's: a route longer than a phone is wide (one word, no
     hyphen) is cut short in the bar instead of widening the whole editor past the screen. */
  grid-template-columns: minmax(0, 1fr);
  > main {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    grid-template-rows: auto minmax(0, 1fr);
    grid-template-areas: 'views' 'body';
    min-height: 0;
  }
  /* A phone: the page fills the screen between the bar (Salvar, Publicar) and the tabs at the
     bottom, within thumb's reach; nothing to scroll past. */
  ${ON_PHONE} {
    /* The visible screen (dvh) or the room the hosted Estúdio's session bar leaves, whichever is
       less: 100dvh under that bar ran 40 px past the screen, the tabs below it and, once
       scrolled, the bar's Salvar and Publicar above it. */
    height: min(100%, 100dvh);
    > main {
      grid-template-rows: minmax(0, 1fr) auto;
      grid-template-areas: 'body' 'views';
    }
  }
`;
const barCss = css`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 8px 16px;
  background: ${colors.white};
  border-bottom: 1px solid ${colors.line};
  flex-wrap: wrap;
  /* The route and its file take what the buttons leave (a basis of 0: they never push Publicar to
     a second line); the file's name is cut short first, then the route, each whole on hover. */
  .where {
    display: flex;
    align-items: baseline;
    gap: 12px;
    flex: 1 1 0;
    min-width: 0;
  }
  h1 {
    font-size: 1.1rem;
    flex: none;
    max-width: 100%;
  }
  .file {
    color: ${colors.muted};
    font-size: 13px;
    min-width: 0;
  }
  h1,
  .file {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .status {
    font-size: 13px;
    color: ${colors.muted};
  }
  .status[data-dirty='true'] {
    color: ${colors.orangeHover};
    font-weight: 600;
  }
  .history {
    font-weight: 600;
    font-size: 14px;
  }
  .others {
    flex-basis: 100%;
    margin: 0;
    padding: 6px 12px;
    border-radius: ${radii.sm};
    background: ${colors.waterLight};
    color: ${colors.navy};
    font-size: 14px;
  }
  /* A phone, a tablet or a small laptop: Salvar and Publicar on the first line, beside the way back
     and the route (cut short when long); what is said and done less often on the second. Up to
     1199 px: below that one line no longer holds a long route, "Pedir publicação" and "Alterações
     não salvas", and Salvar wrapped alone to a second line (share-dialog.tsx's ShareButton follows
     the same width). */
  @media (max-width: 1199px) {
    .where {
      flex: 1 1 40px;
    }
    .file {
      display: none;
    }
    row-gap: 4px;
    /* The line break before the second line. */
    &::after {
      content: '';
      order: 1;
      flex-basis: 100%;
      height: 0;
    }
    .status,
    .add,
    .history,
    .more,
    .others {
      order: 2;
    }
    .status {
      margin-right: auto;
    }
    /* A schedule's banner under both lines, not between them. */
    [data-scheduled-banner] {
      order: 3;
    }
  }
  ${ON_PHONE} {
    gap: 6px 8px;
    padding: 6px 8px;
    /* The route whole beside "←", Salvar and Publicar: a smaller type, on two lines when it needs
       them (broken after a hyphen or a slash, anywhere in a word longer than the line), both within
       the buttons' 44 px, so the page loses no height; past two lines it is cut with "…" (whole in
       its tooltip). At 17.6 px on one line "/agendamento" was cut to "/agendame…" at 375 px. */
    h1 {
      font-size: 15px;
      line-height: 1.2;
      white-space: normal;
      overflow-wrap: anywhere;
      display: -webkit-box;
      -webkit-box-orient: vertical;
      -webkit-line-clamp: 2;
    }
    /* "←" alone on screen: the route gets the room (the button is still named "← Páginas"). */
    .back-word {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
  }
`;
const viewsCss = css`
  grid-area: views;
  position: relative;
  display: flex;
  align-items: flex-end;
  gap: 12px;
  padding: 6px 16px 0;
  background: ${colors.white};
  border-bottom: 1px solid ${colors.line};
  [role='tablist'] {
    display: flex;
    gap: 4px;
  }
  [role='tab'] {
    font: 600 13px/1.2 ${fonts.display};
    min-height: 40px;
    padding: 8px 12px;
    border: 1px solid transparent;
    border-bottom: 0;
    border-radius: 8px 8px 0 0;
    background: none;
    color: ${colors.muted};
    cursor: pointer;
    white-space: nowrap;
  }
  [role='tab'][aria-selected='true'] {
    color: ${colors.navy};
    background: ${colors.white};
    border-color: ${colors.line};
    margin-bottom: -1px;
  }
  [role='tab']:focus-visible {
    outline-offset: -3px;
  }
  .count {
    display: inline-block;
    margin-left: 6px;
    padding: 1px 7px;
    border-radius: 999px;
    background: ${colors.orangeHover};
    color: ${colors.white};
    font-size: 12px;
  }
  .hint {
    margin: 0 0 6px auto;
  }
  ${ON_PHONE} {
    padding: 0;
    border-bottom: 0;
    border-top: 1px solid ${colors.line};
    [role='tablist'] {
      flex: 1;
      gap: 0;
    }
    [role='tab'] {
      flex: 1 1 0;
      min-height: 52px;
      padding: 6px 4px;
      border: 0;
      border-top: 3px solid transparent;
      border-radius: 0;
    }
    [role='tab'][aria-selected='true'] {
      border-top-color: ${colors.navy};
      margin-bottom: 0;
    }
    .long {
      display: none;
    }
    .count {
      margin-left: 4px;
    }
    /* Another tab on this page: a line of its own above the tabs (it once floated under the bar and
       covered the top of the code and of the page). The page's top does not move when it comes.
       No gap between it and the tabs (12 px more taken from the page). */
    flex-wrap: wrap;
    row-gap: 0;
    .others {
      order: -1;
      flex: 1 1 100%;
      margin: 0;
      padding: 6px 12px;
      background: ${colors.waterLight};
      color: ${colors.navy};
      font-size: 13px;
      border-bottom: 1px solid ${colors.line};
      /* One line: a long list of names is cut short (whole in the tooltip and the hidden sentence). */
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    /* Over the bottom of the page, just above the tabs (and the line above them). */
    .hint {
      position: absolute;
      left: 8px;
      right: 8px;
      bottom: calc(100% + 8px);
      margin: 0;
      z-index: 3;
      box-shadow: 0 6px 24px rgb(0 0 0 / 18%);
    }
  }
`;
const bodyCss = css`
  grid-area: body;
  position: relative;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  min-height: 0;
  /* A panel beside the page: the page keeps its place (the phone frame does not move). */
  &[data-view='codigo'],
  &[data-view='formulario'],
  &[data-view='estrutura'] {
    grid-template-columns: minmax(0, 1fr) minmax(340px, 40%);
  }
  ${ON_PHONE} {
    &[data-view] {
      grid-template-columns: minmax(0, 1fr);
    }
  }
`;
const panelCss = css`
  display: grid;
  grid-template-rows: minmax(0, 1fr) auto;
  min-height: 0;
  min-width: 0;
  border-left: 1px solid ${colors.line};
  background: ${colors.white};
  &[hidden] {
    display: none;
  }
  /* A phone: the panel covers the page, which stays laid out (and running) under it. */
  ${ON_PHONE} {
    position: absolute;
    inset: 0;
    z-index: 2;
    border-left: 0;
  }
  .panel {
    min-height: 0;
    display: grid;
  }
  .panel[hidden] {
    display: none;
  }
  .empty {
    padding: 16px;
    color: ${colors.muted};
  }
`;
const previewCss = css`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 12px 16px;
  min-height: 0;
  min-width: 0;
  .frames {
    position: relative;
    flex: 1;
    display: flex;
    gap: 16px;
    min-height: 0;
  }
  /* 375 px of page plus the frame's border: the phone is never scaled (but on a screen
     narrower than that, where it is scaled to fit). */
  .frames[data-mode='phone'] > div:not(.notices),
  .frames[data-mode='both'] > div:first-of-type {
    flex: 0 1 377px;
  }
  /* One line at any width (scrolled sideways when narrow): a panel opening beside the page never
     makes it wrap and push the page down. */
  .toolbar {
    display: flex;
    gap: 8px;
    align-items: center;
    flex-wrap: nowrap;
    overflow-x: auto;
    flex: none;
    > * {
      flex: none;
    }
    /* The state's list takes what is left and shortens its label: on a phone its box and arrow
       stay on screen instead of running past the edge. */
    > [data-state-control] {
      flex: 0 1 auto;
      min-width: 0;
    }
  }
  /* Notices float over the bottom of the page: showing one never moves the page. */
  .notices {
    position: absolute;
    left: 8px;
    right: 8px;
    bottom: 8px;
    z-index: 1;
    display: flex;
    flex-direction: column;
    gap: 8px;
    max-width: 720px;
    pointer-events: none;
  }
  .notices > * {
    pointer-events: auto;
    box-shadow: 0 6px 24px rgb(0 0 0 / 18%);
  }
  ${ON_PHONE} {
    padding: 8px;
    &[data-covered='true'] {
      visibility: hidden;
    }
    /* On a phone no panel opens beside the page (it covers it): the state's list gets a row of
       its own, wide enough to read the state's whole name. */
    .toolbar {
      flex-wrap: wrap;
      > [data-state-control] {
        flex: 1 1 100%;
        select {
          flex: 1;
        }
      }
    }
  }
`;
const noticeCss = css`
  padding: 10px 14px;
  border-radius: ${radii.sm};
  background: ${colors.waterLight};
  color: ${colors.navy};
  display: flex;
  gap: 12px;
  align-items: center;
  flex-wrap: wrap;
  font-family: ${fonts.body};
`;

const time = (ms: number) => new Date(ms).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });

export function EditorScreen({ file, onBack }: { file: string; onBack: () => void }) {
  const [loaded, setLoaded] = useState<PageAnswer>();
  const [loadError, setLoadError] = useState<string>();
  const [recovered, setRecovered] = useState<Draft>();
  const [firstPreview, setFirstPreview] = useState<FirstPreview>();
  useEffect(() => {
    api.page(file).then(
      (page) => {
        const draft = readDraft(file);
        if (draft && draft.source !== page.source) setRecovered(draft);
        // The preview is asked for at once: the server renders while the editor is being built
        // (on a long page both take a few hundred milliseconds).
        const answer = api.previewDelta(file, page.source, []);
        answer.catch(() => {}); // (the editor reads it, and shows its failure)
        setFirstPreview({ source: page.source, answer });
        setLoaded(page);
      },
      (e: unknown) => setLoadError(e instanceof Error ? e.message : String(e)),
    );
  }, [file]);

  if (loadError)
    return (
      <main css={{ padding: 24 }}>
        <Message tone="error">{loadError}</Message>
        <Button onClick={onBack}>Voltar às páginas</Button>
      </main>
    );
  if (!loaded)
    return (
      <main css={{ padding: 24 }}>
        <Message tone="info">Abrindo {file}…</Message>
      </main>
    );
  return (
    <Editor
      key={loaded.version}
      page={loaded}
      recovered={recovered}
      firstPreview={firstPreview}
      onBack={onBack}
    />
  );
}

/** The preview of the page as loaded, asked for before the editor was built (no part held yet). */
interface FirstPreview {
  source: string;
  answer: Promise<PreviewDeltaAnswer>;
}

function Editor({
  page,
  recovered,
  firstPreview,
  onBack,
}: {
  page: PageAnswer;
  recovered?: Draft;
  firstPreview?: FirstPreview;
  onBack: () => void;
}) {
  const { file } = page;
  // The page's text, its cursor and its undo history: read and written by every part of the editor,
  // held by the code view once the author has shown the code (code-document.ts).
  const [doc] = useState(() => new CodeDocument(page.source));
  const editor = useRef<SourceEditorHandle | null>(doc);
  const [saved, setSaved] = useState({ source: page.source, version: page.version, at: 0 });
  const [text, setText] = useState(page.source);
  const [draftOffer, setDraftOffer] = useState(recovered);
  const [mode, setModeState] = useState<Mode>(savedMode);
  const setMode = (next: Mode) => {
    setModeState(next);
    localStorage.setItem(MODE_KEY, next);
  };
  const roomForBoth = useMediaQuery(ROOM_FOR_BOTH);
  /** What the preview shows: the choice, but the phone alone for "Os dois" where both do not fit. */
  const shown: Mode = mode === 'both' && !roomForBoth ? 'phone' : mode;
  const [preview, setPreview] = useState<PreviewState>({ inherited: [], stale: false });
  const [problems, setProblems] = useState<DraftProblem[]>([]);
  const [blocks, setBlocks] = useState<RenderedBlock[]>([]);
  const [selected, setSelected] = useState({ index: -1, scroll: false, seq: 0 });
  const [inheritedChoice, setInheritedChoice] = useState<number>();
  /** An image clicked on the page: its picker is open (image-dialog.tsx). */
  const [imagePick, setImagePick] = useState<{ index: number; path: (string | number)[] }>();
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const publishAsks = usePublishAsks();
  // A phone: Histórico and Compartilhar prévia behind "Mais", so the bar keeps to two lines.
  const [sharing, setSharing] = useState(false);
  const wasSharing = useRef(false);
  useEffect(() => {
    // The item that opened the dialog went with the menu: once the dialog has closed (and the
    // browser has tried to give focus back to that item), focus goes to "Mais".
    if (wasSharing.current && !sharing)
      document.querySelector<HTMLElement>('[data-more-menu] > button')?.focus();
    wasSharing.current = sharing;
  }, [sharing]);
  const [conflict, setConflict] = useState<{ source: string; version: string; mine: string }>();
  const [message, setMessage] = useState<{ tone: 'error' | 'info'; text: string }>();
  const [renders, setRenders] = useState(0);
  // In "Os dois", the second frame is sent a render once the first has shown it. Both frames run
  // in one renderer process: sent together, each keystroke's render waited for the other frame's
  // (a 200-block page laid out at 1280 px) before the first showed it. The second follows a few
  // tens of milliseconds later, and never more than one render behind.
  const latestPreview = useRef(preview);
  useLayoutEffect(() => {
    latestPreview.current = preview;
  });
  const [shownFirst, setShownFirst] = useState(preview);
  const followingPreview = useMemo(
    () => ({ ...shownFirst, stale: preview.stale }),
    [shownFirst, preview.stale],
  );
  // The chosen block likewise: the second frame is told once the first has outlined it. A block far
  // down a long page has the page above it laid out first, in both frames on that one thread.
  const latestSelected = useRef(selected);
  useLayoutEffect(() => {
    latestSelected.current = selected;
  });
  const [selectedFirst, setSelectedFirst] = useState(selected);
  const [view, setView] = useState<PreviewStateId>('pagina');
  const [events, setEvents] = useState<PageEvent[]>([]);
  const me = useMe();
  // The page first: the panel beside it (the code, the block's form, the structure) as the person
  // left it last, and a hint that the page takes clicks and typing (page-first.tsx).
  const { view: tab, choose: setTab, show: showTab } = useView(me);
  const hint = useClickHint(me);
  const narrow = useMatches(PHONE_QUERY);
  const dirty = text !== saved.source;
  const editing = usePresence(file);
  const others = othersHere(editing, file, me);
  const othersShort = othersInShort(editing, file, me);
  // The form edits the block under the cursor: its own map in this file, or in a variant the
  // `change:` entry of an inherited block.
  const formTarget = useMemo(() => {
    const block = blocks[selected.index];
    const schema = block && blockSchemas.get(block.type);
    if (!block || !schema) return undefined;
    const title = `${schema.title ?? block.type} (${block.type})`;
    if (block.file === file) return { title, intro: 'Bloco desta página.', schema, path: block.path };
    const key = block.id ?? block.type;
    if (!rangeOf(text, ['change', key])) return { title, inherited: block.file };
    const base = valueAt(text, ['extends']);
    return {
      title,
      intro: `Herdado de ${block.file}: o que você escrever aqui muda só nesta variante. Em itálico, o valor que a página base dá.`,
      schema: { ...schema, required: [] },
      path: ['change', key] as YamlPath,
      key,
      base: typeof base === 'string' ? base : undefined,
    };
  }, [blocks, selected.index, file, text]);
  // The base page's blocks as the loader merges them (its own extends chain applied): the change
  // form's placeholders. Asked again when the form is shown, so a base saved meanwhile counts.
  const baseName = formTarget && 'base' in formTarget ? formTarget.base : undefined;
  const [baseBlocks, setBaseBlocks] = useState<{ name: string; blocks: InheritedBlock[] }>();
  useEffect(() => {
    if (baseName === undefined) return;
    let live = true;
    fetch(`/api/inherited?extends=${encodeURIComponent(baseName)}`)
      .then((response) => (response.ok ? (response.json() as Promise<InheritedAnswer>) : undefined))
      .then((answer) => live && setBaseBlocks(answer && { name: baseName, blocks: answer.blocks }))
      // Without the base's values the form still works, with empty placeholders.
      .catch(() => live && setBaseBlocks(undefined));
    return () => {
      live = false;
    };
  }, [baseName, tab]);
  const inheritedBlock =
    formTarget && 'key' in formTarget && formTarget.key && baseBlocks && baseBlocks.name === formTarget.base
      ? addressed(baseBlocks.blocks, formTarget.key)
      : undefined;
  // A form edit moves no cursor of the author's: the form stays on its block even when the edit
  // takes away the line the source's cursor was on (its mapped place may be another block).
  const formEditing = useRef(false);
  // (`typing`: a keystroke in the preview's page, joined in the history as typing is.)
  const formEdit = (make: Parameters<Edit>[0], typing = false) => {
    const current = editor.current?.text();
    const change = current === undefined ? undefined : make(current);
    if (!change) return;
    formEditing.current = true;
    try {
      editor.current?.change(change.from, change.to, change.insert, typing);
    } finally {
      formEditing.current = false;
    }
  };

  const fileProblems = useMemo(
    () => problems.filter((p) => p.loc.file === file).map((p) => ({ ...p.loc, message: p.message })),
    [problems, file],
  );

  // Previews: at most one request in flight; the newest text waits and goes next. Each answer
  // brings only the parts of the render not held from the one before (render-parts.ts).
  const renderParts = useRef(new Map<string, string>());
  // What the server said of each text (server-verdicts.ts): the editor's worker skips what it accepted.
  const [verdicts] = useState(() => new ServerVerdicts());
  const blockTexts = useRef(new Map<string, Pick<RenderedBlock, 'texts' | 'media'>>());
  const pending = useRef<string | null>(null);
  const busy = useRef(false);
  /** The last source whose render was shown: its parse is kept (yaml-paths.ts's readYaml, editableTexts). */
  const parsedSource = useRef<string | undefined>(undefined);
  /** An answer taken in whose preview state the frames have not been sent yet (the next commit sends it). */
  const previewUnsent = useRef(false);
  // (The frames' PreviewFrame sends it in its layout effect, which runs before this one.)
  useLayoutEffect(() => {
    previewUnsent.current = false;
  }, [preview]);
  const early = useRef(firstPreview);
  const pump = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    while (pending.current !== null) {
      const source = pending.current;
      pending.current = null;
      const asked = early.current;
      early.current = undefined;
      try {
        const answer =
          asked?.source === source && renderParts.current.size === 0
            ? await asked.answer
            : await api.previewDelta(file, source, renderParts.current.keys());
        if (answer.ok) {
          const render = resolveDelta(answer.delta, renderParts.current);
          const blocks = render && withTexts(answer.blocks, answer.delta.names.blocks, blockTexts.current);
          if (!render || !blocks) {
            // A part named as held was not (never in practice): ask again for the whole render.
            renderParts.current.clear();
            if (pending.current === null) pending.current = source;
            else verdicts.settle(source, false);
            continue;
          }
          // "Herdado da página base" on the blocks a variant takes as they are, not on those its
          // `change:` already changes.
          const changes = blocks.some((b) => b.file !== file) ? valueAt(source, ['change']) : undefined;
          const changed = (b: RenderedBlock) =>
            typeof changes === 'object' && changes !== null && blockKey(b) in changes;
          const inherited = blocks.flatMap((b, i) => (b.file === file || changed(b) ? [] : [i]));
          const texts = editableTexts(source, file, blocks);
          parsedSource.current = source;
          previewUnsent.current = true;
          setPreview({
            render: { parts: render, names: answer.delta.names },
            inherited,
            stale: false,
            texts,
          });
          setBlocks(blocks);
          setProblems([]);
        } else {
          previewUnsent.current = true;
          setPreview((p) => ({ ...p, stale: true }));
          setProblems(answer.problems);
        }
        verdicts.settle(source, answer.ok);
      } catch (e) {
        verdicts.settle(source, false);
        setMessage({ tone: 'error', text: e instanceof Error ? e.message : String(e) });
      }
    }
    busy.current = false;
  }, [file, verdicts]);
  const requestPreview = useCallback(
    (source: string) => {
      // A text overtaken before it was sent gets no verdict: the worker checks it, if still asked.
      if (pending.current !== null && pending.current !== source) verdicts.settle(pending.current, false);
      pending.current = source;
      verdicts.expect(source);
      void pump();
    },
    [pump, verdicts],
  );
  useEffect(() => requestPreview(page.source), [page.source, requestPreview]);

  // A draft still waiting for a pause in the typing is written when the editor closes.
  useEffect(() => flushDrafts, []);
  const onChange = (next: string) => {
    setText(next);
    requestPreview(next);
    if (next === saved.source) clearDraft(file, true);
    else writeDraftSoon(file, { source: next, version: saved.version, savedAt: Date.now() });
  };

  // Cursor → block: the rendered block whose YAML path is the longest prefix of the cursor's.
  const ownPaths = useMemo(
    () => blocks.map((b) => (b.file === file ? b.path : (['\0'] as YamlPath))),
    [blocks, file],
  );
  const cursorTimer = useRef<number | undefined>(undefined);
  // (A choice made later reads the blocks of the render shown then.)
  const rendered = useRef({ ownPaths, blocks });
  useLayoutEffect(() => {
    rendered.current = { ownPaths, blocks };
  });
  // The block the caret is in is chosen in the preview: at once when a click put the caret there (the
  // frames scroll to it and lay it out while the author reaches for the keys), after a pause in
  // typing or in moving with the arrows (a block per keystroke would keep the frames busy).
  // After a keystroke, the block is chosen only once the keystroke's preview has been sent to the
  // frames: choosing it (the path under the caret; in the frames, the page above the block laid
  // out) never holds back the text typed, the author's first keystroke after opening included.
  const onCursor = (offset: number, clicked: boolean) => {
    if (formEditing.current) return;
    window.clearTimeout(cursorTimer.current);
    const choose = () => {
      const text = editor.current?.text() ?? '';
      // From the editor's syntax tree when it is parsed that far already (after a keystroke near
      // the top of a long page it is: CodeMirror parses the view as it types); else the text whose
      // preview was last sent is read with the kept parse (yaml-paths.ts: after one keystroke, the
      // value typed in read again and every position after it moved), and any other text from the
      // tree, parsed as far as needed: a full parse of a long page on every keystroke would delay
      // the preview.
      const path =
        editor.current?.parsedPathAt(offset) ??
        (text === parsedSource.current
          ? pathAt(text, offset)
          : (editor.current?.pathAt(offset) ?? pathAt(text, offset)));
      const { ownPaths, blocks } = rendered.current;
      let index = longestPrefix(ownPaths, path);
      // In a variant's change: or replace: entry, the block it addresses (by id, or by type).
      if (index < 0 && (path[0] === 'change' || path[0] === 'replace') && typeof path[1] === 'string')
        index = blocks.findIndex((b) => b.id === path[1] || (!b.id && b.type === path[1]));
      setSelected((s) => (s.index === index ? s : { index, scroll: index >= 0, seq: s.seq + 1 }));
    };
    const afterPreview = () => {
      if (busy.current || pending.current !== null || previewUnsent.current)
        cursorTimer.current = window.setTimeout(afterPreview, PREVIEW_POLL_MS);
      else choose();
    };
    if (clicked) choose();
    else cursorTimer.current = window.setTimeout(afterPreview, 80);
  };

  useLayoutEffect(() => {
    doc.listen({ onChange, onCursor });
    // A focus asked for while the code is being opened waits for it (the problems list's "go to").
    doc.show(tab === 'codigo');
  });
  useEffect(() => doc.setProblems(fileProblems), [doc, fileProblems]);

  // A text edited in the page itself (inline-edits.ts): each keystroke is the form's edit of that
  // node (one history with the source and the form); the block is chosen, the source's cursor stays.
  // The text being edited there, from its start: its value put back gives back the file as it was.
  const inlineSession = useRef<InlineSession | undefined>(undefined);
  // The block last edited on the page while the code was hidden: the code opens at it.
  const codeFollows = useRef<number | undefined>(undefined);
  const revealInCode = (index: number) => {
    const block = rendered.current.blocks[index];
    const current = editor.current?.text();
    if (!block || current === undefined) return;
    const range = rangeOf(current, block.file === file ? block.path : ['change', blockKey(block)]);
    if (range) editor.current?.reveal(range.from);
  };
  useEffect(() => {
    if (tab !== 'codigo' || codeFollows.current === undefined) return;
    const index = codeFollows.current;
    codeFollows.current = undefined;
    // The editor measures itself once it is displayed again (the frame after this one): scrolled
    // before that, it would scroll by the sizes it had while hidden.
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => revealInCode(index)));
    // The other frame shows the block too, as after a click on it.
    setSelected((s) => ({ index, scroll: true, seq: s.seq + 1 }));
    return () => cancelAnimationFrame(frame);
    // Only a change of tab reveals; `revealInCode` reads refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tab]);
  const onInlineEdit = (message: InlineEditMessage) => {
    if (message.kind === 'text-history') {
      if (message.action === 'undo') editor.current?.undo();
      else editor.current?.redo();
      return;
    }
    const block = blocks[message.index];
    if (!block) return;
    if (message.kind === 'image-pick') {
      setSelected((s) =>
        s.index === message.index ? s : { index: message.index, scroll: false, seq: s.seq + 1 },
      );
      setImagePick({ index: message.index, path: message.path });
    } else if (message.kind === 'link-edit') {
      const target = { href: message.href, ...(message.action ? { action: message.action } : {}) };
      formEdit((current) => linkEdit(current, file, block, message.path, target));
    } else if (message.kind === 'list-edit') {
      formEdit((current) => listEdit(current, file, block, message.path, message.at, message.op));
    } else if (message.kind === 'text-edit-start') {
      const source = editor.current?.text();
      inlineSession.current =
        source === undefined ? undefined : startInline(source, file, message.index, block, message.path);
      setInheritedChoice(undefined);
      setSelected((s) =>
        s.index === message.index ? s : { index: message.index, scroll: false, seq: s.seq + 1 },
      );
      // The code follows once, when it is shown: beside the page now, or when its tab is chosen
      // (a hidden editor cannot scroll). Never per keystroke, and the frames do not scroll.
      if (tab === 'codigo') revealInCode(message.index);
      else codeFollows.current = message.index;
    } else if (message.kind === 'text-edit') {
      // Someone who has typed on the page has learnt what the hint says.
      if (hint.shown) hint.dismiss();
      formEdit(
        (current) =>
          sessionTextEdit(
            inlineSession.current,
            current,
            file,
            block,
            message.index,
            message.path,
            message.value,
          ),
        true,
      );
    } else if (message.kind === 'text-edit-end') {
      inlineSession.current = undefined;
    }
  };

  // The image picker of an image clicked on the page: its src and size, or its alt text, written.
  const onImageChange = (values: { src?: string; width?: number; height?: number; alt?: string }) => {
    const block = imagePick && blocks[imagePick.index];
    if (block) formEdit((current) => imageEdit(current, file, block, imagePick.path, values));
  };

  // Preview click → the block's `- type:` line (or a variant's `change:` entry of it), and its form
  // beside the page when the page was alone on a wide screen; for an inherited block, a notice
  // saying whether this variant already changes it (and, if not, the offer to).
  const onBlockClick = (index: number) => {
    const block = blocks[index];
    if (!block) return;
    setSelected((s) => ({ index, scroll: false, seq: s.seq + 1 }));
    codeFollows.current = undefined;
    const current = editor.current?.text() ?? text;
    const range = rangeOf(current, block.file === file ? block.path : ['change', blockKey(block)]);
    if (range) editor.current?.moveTo(range.from);
    setInheritedChoice(block.file === file ? undefined : index);
    // On a phone the form would cover the page: it stays one tap away.
    if (tab === 'pagina' && !narrow) showTab('formulario');
  };

  const save = useCallback(
    async (base = saved.version) => {
      const source = editor.current?.text() ?? text;
      try {
        const { version } = await api.save({ file, source, version: base });
        setSaved({ source, version, at: Date.now() });
        setConflict(undefined);
        clearDraft(file);
        setMessage(undefined);
        return true;
      } catch (e) {
        if (isConflict(e)) setConflict({ ...e.body.current, mine: source });
        else setMessage({ tone: 'error', text: e instanceof ApiFailure ? e.message : String(e) });
        return false;
      }
    },
    [file, saved.version, text],
  );

  // Ctrl+S / Cmd+S wherever the focus is on this screen (the source, the form, a button, the page
  // itself): one handler, and never the browser's "save page" dialog. With a dialog open (Publicar,
  // a conflict, the palette) the dialog is what the author is deciding: nothing is saved then.
  const saveKey = useRef({ save, saved: saved.source, blocked: false });
  useLayoutEffect(() => {
    saveKey.current = {
      save,
      saved: saved.source,
      blocked: publishing || conflict !== undefined || paletteOpen,
    };
  });
  /** Ctrl+S (Cmd+S), pressed on the screen or in a preview frame (which asks by a message). */
  const saveFromKey = useCallback((repeat: boolean) => {
    const { save: run, saved: source, blocked } = saveKey.current;
    const changed = editor.current !== null && editor.current.text() !== source;
    if (!blocked && changed && !repeat) void run();
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // (A browser's autofill sends keydown events without a key.)
      const key = typeof event.key === 'string' ? event.key.toLowerCase() : '';
      if (!(event.ctrlKey || event.metaKey) || event.altKey || key !== 's') return;
      event.preventDefault();
      saveFromKey(event.repeat);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [saveFromKey]);

  const insertBlock = (info: BlockInfo) => {
    setPaletteOpen(false);
    const current = editor.current?.text() ?? text;
    const isVariant = /^extends\s*:/m.test(current);
    let edit;
    if (isVariant) {
      const at = blocks[selected.index];
      if (!at) {
        setMessage({
          tone: 'error',
          text: 'Numa variante, escolha antes na prévia o bloco depois do qual o novo deve entrar.',
        });
        return;
      }
      edit = insertAfterEdit(current, info.example, blockKey(at));
    } else {
      const ownIndex =
        blocks[selected.index]?.file === file ? (blocks[selected.index]!.path[1] as number) : undefined;
      edit = insertBlockEdit(current, info.example, ownIndex);
    }
    if (!edit) {
      setMessage({ tone: 'error', text: 'Não encontrei a lista blocks desta página para inserir o bloco.' });
      return;
    }
    editor.current?.edit(edit.from, edit.to, edit.insert, edit.cursor);
  };

  const addChange = async (index: number) => {
    const block = blocks[index]!;
    const base = await api.page(block.file);
    const props = (valueAt(base.source, block.path) ?? {}) as Record<string, unknown>;
    // The prop an author most likely means to change: the title, else the first text.
    const entries = Object.entries(props).filter(([k]) => k !== 'type' && k !== 'id');
    const [prop, value] =
      entries.find(([k, v]) => ['title', 'heading'].includes(k) && typeof v === 'string') ??
      entries.find(([, v]) => typeof v === 'string') ??
      entries[0] ??
      [];
    const current = editor.current?.text() ?? text;
    const key = blockKey(block);
    const edit = prop ? changeEntryEdit(current, key, prop, value) : undefined;
    setInheritedChoice(undefined);
    if (edit) editor.current?.edit(edit.from, edit.to, edit.insert, edit.cursor);
    else {
      const range = rangeOf(current, ['change', key]);
      if (range) editor.current?.moveTo(range.from);
    }
    // What it wrote is shown: the block's change form (or the code, for whoever works there).
    if (tab !== 'codigo') showTab('formulario');
  };

  // Who else has this page open: in the bar on a wide screen; on a phone in a line of its own just
  // above the tabs, where it covers nothing and the page's top stays put when it comes and goes.
  // A phone shows it in one line ("Também aberta em outra aba"; the page gets the room two more
  // lines took), the whole sentence in its tooltip and for a screen reader.
  const othersWords = others.sentence
    ? `${others.sentence} Se ${others.people ? 'duas pessoas salvarem' : 'duas abas salvarem'}, a segunda vê as duas versões antes de gravar: nada se perde.`
    : '';
  const presenceLine = othersWords ? (
    <p className="others" role="status" data-presence-others title={narrow ? othersWords : undefined}>
      {narrow ? (
        <>
          <span aria-hidden="true">{othersShort}</span>
          <span className="visually-hidden">{othersWords}</span>
        </>
      ) : (
        othersWords
      )}
    </p>
  ) : null;

  return (
    <div css={screenCss} data-preview-renders={renders}>
      <div css={barCss} role="banner">
        <Button tone="quiet" onClick={onBack}>
          ← <span className="back-word">Páginas</span>
        </Button>
        <div className="where">
          <h1 title={page.route}>{narrow ? withBreaks(page.route) : page.route}</h1>
          <span className="file" title={file}>
            {file}
          </span>
        </div>
        <span className="status" data-dirty={dirty} aria-live="polite">
          {dirty ? 'Alterações não salvas' : saved.at ? `Salvo às ${time(saved.at)}` : 'Sem alterações'}
        </span>
        {/* A phone: "+ Bloco" beside the status and "Mais", named in full for a screen reader. */}
        <Button className="add" aria-label="Adicionar bloco" onClick={() => setPaletteOpen(true)}>
          {narrow ? (
            <>
              <span aria-hidden="true">+</span> Bloco
            </>
          ) : (
            'Adicionar bloco'
          )}
        </Button>
        {narrow ? (
          <MoreMenu className="more">
            {(close) => (
              <>
                <a href={`#/historico/${encodeURIComponent(file)}`} onClick={close}>
                  Histórico
                </a>
                <Button
                  tone="quiet"
                  onClick={() => {
                    close();
                    // What is shared is the saved text: unsaved text is saved first.
                    if (!dirty) setSharing(true);
                    else void save().then((done) => done && setSharing(true));
                  }}
                >
                  Compartilhar prévia
                </Button>
              </>
            )}
          </MoreMenu>
        ) : (
          <>
            <a className="history" href={`#/historico/${encodeURIComponent(file)}`}>
              Histórico
            </a>
            <ShareButton file={file} route={page.route} dirty={dirty} save={() => save()} />
          </>
        )}
        <Button tone="primary" onClick={() => void save()} disabled={!dirty} title="Ctrl+S">
          Salvar
        </Button>
        <Button
          onClick={() => {
            // Publishing takes what is saved: unsaved text is saved first (a conflict stops here).
            if (!dirty) setPublishing(true);
            else void save().then((done) => done && setPublishing(true));
          }}
        >
          {publishVerb(publishAsks)}
        </Button>
        {!narrow && presenceLine}
        <ScheduledBanner file={file} />
      </div>
      <main>
        <div css={viewsCss}>
          {narrow && presenceLine}
          <div
            role="tablist"
            aria-label="Editar como"
            onKeyDown={(event) => {
              // The tabs pattern: arrow keys move between the tabs, Home and End to the ends.
              const at = VIEWS.findIndex((v) => v.id === tab);
              const to =
                event.key === 'ArrowLeft'
                  ? at - 1
                  : event.key === 'ArrowRight'
                    ? at + 1
                    : event.key === 'Home'
                      ? 0
                      : event.key === 'End'
                        ? VIEWS.length - 1
                        : undefined;
              if (to === undefined) return;
              event.preventDefault();
              const next = VIEWS[(to + VIEWS.length) % VIEWS.length]!.id;
              setTab(next);
              document.getElementById(`aba-${next}`)?.focus();
            }}
          >
            {VIEWS.map(({ id, label, short }) => (
              <button
                key={id}
                type="button"
                role="tab"
                id={`aba-${id}`}
                aria-selected={tab === id}
                tabIndex={tab === id ? 0 : -1}
                aria-controls={id === 'pagina' ? 'previa' : `painel-${id}`}
                onClick={() => setTab(id)}
                // The code's view comes when the code is first shown; a pointer on its tab (or the
                // focus) starts bringing it a moment before the click.
                {...(id === 'codigo' ? { onPointerEnter: loadCodeView, onFocus: loadCodeView } : {})}
              >
                {short}
                {label !== short && <span className="long">{label.slice(short.length)}</span>}
                {id === 'codigo' && tab !== 'codigo' && problems.length > 0 && (
                  <span className="count" data-problem-count>
                    {problems.length}
                    <span className="visually-hidden">
                      {problems.length === 1 ? ' problema' : ' problemas'}
                    </span>
                  </span>
                )}
              </button>
            ))}
          </div>
          {/* About the page: on a phone, shown with the page only (over the code it hid its last lines). */}
          {hint.shown && (!narrow || tab === 'pagina') && (
            <ClickHint className="hint" onDismiss={hint.dismiss} />
          )}
        </div>
        <div css={bodyCss} data-view={tab}>
          <section id="previa" css={previewCss} aria-label="Prévia da página" data-covered={tab !== 'pagina'}>
            <div className="toolbar" role="group" aria-label="Largura da prévia">
              {(
                [
                  ['phone', 'Celular'],
                  ['desktop', 'Computador'],
                  ['both', 'Os dois'],
                ] as const
              )
                .filter(([value]) => value !== 'both' || roomForBoth)
                .map(([value, label]) => (
                  <Button key={value} aria-pressed={shown === value} onClick={() => setMode(value)}>
                    {label}
                  </Button>
                ))}
              <StateControl value={view} onChange={setView} />
            </div>
            <div className="frames" data-mode={shown}>
              {DEVICES.filter((d) => shown === 'both' || shown === d.mode).map((device, i) => (
                <PreviewFrame
                  key={device.mode}
                  width={device.width}
                  label={device.label}
                  state={i === 0 ? preview : followingPreview}
                  selected={i === 0 ? selected : selectedFirst}
                  onSelected={i === 0 ? () => setSelectedFirst(latestSelected.current) : undefined}
                  onBlockClick={onBlockClick}
                  onInlineEdit={onInlineEdit}
                  onSave={saveFromKey}
                  // The first frame shown counts the renders (the benchmark and tests wait on it).
                  onRendered={
                    i === 0
                      ? () => {
                          setRenders((n) => n + 1);
                          setShownFirst(latestPreview.current);
                        }
                      : undefined
                  }
                  view={view}
                  // Every frame runs the page: a click is reported by the frame it happened in, what
                  // the page sends by itself (its page view) by the first frame only.
                  onEvent={(event, byClick) =>
                    (byClick || i === 0) &&
                    setEvents((list) => [
                      ...list.slice(-49),
                      { seq: (list.at(-1)?.seq ?? 0) + 1, at: Date.now(), event },
                    ])
                  }
                />
              ))}
              <div className="notices">
                {draftOffer && (
                  <div css={noticeCss} role="status">
                    Há um rascunho não salvo desta página, de {time(draftOffer.savedAt)}.
                    <Button
                      onClick={() => {
                        editor.current?.replaceAll(draftOffer.source);
                        setDraftOffer(undefined);
                      }}
                    >
                      Recuperar rascunho
                    </Button>
                    <Button
                      tone="quiet"
                      onClick={() => {
                        clearDraft(file);
                        setDraftOffer(undefined);
                      }}
                    >
                      Descartar
                    </Button>
                  </div>
                )}
                {message && <Message tone={message.tone}>{message.text}</Message>}
                {inheritedChoice !== undefined && blocks[inheritedChoice] && (
                  <InheritedNotice
                    block={blocks[inheritedChoice]!}
                    changed={rangeOf(text, ['change', blockKey(blocks[inheritedChoice]!)]) !== undefined}
                    formShown={tab === 'formulario'}
                    onChange={() => void addChange(inheritedChoice)}
                    onForm={() => showTab('formulario')}
                    onClose={() => setInheritedChoice(undefined)}
                  />
                )}
              </div>
            </div>
            <EventsStrip events={events} onClear={() => setEvents([])} />
          </section>
          <section css={panelCss} aria-label="Editar a página" hidden={tab === 'pagina'}>
            <div
              id="painel-codigo"
              role="tabpanel"
              aria-labelledby="aba-codigo"
              hidden={tab !== 'codigo'}
              className="panel"
            >
              <CodePane document={doc} shown={tab === 'codigo'} accepted={verdicts.accepts} />
            </div>
            <div
              id="painel-formulario"
              role="tabpanel"
              aria-labelledby="aba-formulario"
              hidden={tab !== 'formulario'}
              className="panel"
            >
              {/* Only while shown: its value is read from the whole text, on every keystroke. */}
              {tab === 'formulario' && formTarget && 'schema' in formTarget && formTarget.schema ? (
                <BlockForm
                  title={formTarget.title}
                  intro={formTarget.intro}
                  schema={formTarget.schema}
                  value={valueAt(text, formTarget.path)}
                  path={formTarget.path}
                  edit={formEdit}
                  inherited={'key' in formTarget ? { value: inheritedBlock?.props } : undefined}
                />
              ) : (
                <p className="empty">
                  {formTarget && 'inherited' in formTarget
                    ? `Este bloco vem de ${formTarget.inherited}. Para mudá-lo nesta variante, clique nele na prévia e escolha "Mudar este bloco nesta variante".`
                    : 'Ponha o cursor num bloco do código, ou clique num bloco da prévia, para editá-lo aqui.'}
                </p>
              )}
            </div>
            <div
              id="painel-estrutura"
              role="tabpanel"
              aria-labelledby="aba-estrutura"
              hidden={tab !== 'estrutura'}
              className="panel"
            >
              {tab === 'estrutura' && (
                <StructurePanel
                  file={file}
                  text={text}
                  blocks={blocks}
                  stale={problems.length > 0}
                  edit={formEdit}
                  undo={() => editor.current?.undo()}
                  onSelect={(index) => setSelected((s) => ({ index, scroll: true, seq: s.seq + 1 }))}
                />
              )}
            </div>
            <ProblemsList
              problems={problems}
              file={file}
              onGo={(p) => {
                const doc = editor.current?.text() ?? '';
                const lines = doc.split('\n');
                const offset =
                  lines.slice(0, p.loc.line - 1).reduce((n, l) => n + l.length + 1, 0) + p.loc.column - 1;
                // The problem's place in the code: the code is shown first, then the cursor put there.
                flushSync(() => showTab('codigo'));
                editor.current?.moveTo(offset);
              }}
            />
          </section>
        </div>
      </main>
      {sharing && <ShareDialog file={file} route={page.route} onClose={() => setSharing(false)} />}
      {publishing && (
        <PublishDialog
          focusFile={file}
          onClose={() => setPublishing(false)}
          onOpenFile={(next) => {
            setPublishing(false);
            if (next !== file) location.hash = `#/editar/${encodeURIComponent(next)}`;
          }}
        />
      )}
      {paletteOpen && <BlockPalette file={file} onClose={() => setPaletteOpen(false)} onPick={insertBlock} />}
      {imagePick &&
        (() => {
          const block = blocks[imagePick.index];
          const same = (p: (string | number)[]) =>
            p.length === imagePick.path.length && p.every((part, i) => part === imagePick.path[i]);
          const image = block?.media?.images.find((i) => same(i.path));
          if (!block || !image) return null;
          return (
            <ImageDialog
              key={`${imagePick.index} ${imagePick.path.join('.')}`}
              type={block.type}
              path={imagePick.path}
              image={image}
              onChange={onImageChange}
              onClose={() => setImagePick(undefined)}
            />
          );
        })()}
      {conflict && (
        <ConflictDialog
          mine={conflict.mine}
          theirs={conflict.source}
          onKeepMine={() => void save(conflict.version)}
          onTakeTheirs={() => {
            editor.current?.replaceAll(conflict.source);
            setSaved({ source: conflict.source, version: conflict.version, at: Date.now() });
            setConflict(undefined);
          }}
          onClose={() => setConflict(undefined)}
        />
      )}
    </div>
  );
}

/**
 * What a click on an inherited block of a variant says: whether this variant already changes it
 * (its `change:` entry, written by typing on the page, the form or the code) or only inherits it,
 * with the offer to change it.
 */
function InheritedNotice({
  block,
  changed,
  formShown,
  onChange,
  onForm,
  onClose,
}: {
  block: RenderedBlock;
  changed: boolean;
  formShown: boolean;
  onChange: () => void;
  onForm: () => void;
  onClose: () => void;
}) {
  return (
    <div css={noticeCss} role="status" data-inherited-notice={changed ? 'mudado' : 'herdado'}>
      {changed ? (
        <>
          Este bloco ({block.type}) vem de {block.file} e já foi mudado nesta variante: o que você mudar nele
          fica só nela.
          {!formShown && (
            <Button tone="primary" onClick={onForm}>
              Ver o que mudou
            </Button>
          )}
        </>
      ) : (
        <>
          Este bloco ({block.type}) vem de {block.file}: a variante o herda.
          <Button tone="primary" onClick={onChange}>
            Mudar este bloco nesta variante
          </Button>
        </>
      )}
      <Button tone="quiet" onClick={onClose}>
        Fechar
      </Button>
    </div>
  );
}

/** The base block a variant's `change:` key names, as the loader finds it: by id, else the only block of that type. */
function addressed(blocks: readonly InheritedBlock[], key: string): InheritedBlock | undefined {
  const byId = blocks.find((b) => b.id === key);
  if (byId) return byId;
  const ofType = blocks.filter((b) => b.type === key);
  return ofType.length === 1 ? ofType[0] : undefined;
}

/** How a variant addresses a base block: its id, or its type when it is the only one of its type. */
/**
 * The answer's blocks with their editable texts: sent for the blocks whose part the app did not
 * hold, kept from before for the others. `held` is left with this render's texts only. Undefined
 * when a block's texts are neither sent nor held.
 */
function withTexts(
  sent: readonly PreviewDeltaBlock[],
  names: readonly string[],
  held: Map<string, Pick<RenderedBlock, 'texts' | 'media'>>,
): RenderedBlock[] | undefined {
  const blocks = sent.map((block, i) => (block.texts ? block : { ...block, ...held.get(names[i]!) }));
  if (blocks.some((block) => block.texts === undefined)) return undefined;
  held.clear();
  blocks.forEach((block, i) => held.set(names[i]!, { texts: block.texts!, media: block.media }));
  return blocks as RenderedBlock[];
}

function blockKey(block: RenderedBlock): string {
  // Without an id, a type shared by several blocks is ambiguous: the preview then shows the
  // runtime's own "ambiguous-block-id" problem with what to write instead.
  return block.id ?? block.type;
}
