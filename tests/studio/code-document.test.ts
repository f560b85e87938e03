/**
 * The editor's document before the code is shown (studio/app/screens/editor/code-document.ts): the
 * page's text, cursor and undo history held without CodeMirror's view, which comes only with the
 * code. What an author sees must be what CodeMirror itself would have done: the same text after
 * every edit, undo and redo (the same steps joined: typing on the page within half a second is one
 * step), the same cursor told to the editor, and, when the code is shown, the view's history
 * carries on from there. Checked against @codemirror/commands' own history on random sequences.
 */
import { history, historyField, redo, undo } from '@codemirror/commands';
import { EditorSelection, EditorState, type TransactionSpec } from '@codemirror/state';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CodeDocument,
  runtimeField,
  setRuntimeProblems,
  toDiagnostics,
} from '../../studio/app/screens/editor/code-document.ts';

const PAGE = `route: /agendamento\ntitle: Agende\nblocks:\n  - type: hero\n    title: Gás hoje\n  - type: faq\n    items: []\n`;

/** What the old editor did: a CodeMirror state with the history, changed as its handle changed it. */
class Reference {
  state: EditorState;
  log: string[] = [];
  constructor(text: string) {
    this.state = EditorState.create({ doc: text, extensions: [history(), runtimeField] });
  }
  dispatch(spec: TransactionSpec | ReturnType<EditorState['update']>) {
    const tr = 'startState' in spec ? spec : this.state.update(spec);
    this.state = tr.state;
    if (tr.docChanged) this.log.push(`change ${tr.state.doc.length}`);
    if (tr.docChanged || tr.selection) this.log.push(`cursor ${tr.state.selection.main.head}`);
  }
  command(run: typeof undo) {
    run({ state: this.state, dispatch: (tr) => this.dispatch(tr) });
  }
}

/** A random sequence of the edits the editor makes, with pauses between them. */
function* operations(seed: number, count: number) {
  let x = seed;
  const rand = (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
  for (let i = 0; i < count; i++) {
    const kind = rand(9);
    yield {
      kind,
      a: rand(1000),
      b: rand(1000),
      c: rand(1000),
      words: ['x', 'Gás', '', 'abc\n  - '][rand(4)]!,
      pause: [0, 40, 300, 700][rand(4)]!,
    };
  }
}

describe('the document before the code is shown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) {
    it(`does what CodeMirror does, edit for edit (sequence ${seed})`, () => {
      const doc = new CodeDocument(PAGE);
      const ref = new Reference(PAGE);
      const log: string[] = [];
      doc.listen({
        onChange: (text) => log.push(`change ${text.length}`),
        onCursor: (offset) => log.push(`cursor ${offset}`),
      });
      for (const op of operations(seed, 80)) {
        const length = ref.state.doc.length;
        const from = op.a % (length + 1);
        const to = Math.min(length, from + (op.b % 6));
        switch (op.kind) {
          case 0:
          case 1:
          case 2: // a keystroke typed on the page, or a form's edit
            doc.change(from, to, op.words, op.kind !== 2);
            ref.dispatch({
              changes: { from, to, insert: op.words },
              userEvent: op.kind !== 2 ? 'delete.inline' : 'input.form',
            });
            break;
          case 3: {
            const cursor = from + op.words.length;
            doc.edit(from, to, op.words, cursor);
            ref.dispatch({
              changes: { from, to, insert: op.words },
              selection: EditorSelection.cursor(cursor),
              scrollIntoView: true,
              userEvent: 'input',
            });
            break;
          }
          case 4:
            doc.moveTo(op.c);
            ref.dispatch({ selection: EditorSelection.cursor(Math.min(op.c, length)), scrollIntoView: true });
            break;
          case 5:
            doc.reveal(from);
            ref.dispatch({ selection: EditorSelection.cursor(from) });
            break;
          case 6:
          case 7:
            doc.undo();
            ref.command(undo);
            break;
          case 8:
            if (op.c % 5 === 0) {
              const text = PAGE.replace('Agende', `Agende ${op.c}`);
              doc.replaceAll(text);
              ref.dispatch({ changes: { from: 0, to: length, insert: text }, userEvent: 'input' });
            } else {
              doc.redo();
              ref.command(redo);
            }
            break;
        }
        expect(doc.text()).toBe(ref.state.doc.toString());
        vi.advanceTimersByTime(op.pause);
      }
      expect(log).toEqual(ref.log);

      // The code shown: the view's state takes the history, and undo and redo go on as they would have.
      const opened = EditorState.fromJSON(
        doc.codeMirrorJson(),
        { extensions: [history(), runtimeField] },
        { history: historyField, runtime: runtimeField },
      );
      expect(opened.doc.toString()).toBe(ref.state.doc.toString());
      expect(opened.selection.main.head).toBe(ref.state.selection.main.head);
      let state = opened;
      const steps: string[] = [];
      const refSteps: string[] = [];
      for (const run of [undo, undo, undo, undo, undo, redo, redo, undo, redo, redo, redo]) {
        run({ state, dispatch: (tr) => (state = tr.state) });
        ref.command(run);
        steps.push(`${state.doc.toString()}|${state.selection.main.head}`);
        refSteps.push(`${ref.state.doc.toString()}|${ref.state.selection.main.head}`);
      }
      expect(steps).toEqual(refSteps);
    });
  }

  it("keeps the preview's problems on their text, and the code opens with them", () => {
    const doc = new CodeDocument(PAGE);
    doc.setProblems([{ line: 5, column: 16, endColumn: 20, message: 'Título curto demais' }]);
    doc.change(0, 0, '# rascunho\n');
    const ref = new Reference(PAGE);
    ref.dispatch({
      effects: setRuntimeProblems.of(
        toDiagnostics(ref.state, [{ line: 5, column: 16, endColumn: 20, message: 'Título curto demais' }]),
      ),
    });
    ref.dispatch({ changes: { from: 0, insert: '# rascunho\n' }, userEvent: 'input.form' });
    const opened = EditorState.fromJSON(
      doc.codeMirrorJson(),
      { extensions: [history(), runtimeField] },
      { history: historyField, runtime: runtimeField },
    );
    expect(opened.field(runtimeField)).toEqual(ref.state.field(runtimeField));
    const [problem] = opened.field(runtimeField);
    expect(opened.doc.sliceString(problem!.from, problem!.to)).toBe('hoje');
  });

  it('joins the keystrokes typed on the page into one step, as the code view does', () => {
    const doc = new CodeDocument(PAGE);
    const at = PAGE.indexOf('hoje') + 4;
    for (const [i, letter] of [...' agora'].entries()) {
      doc.change(at + i, at + i, letter, true);
      vi.advanceTimersByTime(100);
    }
    expect(doc.text()).toContain('Gás hoje agora');
    doc.undo();
    expect(doc.text()).toBe(PAGE);
    doc.redo();
    expect(doc.text()).toContain('Gás hoje agora');
  });
});
