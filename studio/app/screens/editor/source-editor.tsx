/**
 * The YAML source editor: CodeMirror 6 with YAML highlighting, folding, search, undo, and two
 * kinds of problems underlined: the schema's, as you type (studio/app/screens/editor/yaml-language/, in a worker), and
 * the runtime's own located problems from the last preview (the words of `npm run check`), kept
 * in a state field that moves with the text until the next preview replaces them. Ctrl+S is not
 * bound here: the editor screen saves on it wherever the focus is (editor-screen.tsx).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { basicSetup } from 'codemirror';
import { redo, undo } from '@codemirror/commands';
import { linter, type Diagnostic } from '@codemirror/lint';
import { EditorSelection, EditorState, StateEffect, StateField, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { css } from '@emotion/react';
import { colors, fonts } from '../../../../design/theme.ts';
import { cspNonce } from '../../shared/csp-nonce.ts';
import { portuguesePhrases } from './phrases.ts';
import { editorYaml } from './yaml-language/editor-yaml.ts';
import { treePathAt } from './yaml-language/tree-path.ts';
import type { YamlPath } from '../../../yaml-paths.ts';

export interface RuntimeProblem {
  line: number;
  column: number;
  endColumn?: number;
  message: string;
}

export interface SourceEditorHandle {
  text(): string;
  /** The YAML path under an offset, from the editor's syntax tree (undefined when not parsed that far). */
  pathAt(offset: number): YamlPath | undefined;
  /** The same from the tree as parsed already, nothing parsed for it (undefined when it falls short). */
  parsedPathAt(offset: number): YamlPath | undefined;
  /** Moves the cursor (and the view) to an offset and focuses the editor. */
  moveTo(offset: number): void;
  /** Moves the cursor to an offset and scrolls the code to it; the focus stays where it is. */
  reveal(offset: number): void;
  /** Applies a text edit as one undoable step and puts the cursor at `cursor`. */
  edit(from: number, to: number, insert: string, cursor: number): void;
  /** Replaces the whole text (an undoable step). */
  replaceAll(text: string): void;
  /**
   * A change from the form: one undoable step; the cursor and the focus stay where they are.
   * `typing`: a keystroke in the preview's page, joined with the ones just before into one step,
   * as typing in the source is.
   */
  change(from: number, to: number, insert: string, typing?: boolean): void;
  focus(): void;
  /** The editor's own undo and redo (the preview's Ctrl+Z and Ctrl+Y); the focus stays where it is. */
  undo(): void;
  redo(): void;
}

const setRuntimeProblems = StateEffect.define<Diagnostic[]>();

/** The runtime's diagnostics, mapped through edits so they stay on their text until replaced. */
const runtimeField = StateField.define<Diagnostic[]>({
  create: () => [],
  update(value, tr) {
    for (const effect of tr.effects) if (effect.is(setRuntimeProblems)) return effect.value;
    if (!tr.docChanged) return value;
    return value.map((d) => ({
      ...d,
      from: tr.changes.mapPos(d.from),
      to: Math.max(tr.changes.mapPos(d.from), tr.changes.mapPos(d.to)),
    }));
  },
});

function toDiagnostics(state: EditorState, problems: readonly RuntimeProblem[]): Diagnostic[] {
  return problems.map((p) => {
    const line = state.doc.line(Math.min(Math.max(p.line, 1), state.doc.lines));
    const from = Math.min(line.from + Math.max(p.column - 1, 0), line.to);
    const to = p.endColumn ? Math.min(line.from + p.endColumn - 1, line.to) : line.to;
    return { from, to: Math.max(to, from), severity: 'error', source: 'Fillgás', message: p.message };
  });
}

const editorCss = css`
  height: 100%;
  min-height: 0;
  min-width: 0;
  overflow: hidden;
  .cm-editor {
    height: 100%;
    font-size: 14px;
  }
  .cm-editor.cm-focused {
    outline: 3px solid ${colors.focus};
    outline-offset: -3px;
  }
  .cm-scroller {
    font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
    line-height: 1.55;
  }
  .cm-tooltip {
    font-family: ${fonts.body};
    max-width: 480px;
  }
`;

export function SourceEditor({
  initial,
  problems,
  onChange,
  onCursor,
  extensions = [],
  handleRef,
}: {
  initial: string;
  problems: readonly RuntimeProblem[];
  onChange: (text: string) => void;
  /** The caret moved; `clicked`: put by the pointer, no text changed (the block is chosen at once). */
  onCursor: (offset: number, clicked: boolean) => void;
  extensions?: Extension[];
  handleRef: { current: SourceEditorHandle | null };
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The callbacks change on every render; the editor reads the latest through a ref.
  const callbacks = useRef({ onChange, onCursor });
  useLayoutEffect(() => {
    callbacks.current = { onChange, onCursor };
  });

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: initial,
        extensions: [
          basicSetup,
          editorYaml(),
          portuguesePhrases,
          EditorView.lineWrapping,
          // Hosted, the CSP admits CodeMirror's style element only with the page's nonce.
          ...(cspNonce ? [EditorView.cspNonce.of(cspNonce)] : []),
          EditorView.contentAttributes.of({ 'aria-label': 'Código YAML da página' }),
          runtimeField,
          linter((v) => v.state.field(runtimeField), {
            delay: 0,
            // Re-run when a preview brings new problems, not only when the text changes.
            needsRefresh: (update) =>
              update.transactions.some((tr) => tr.effects.some((e) => e.is(setRuntimeProblems))),
          }),
          ...extensions,
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
            if (update.docChanged || update.selectionSet)
              callbacks.current.onCursor(
                update.state.selection.main.head,
                !update.docChanged && update.transactions.some((tr) => tr.isUserEvent('select.pointer')),
              );
          }),
        ],
      }),
    });
    view.current = editor;
    handleRef.current = {
      text: () => editor.state.doc.toString(),
      pathAt: (offset) => treePathAt(editor.state, offset),
      parsedPathAt: (offset) => treePathAt(editor.state, offset, { parse: false }),
      moveTo(offset) {
        const at = Math.min(offset, editor.state.doc.length);
        editor.dispatch({ selection: EditorSelection.cursor(at), scrollIntoView: true });
        editor.focus();
      },
      reveal(offset) {
        const at = Math.min(offset, editor.state.doc.length);
        editor.dispatch({
          selection: EditorSelection.cursor(at),
          effects: EditorView.scrollIntoView(at, { y: 'center' }),
        });
      },
      edit(from, to, insert, cursor) {
        editor.dispatch({
          changes: { from, to, insert },
          selection: EditorSelection.cursor(cursor),
          scrollIntoView: true,
          userEvent: 'input',
        });
        editor.focus();
      },
      replaceAll(text) {
        editor.dispatch({
          changes: { from: 0, to: editor.state.doc.length, insert: text },
          userEvent: 'input',
        });
      },
      change(from, to, insert, typing = false) {
        // CodeMirror's history joins adjacent `input.type` and `delete` events made within half a
        // second. `input.type` would also open completion at the source's own cursor, far from
        // the text typed in the page: the page's keystrokes are `delete.inline` for the history.
        editor.dispatch({
          changes: { from, to, insert },
          userEvent: typing ? 'delete.inline' : 'input.form',
        });
      },
      focus: () => editor.focus(),
      undo: () => undo(editor),
      redo: () => redo(editor),
    };
    return () => {
      handleRef.current = null;
      editor.destroy();
    };
    // The editor is created once per opened file; `initial` changes only with a new file (key).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch({ effects: setRuntimeProblems.of(toDiagnostics(editor.state, problems)) });
  }, [problems]);

  return <div css={editorCss} ref={host} />;
}
