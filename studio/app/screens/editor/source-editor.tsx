/**
 * The YAML source editor: CodeMirror 6 with YAML highlighting, folding, search, undo, and two
 * kinds of problems underlined: the schema's, as you type (studio/app/screens/editor/yaml-language/, in a worker), and
 * the runtime's own located problems from the last preview (the words of `npm run check`), kept
 * in a state field that moves with the text until the next preview replaces them. Ctrl+S is not
 * bound here: the editor screen saves on it wherever the focus is (editor-screen.tsx).
 *
 * This module is the code view's chunk (CodeMirror's view, language, search, completion): the
 * editor loads it when the author first shows the code (editor-screen.tsx). The document it edits
 * was held until then by code-document.ts: the view opens on that state (text, cursor, undo
 * history, problems) and holds it from then on.
 */
import { useEffect, useRef } from 'react';
import { basicSetup } from 'codemirror';
import { historyField, redo, undo } from '@codemirror/commands';
import { linter } from '@codemirror/lint';
import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { css } from '@emotion/react';
import { colors, fonts } from '../../../../design/theme.ts';
import { cspNonce } from '../../shared/csp-nonce.ts';
import { runtimeField, setRuntimeProblems, type CodeDocument, type CodeView } from './code-document.ts';
import { editorExtensions } from './editor-extensions.ts';
import { portuguesePhrases } from './phrases.ts';
import { editorYaml } from './yaml-language/editor-yaml.ts';
import { treePathAt } from './yaml-language/tree-path.ts';

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
  document: doc,
  accepted,
}: {
  document: CodeDocument;
  /** The server's render found this text valid (or will say): the worker need not check it. */
  accepted: (text: string) => boolean | Promise<boolean>;
}) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opening = doc.opening;
    const state = EditorState.fromJSON(
      doc.codeMirrorJson(),
      {
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
          ...editorExtensions(accepted),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) doc.listeners.onChange(update.state.doc.toString());
            if (update.docChanged || update.selectionSet)
              doc.listeners.onCursor(
                update.state.selection.main.head,
                !update.docChanged && update.transactions.some((tr) => tr.isUserEvent('select.pointer')),
              );
          }),
        ],
      },
      { history: historyField, runtime: runtimeField },
    );
    const editor = new EditorView({
      parent: host.current!,
      state,
      // A place asked for before the view was there (a block clicked, a problem chosen).
      ...(opening.scroll
        ? { scrollTo: EditorView.scrollIntoView(opening.scroll.at, { y: opening.scroll.y }) }
        : {}),
    });
    const view: CodeView = {
      get state() {
        return editor.state;
      },
      dispatch: (spec) => editor.dispatch(spec),
      focus: () => editor.focus(),
      reveal(at) {
        editor.dispatch({
          selection: EditorSelection.cursor(at),
          effects: EditorView.scrollIntoView(at, { y: 'center' }),
        });
      },
      pathAt: (offset, parse) => treePathAt(editor.state, offset, parse ? undefined : { parse: false }),
      undo: () => undo(editor),
      redo: () => redo(editor),
    };
    doc.attach(view);
    if (opening.focus) editor.focus();
    return () => {
      doc.detach(view);
      editor.destroy();
    };
    // The view is created once per opened file (the document is the file's).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <div css={editorCss} ref={host} />;
}
