/**
 * A publish conflict the author resolves (decision 30): per file, the author's version and the
 * published one side by side (@codemirror/merge's MergeView) with the differing chunks marked and
 * the first clash scrolled into view; a choice per chunk ("Usar a minha" / "Manter a publicada");
 * both versions and the merge rendered as pages. "Publicar esta junção" publishes exactly the
 * merged text; "Publicar a minha versão no lugar da publicada" replaces the published one, and the
 * commit message names whose version it replaced.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { css } from '@emotion/react';
import { MergeView } from '@codemirror/merge';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { yaml } from '@codemirror/lang-yaml';
import {
  EditorState,
  RangeSetBuilder,
  StateEffect,
  StateField,
  type Extension,
  type Text,
} from '@codemirror/state';
import { Decoration, EditorView, lineNumbers, type DecorationSet } from '@codemirror/view';
import { colors, fonts, radii } from '../../../../design/theme.ts';
import type { PublishConflict, PublishedVersion, PublishRequest } from '../../../api.ts';
import { api } from '../../shared/api-client.ts';
import { cspNonce } from '../../shared/csp-nonce.ts';
import {
  DIFF_CONFIG,
  mergeChunks,
  presetOf,
  resolveMerge,
  type MergeChunk,
  type Side,
} from './merge-chunks.ts';
import { PreviewFrame, type PreviewState } from '../../shared/preview-frame.tsx';
import { pathAt, type YamlPath } from '../../../yaml-paths.ts';
import { actionsCss, Button, Message } from '../../shared/ui.tsx';

type Conflict = PublishConflict['conflicts'][number];
type Resolved = NonNullable<PublishRequest['resolved']>;

/** "25/11/2026 14:03" in the reader's time zone. */
function when(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

const byWhom = (v: PublishedVersion | null | undefined) =>
  v ? `de ${v.name}, ${when(v.date)} (commit ${v.short})` : 'no repositório';

export function ConflictMerge({
  answer,
  busy,
  onKeepMine,
  onPublishMerge,
  onOpenFile,
}: {
  answer: PublishConflict;
  busy: boolean;
  /** "Publicar a minha versão no lugar da publicada". */
  onKeepMine: () => void;
  /** "Publicar esta junção": the merged text of every conflicting file. */
  onPublishMerge: (resolved: Resolved) => void;
  onOpenFile?: (file: string) => void;
}) {
  const files = useMemo(
    () =>
      answer.conflicts.map((c) => ({
        conflict: c,
        chunks: c.mine !== null && c.theirs !== null ? mergeChunks(c.mine, c.theirs, c.base) : null,
      })),
    [answer],
  );
  // A new conflict answer starts again from the presets.
  const [state, setState] = useState(() => ({
    answer,
    choices: files.map((f) => f.chunks?.map(presetOf) ?? []),
  }));
  const choices = state.answer === answer ? state.choices : files.map((f) => f.chunks?.map(presetOf) ?? []);
  const choose = (file: number, chunk: number, side: Side) =>
    setState({
      answer,
      choices: choices.map((list, i) => (i === file ? list.map((c, j) => (j === chunk ? side : c)) : list)),
    });

  const merged = files.map((f, i) =>
    f.chunks ? resolveMerge(f.conflict.mine!, f.conflict.theirs!, f.chunks, choices[i]!) : null,
  );
  const open = choices.reduce((n, list) => n + list.filter((c) => c === null).length, 0);
  const mergeable = files.every((f) => f.chunks !== null);
  const sameAsPublished = files.every((f, i) => merged[i] === f.conflict.theirs);

  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    top.current?.scrollIntoView({ block: 'start' });
  }, [answer]);

  return (
    <div ref={top} data-conflict-merge>
      <Message tone="error">{answer.error}</Message>
      {files.map((f, i) => (
        <FileMerge
          key={f.conflict.file}
          conflict={f.conflict}
          chunks={f.chunks}
          choices={choices[i]!}
          merged={merged[i] ?? null}
          onChoose={(chunk, side) => choose(i, chunk, side)}
        />
      ))}
      <p
        role="status"
        css={{ margin: '0 0 8px', fontWeight: 600, color: open > 0 ? colors.orangeHover : colors.navy }}
      >
        {!mergeable
          ? 'Uma das versões exclui o arquivo: não há trechos para juntar. Publique a sua no lugar da publicada, ou abra o arquivo.'
          : open > 0
            ? `Falta escolher a versão de ${open === 1 ? '1 trecho' : `${open} trechos`} que as duas pessoas mudaram.`
            : sameAsPublished
              ? 'Com estas escolhas, a junção é igual à versão publicada: não há nada a publicar.'
              : 'Junção pronta: publique para levá-la ao site.'}
      </p>
      <div css={[actionsCss, { marginBottom: 12, flexWrap: 'wrap' }]}>
        {onOpenFile && answer.conflicts[0] && (
          <Button onClick={() => onOpenFile(answer.conflicts[0]!.file)}>Abrir para juntar as duas</Button>
        )}
        <Button tone="danger" onClick={onKeepMine} disabled={busy}>
          Publicar a minha versão no lugar da publicada
        </Button>
        <Button
          tone="primary"
          disabled={busy || !mergeable || open > 0 || sameAsPublished}
          onClick={() =>
            onPublishMerge(
              files.map((f, i) => ({
                file: f.conflict.file,
                text: merged[i]!,
                against: f.conflict.published?.commit ?? null,
              })),
            )
          }
        >
          {busy ? 'Publicando…' : 'Publicar esta junção'}
        </Button>
      </div>
    </div>
  );
}

const fileCss = css`
  margin: 0 0 16px;
  h3 {
    font: 600 1rem/1.4 ${fonts.display};
    color: ${colors.navy};
    margin: 0 0 4px;
  }
  .sides {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 8px;
    font: 600 13px/1.4 ${fonts.display};
    color: ${colors.navy};
    margin: 8px 0 4px;
  }
  .sides span span {
    font: 400 12px/1.4 ${fonts.body};
    color: ${colors.muted};
    display: block;
  }
  .cm-mergeView {
    max-height: min(46vh, 420px);
    overflow: auto;
    border: 1px solid ${colors.line};
    border-radius: ${radii.sm};
  }
  .cm-editor {
    font-size: 12.5px;
  }
  /* A phone: the two columns take the dialog's whole width, in smaller type. */
  @media (max-width: 600px) {
    .cm-mergeView,
    .sides {
      margin-inline: -16px;
    }
    .cm-editor {
      font-size: 11px;
    }
    .cm-lineNumbers .cm-gutterElement {
      min-width: 2ch;
      padding: 0 2px;
    }
  }
  .cm-editor .cm-content {
    font-family: ui-monospace, Menlo, monospace;
  }
  /* Neither side is "deleted" or "inserted": one neutral mark in the gutter for both. */
  .cm-mergeView .cm-editor .cm-changedLineGutter {
    background: ${colors.orange};
  }
  .cm-mergeView .cm-editor .cm-changedText {
    background: linear-gradient(${colors.orange}, ${colors.orange}) bottom/100% 2px no-repeat;
  }
  .cm-editor .cm-collapsedLines {
    color: ${colors.muted};
    &::before,
    &::after {
      content: '⋯';
    }
  }
  /* Every differing chunk is marked on both sides; its number ties it to its choice below:
     orange while it waits for a choice, blue on the side kept, struck through on the other. */
  .cm-mergeView .cm-editor .cm-line.cm-trecho {
    background: ${colors.surfaceAlt};
  }
  .cm-mergeView .cm-editor .cm-line.cm-trecho-clash {
    background: ${colors.orangeLight};
  }
  .cm-mergeView .cm-editor .cm-line.cm-trecho-kept {
    background: ${colors.waterLight};
  }
  .cm-mergeView .cm-editor .cm-line.cm-trecho-dropped {
    text-decoration: line-through;
    text-decoration-color: ${colors.muted};
  }
  .cm-trecho[data-trecho]::after {
    content: 'Trecho ' attr(data-trecho);
    float: right;
    margin-left: 6px;
    padding: 0 6px;
    border-radius: ${radii.pill};
    background: ${colors.navy};
    color: ${colors.white};
    font: 600 11px/18px ${fonts.display};
    text-decoration: none;
  }
`;

const chunkListCss = css`
  list-style: none;
  margin: 8px 0 12px;
  padding: 0;
  display: grid;
  gap: 8px;
  fieldset {
    border: 1px solid ${colors.line};
    border-radius: ${radii.sm};
    padding: 6px 12px 10px;
    margin: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 6px 16px;
    align-items: center;
  }
  li[data-clash='true'] fieldset {
    border-color: ${colors.orange};
  }
  legend {
    padding: 0 4px;
    font-weight: 600;
    color: ${colors.navy};
  }
  legend span {
    font-weight: 400;
    color: ${colors.muted};
  }
  label {
    display: inline-flex;
    gap: 6px;
    align-items: center;
    cursor: pointer;
    min-height: 32px;
  }
  input {
    width: 18px;
    height: 18px;
  }
  button {
    margin-left: auto;
  }
`;

/** @codemirror/merge's own words, in Portuguese. */
const mergePhrases = EditorState.phrases.of({ '$ unchanged lines': '$ linhas iguais (clique para ver)' });

/** Line decorations of the chunks on one side: clash / kept / dropped, and the chunk's number. */
const setMarks = StateEffect.define<DecorationSet>();
const marksField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    for (const effect of tr.effects) if (effect.is(setMarks)) return effect.value;
    return marks.map(tr.changes);
  },
  provide: (field) => EditorView.decorations.from(field),
});

function marksFor(doc: Text, chunks: readonly MergeChunk[], choices: readonly (Side | null)[], side: Side) {
  const builder = new RangeSetBuilder<Decoration>();
  chunks.forEach((chunk, i) => {
    const from = side === 'mine' ? chunk.fromA : chunk.fromB;
    const to = side === 'mine' ? chunk.toA : chunk.toB;
    if (from === to) return;
    const choice = choices[i];
    const state = choice === null || choice === undefined ? 'clash' : choice === side ? 'kept' : 'dropped';
    const last = doc.lineAt(Math.min(to - 1, doc.length)).number;
    for (let n = doc.lineAt(from).number; n <= last; n++) {
      const line = doc.line(n);
      builder.add(
        line.from,
        line.from,
        Decoration.line({
          class: `cm-trecho cm-trecho-${state}`,
          attributes: line.from === from ? { 'data-trecho': String(i + 1) } : {},
        }),
      );
    }
  });
  return builder.finish();
}

const lines = (range: [number, number] | null) =>
  range === null ? 'nada' : range[0] === range[1] ? `linha ${range[0]}` : `linhas ${range[0]}–${range[1]}`;

/** "linha 2", or "na sua: linhas 4–5; na publicada: linha 4" when they differ. */
const where = (c: MergeChunk) =>
  c.linesA && c.linesB && c.linesA[0] === c.linesB[0] && c.linesA[1] === c.linesB[1]
    ? lines(c.linesA)
    : `na sua: ${lines(c.linesA)}; na publicada: ${lines(c.linesB)}`;

function FileMerge({
  conflict,
  chunks,
  choices,
  merged,
  onChoose,
}: {
  conflict: Conflict;
  chunks: MergeChunk[] | null;
  choices: (Side | null)[];
  merged: string | null;
  onChoose: (chunk: number, side: Side) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<MergeView | null>(null);
  const other = conflict.published?.name ?? 'a outra pessoa';
  // The chunk the pages below show: the first clash, then the one last shown or chosen.
  const [focus, setFocus] = useState(() =>
    Math.max(0, chunks?.findIndex((c) => c.changedBy === 'both') ?? 0),
  );

  useEffect(() => {
    if (!chunks || conflict.mine === null || conflict.theirs === null) return;
    const side = (label: string): Extension[] => [
      lineNumbers(),
      yaml(),
      syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
      EditorState.readOnly.of(true),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
      mergePhrases,
      marksField,
      ...(cspNonce ? [EditorView.cspNonce.of(cspNonce)] : []),
    ];
    const merge = new MergeView({
      a: { doc: conflict.mine, extensions: side(`A sua versão de ${conflict.file}`) },
      b: { doc: conflict.theirs, extensions: side(`A versão publicada de ${conflict.file}`) },
      parent: host.current!,
      highlightChanges: true,
      gutter: true,
      collapseUnchanged: { margin: 3, minSize: 6 },
      diffConfig: DIFF_CONFIG,
    });
    view.current = merge;
    // The merge view scrolls by itself: reachable by keyboard, and named.
    merge.dom.tabIndex = 0;
    merge.dom.setAttribute('role', 'group');
    merge.dom.setAttribute('aria-label', `A sua versão e a publicada de ${conflict.file}, lado a lado`);
    // The first clash (else the first difference) in view.
    const first = chunks.findIndex((c) => c.changedBy === 'both');
    const target = chunks[first >= 0 ? first : 0];
    if (target) {
      merge.a.dispatch({ effects: EditorView.scrollIntoView(target.fromA, { y: 'center' }) });
    }
    return () => {
      view.current = null;
      merge.destroy();
    };
  }, [conflict, chunks]);

  useEffect(() => {
    const merge = view.current;
    if (!merge || !chunks) return;
    merge.a.dispatch({ effects: setMarks.of(marksFor(merge.a.state.doc, chunks, choices, 'mine')) });
    merge.b.dispatch({ effects: setMarks.of(marksFor(merge.b.state.doc, chunks, choices, 'theirs')) });
  }, [chunks, choices]);

  /** Scrolls the merge view to chunk `i`; `reveal`: and the merge view into the dialog's view. */
  const show = (i: number, reveal = false) => {
    setFocus(i);
    const merge = view.current;
    const chunk = chunks?.[i];
    if (!merge || !chunk) return;
    const scroller = merge.dom;
    const block = merge.a.lineBlockAt(Math.min(chunk.fromA, merge.a.state.doc.length));
    const top =
      block.top + merge.a.documentTop - scroller.getBoundingClientRect().top + scroller.scrollTop - 40;
    scroller.scrollTo({ top: Math.max(0, top) });
    if (reveal) scroller.scrollIntoView({ block: 'nearest' });
  };

  const who = (c: MergeChunk) =>
    c.changedBy === 'both'
      ? conflict.base === null || conflict.base === undefined
        ? 'as versões diferem'
        : 'as duas pessoas mudaram'
      : c.changedBy === 'mine'
        ? 'só você mudou'
        : `só ${other} mudou`;

  return (
    <section css={fileCss} aria-label={`Juntar as versões de ${conflict.file}`}>
      <h3>{conflict.file}</h3>
      {chunks === null ? (
        <p>
          {conflict.mine === null
            ? 'A sua versão exclui este arquivo; a publicada o mudou.'
            : 'A versão publicada excluiu este arquivo; a sua o mudou.'}
        </p>
      ) : (
        <>
          <p css={{ margin: 0, color: colors.muted, fontSize: 14 }}>
            {chunks.length === 1 ? '1 trecho difere' : `${chunks.length} trechos diferem`} entre a sua versão
            e a publicada ({byWhom(conflict.published)}). Em cada um, escolha qual fica.
          </p>
          <div className="sides" aria-hidden="true">
            <span>
              A sua versão<span>salva aqui</span>
            </span>
            <span>
              A versão publicada<span>{byWhom(conflict.published)}</span>
            </span>
          </div>
          <div ref={host} />
          <ol css={chunkListCss} aria-label={`Trechos diferentes de ${conflict.file}`}>
            {chunks.map((c, i) => (
              <li key={`${c.fromA}-${c.fromB}`} data-clash={c.changedBy === 'both'}>
                <fieldset>
                  <legend>
                    Trecho {i + 1}{' '}
                    <span>
                      · {where(c)} · {who(c)}
                    </span>
                  </legend>
                  <label>
                    <input
                      type="radio"
                      name={`${conflict.file}-trecho-${i}`}
                      checked={choices[i] === 'mine'}
                      onChange={() => onChoose(i, 'mine')}
                      onFocus={() => show(i)}
                    />
                    Usar a minha
                  </label>
                  <label>
                    <input
                      type="radio"
                      name={`${conflict.file}-trecho-${i}`}
                      checked={choices[i] === 'theirs'}
                      onChange={() => onChoose(i, 'theirs')}
                      onFocus={() => show(i)}
                    />
                    Manter a publicada
                  </label>
                  <Button
                    tone="quiet"
                    onClick={() => show(i, true)}
                    aria-label={`Mostrar o trecho ${i + 1} no texto`}
                  >
                    Mostrar no texto
                  </Button>
                </fieldset>
              </li>
            ))}
          </ol>
          <Renders
            file={conflict.file}
            mine={conflict.mine!}
            theirs={conflict.theirs!}
            merged={merged}
            chunk={chunks[focus]}
            choice={choices[focus] ?? null}
          />
        </>
      )}
    </section>
  );
}

const rendersCss = css`
  summary {
    cursor: pointer;
    font: 600 14px/1.4 ${fonts.display};
    color: ${colors.navy};
    margin-bottom: 8px;
  }
  .frames {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
    gap: 12px;
  }
  .frame {
    height: 360px;
    display: flex;
    flex-direction: column;
  }
  .frame p {
    margin: 4px 0 0;
    font-size: 13px;
    color: ${colors.muted};
  }
`;

/**
 * The two versions and the merge as pages, at phone width, each scrolled to the block of `chunk`
 * (its block is outlined, as in the editor's preview).
 */
function Renders({
  file,
  mine,
  theirs,
  merged,
  chunk,
  choice,
}: {
  file: string;
  mine: string;
  theirs: string;
  merged: string | null;
  chunk: MergeChunk | undefined;
  choice: Side | null;
}) {
  const atMine = useMemo(() => (chunk ? pathAt(mine, chunk.fromA) : []), [mine, chunk]);
  const atTheirs = useMemo(() => (chunk ? pathAt(theirs, chunk.fromB) : []), [theirs, chunk]);
  return (
    <details open css={rendersCss}>
      <summary>As versões como página</summary>
      <div className="frames">
        <Render file={file} source={mine} label="A sua" at={atMine} />
        <Render file={file} source={theirs} label="A publicada" at={atTheirs} />
        <Render
          file={file}
          source={merged}
          label="A junção"
          at={choice === 'theirs' ? atTheirs : atMine}
          waiting="Escolha a versão de cada trecho para ver a junção."
        />
      </div>
    </details>
  );
}

function Render({
  file,
  source,
  label,
  at,
  waiting,
}: {
  file: string;
  source: string | null;
  label: string;
  /** Where in the page the chunk shown is: its block is outlined and scrolled to. */
  at: YamlPath;
  waiting?: string;
}) {
  const [state, setState] = useState<PreviewState>({ html: undefined, inherited: [], stale: false });
  const [blocks, setBlocks] = useState<{ file: string; path: YamlPath }[]>([]);
  const [problem, setProblem] = useState<string>();
  const selected = useMemo(() => {
    const index = blocks.findIndex((b) => b.file === file && b.path[0] === at[0] && b.path[1] === at[1]);
    return { index, scroll: true, seq: 0 };
  }, [blocks, file, at]);
  useEffect(() => {
    if (source === null) return;
    const abort = new AbortController();
    api.preview(file, source, abort.signal).then(
      (answer) => {
        if (answer.ok) {
          setState({ html: answer.html, inherited: [], stale: false });
          setBlocks(answer.blocks);
          setProblem(undefined);
        } else {
          setState((s) => ({ ...s, stale: true }));
          setProblem(answer.problems[0]?.message ?? 'Esta versão tem problemas.');
        }
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setProblem(error instanceof Error ? error.message : String(error));
      },
    );
    return () => abort.abort();
  }, [file, source]);
  return (
    <div className="frame" data-render={label}>
      {source === null ? (
        <p>
          <strong>{label}</strong>: {waiting}
        </p>
      ) : (
        <PreviewFrame width={375} label={label} state={state} selected={selected} onBlockClick={() => {}} />
      )}
      {problem && source !== null && <p role="status">A página não pôde ser mostrada: {problem}</p>}
    </div>
  );
}
