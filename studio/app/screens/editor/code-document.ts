/**
 * The page's YAML as the editor holds it: the document every part of the editor reads and writes
 * (the form, the structure, edits on the page, undo and redo, the draft and the conflict), with
 * or without the code view on screen.
 *
 * The code view (CodeMirror's view, its language, search, completion: one 339 KB chunk) is loaded
 * only when the author first shows the code (source-editor.tsx). Until then the document is an
 * `@codemirror/state` EditorState with the same undo history CodeMirror keeps: `history` below is
 * the part of @codemirror/commands' history the editor uses (changes, selections, undo, redo; no
 * effects, no unrecorded changes), copied because that package's module also holds the view's
 * keymaps and would bring the view with it. When the view opens it takes this state whole (its
 * text, cursor, undo history and the preview's problems) through the history's JSON form, which is
 * @codemirror/commands' own (`codeMirrorJson`); from then on every call goes to the view.
 */
import {
  Annotation,
  type ChangeSet,
  EditorSelection,
  EditorState,
  StateEffect,
  StateField,
  Transaction,
  type ChangeSpec,
  type TransactionSpec,
} from '@codemirror/state';
import type { Diagnostic } from '@codemirror/lint';
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

/** What the code view does for the document once it is open (source-editor.tsx). */
export interface CodeView {
  state: EditorState;
  dispatch(spec: TransactionSpec): void;
  focus(): void;
  /** Moves the cursor to an offset and scrolls it to the middle of the view. */
  reveal(at: number): void;
  pathAt(offset: number, parse: boolean): YamlPath | undefined;
  undo(): void;
  redo(): void;
}

export interface DocumentListeners {
  onChange(text: string): void;
  /** The caret moved; `clicked`: put by the pointer, no text changed (the block is chosen at once). */
  onCursor(offset: number, clicked: boolean): void;
}

export const setRuntimeProblems = StateEffect.define<Diagnostic[]>();

/** The runtime's diagnostics, mapped through edits so they stay on their text until replaced. */
export const runtimeField = StateField.define<Diagnostic[]>({
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
  toJSON: (value) => value,
  fromJSON: (json: Diagnostic[]) => json,
});

export function toDiagnostics(state: EditorState, problems: readonly RuntimeProblem[]): Diagnostic[] {
  return problems.map((p) => {
    const line = state.doc.line(Math.min(Math.max(p.line, 1), state.doc.lines));
    const from = Math.min(line.from + Math.max(p.column - 1, 0), line.to);
    const to = p.endColumn ? Math.min(line.from + p.endColumn - 1, line.to) : line.to;
    return { from, to: Math.max(to, from), severity: 'error', source: 'Fillgás', message: p.message };
  });
}

// --- The undo history: @codemirror/commands 6.11's history (MIT, Marijn Haverbeke), the editor's part.

class HistEvent {
  constructor(
    readonly changes: ChangeSet | undefined,
    readonly startSelection: EditorSelection | undefined,
    readonly selectionsAfter: readonly EditorSelection[],
  ) {}
  setSelAfter(after: readonly EditorSelection[]) {
    return new HistEvent(this.changes, this.startSelection, after);
  }
  toJSON() {
    return {
      changes: this.changes?.toJSON(),
      startSelection: this.startSelection?.toJSON(),
      selectionsAfter: this.selectionsAfter.map((s) => s.toJSON()),
    };
  }
  static fromTransaction(tr: Transaction, selection?: EditorSelection) {
    if (tr.changes.empty) return null;
    return new HistEvent(tr.changes.invert(tr.startState.doc), selection || tr.startState.selection, []);
  }
}

const MIN_DEPTH = 100;
const NEW_GROUP_DELAY = 500;

function updateBranch(branch: readonly HistEvent[], to: number, maxLen: number, event: HistEvent) {
  const start = to + 1 > maxLen + 20 ? to - maxLen - 1 : 0;
  const next = branch.slice(start, to);
  next.push(event);
  return next;
}

function isAdjacent(a: ChangeSet, b: ChangeSet) {
  const ranges: number[] = [];
  let adjacent = false;
  a.iterChangedRanges((f, t) => ranges.push(f, t));
  b.iterChangedRanges((_f, _t, f, t) => {
    for (let i = 0; i < ranges.length;) {
      const from = ranges[i++]!;
      const to = ranges[i++]!;
      if (t >= from && f <= to) adjacent = true;
    }
  });
  return adjacent;
}

function addSelection(branch: readonly HistEvent[], selection: EditorSelection): readonly HistEvent[] {
  if (!branch.length) return [new HistEvent(undefined, undefined, [selection])];
  const last = branch[branch.length - 1]!;
  const sels = last.selectionsAfter.slice(Math.max(0, last.selectionsAfter.length - 200));
  if (sels.length && sels[sels.length - 1]!.eq(selection)) return branch;
  sels.push(selection);
  return updateBranch(branch, branch.length - 1, 1e9, last.setSelAfter(sels));
}

/** Marks undo and redo, with what the other branch gets. */
const fromHistory = Annotation.define<{
  side: 0 | 1;
  rest: readonly HistEvent[];
  selection: EditorSelection;
}>();

const joinableUserEvent = /^(input\.type|delete)($|\.)/;

class HistoryState {
  constructor(
    readonly done: readonly HistEvent[],
    readonly undone: readonly HistEvent[],
    readonly prevTime = 0,
    readonly prevUserEvent: string | undefined = undefined,
  ) {}
  addChanges(event: HistEvent, time: number, userEvent: string | undefined) {
    let done = this.done;
    const last = done[done.length - 1];
    if (
      last &&
      last.changes &&
      !last.changes.empty &&
      event.changes &&
      (!userEvent || joinableUserEvent.test(userEvent)) &&
      ((!last.selectionsAfter.length &&
        time - this.prevTime < NEW_GROUP_DELAY &&
        isAdjacent(last.changes, event.changes)) ||
        userEvent == 'input.type.compose')
    ) {
      done = updateBranch(
        done,
        done.length - 1,
        MIN_DEPTH,
        new HistEvent(event.changes.compose(last.changes), last.startSelection, []),
      );
    } else {
      done = updateBranch(done, done.length, MIN_DEPTH, event);
    }
    return new HistoryState(done, [], time, userEvent);
  }
  addSelection(selection: EditorSelection, time: number, userEvent: string | undefined) {
    const last = this.done.length ? this.done[this.done.length - 1]!.selectionsAfter : [];
    if (
      last.length > 0 &&
      time - this.prevTime < NEW_GROUP_DELAY &&
      userEvent == this.prevUserEvent &&
      userEvent &&
      /^select($|\.)/.test(userEvent) &&
      sameShape(last[last.length - 1]!, selection)
    )
      return this;
    return new HistoryState(addSelection(this.done, selection), this.undone, time, userEvent);
  }
  pop(side: 0 | 1, state: EditorState): Transaction | null {
    const branch = side == 0 ? this.done : this.undone;
    if (branch.length == 0) return null;
    const event = branch[branch.length - 1]!;
    const selection =
      event.selectionsAfter[0] ||
      (event.startSelection ? event.startSelection.map(event.changes!.invertedDesc, 1) : state.selection);
    if (!event.changes) return null;
    const rest = branch.length == 1 ? [] : branch.slice(0, branch.length - 1);
    return state.update({
      changes: event.changes,
      selection: event.startSelection,
      annotations: fromHistory.of({ side, rest, selection }),
      filter: false,
      userEvent: side == 0 ? 'undo' : 'redo',
      scrollIntoView: true,
    });
  }
  toJSON() {
    return { done: this.done.map((e) => e.toJSON()), undone: this.undone.map((e) => e.toJSON()) };
  }
}

function sameShape(a: EditorSelection, b: EditorSelection) {
  return a.ranges.length == b.ranges.length && a.ranges.every((r, i) => r.empty == b.ranges[i]!.empty);
}

/** The history as a state field: what @codemirror/commands' `historyField` holds, for the same transactions. */
const historyField = StateField.define<HistoryState>({
  create: () => new HistoryState([], []),
  update(state, tr) {
    const fromHist = tr.annotation(fromHistory);
    if (fromHist) {
      const item = HistEvent.fromTransaction(tr, fromHist.selection);
      const from = fromHist.side;
      let other = from == 0 ? state.undone : state.done;
      if (item) other = updateBranch(other, other.length, MIN_DEPTH, item);
      else other = addSelection(other, tr.startState.selection);
      return new HistoryState(from == 0 ? fromHist.rest : other, from == 0 ? other : fromHist.rest);
    }
    const event = HistEvent.fromTransaction(tr);
    const time = tr.annotation(Transaction.time)!;
    const userEvent = tr.annotation(Transaction.userEvent);
    if (event) return state.addChanges(event, time, userEvent);
    if (tr.selection) return state.addSelection(tr.startState.selection, time, userEvent);
    return state;
  },
  toJSON: (state) => state.toJSON(),
});

/** Where the view, when it opens, scrolls to: as CodeMirror keeps a scroll asked for while hidden. */
interface ScrollWish {
  at: number;
  y: 'nearest' | 'center';
}

/**
 * The document: the state above until the code view opens (`attach`), then the view's. Every edit
 * goes through `dispatch`, which tells the listeners what the view's update listener tells them.
 */
export class CodeDocument implements SourceEditorHandle {
  private state: EditorState;
  private view: CodeView | undefined;
  private scroll: ScrollWish | undefined;
  private focusWanted = false;
  private shown = false;
  listeners: DocumentListeners = { onChange: () => {}, onCursor: () => {} };

  /** The editor's callbacks, as of its last render. */
  listen(listeners: DocumentListeners) {
    this.listeners = listeners;
  }
  /** Whether the code's pane is on screen (the view is being loaded for it): a focus asked then waits for it. */
  show(shown: boolean) {
    this.shown = shown;
    if (!shown) this.focusWanted = false;
  }

  constructor(text: string) {
    this.state = EditorState.create({ doc: text, extensions: [historyField, runtimeField] });
  }

  private dispatch(spec: TransactionSpec) {
    if (this.view) return this.view.dispatch(spec);
    const tr = this.state.update(spec);
    this.apply(tr);
  }
  private apply(tr: Transaction) {
    this.state = tr.state;
    if (this.scroll) this.scroll = { ...this.scroll, at: tr.changes.mapPos(this.scroll.at) };
    if (tr.scrollIntoView) this.scroll = { at: tr.state.selection.main.head, y: 'nearest' };
    if (tr.docChanged) this.listeners.onChange(tr.state.doc.toString());
    if (tr.docChanged || tr.selection) this.listeners.onCursor(tr.state.selection.main.head, false);
  }

  text() {
    return (this.view?.state ?? this.state).doc.toString();
  }
  pathAt(offset: number) {
    return this.view?.pathAt(offset, true);
  }
  parsedPathAt(offset: number) {
    return this.view?.pathAt(offset, false);
  }
  private get doc() {
    return (this.view?.state ?? this.state).doc;
  }
  moveTo(offset: number) {
    const at = Math.min(offset, this.doc.length);
    this.dispatch({ selection: EditorSelection.cursor(at), scrollIntoView: true });
    this.focus();
  }
  reveal(offset: number) {
    const at = Math.min(offset, this.doc.length);
    if (this.view) return this.view.reveal(at);
    this.apply(this.state.update({ selection: EditorSelection.cursor(at) }));
    this.scroll = { at, y: 'center' };
  }
  edit(from: number, to: number, insert: string, cursor: number) {
    this.dispatch({
      changes: { from, to, insert },
      selection: EditorSelection.cursor(cursor),
      scrollIntoView: true,
      userEvent: 'input',
    });
    this.focus();
  }
  replaceAll(text: string) {
    this.dispatch({ changes: { from: 0, to: this.doc.length, insert: text }, userEvent: 'input' });
  }
  change(from: number, to: number, insert: string, typing = false) {
    // CodeMirror's history joins adjacent `input.type` and `delete` events made within half a
    // second. `input.type` would also open completion at the source's own cursor, far from
    // the text typed in the page: the page's keystrokes are `delete.inline` for the history.
    const changes: ChangeSpec = { from, to, insert };
    this.dispatch({ changes, userEvent: typing ? 'delete.inline' : 'input.form' });
  }
  focus() {
    if (this.view) this.view.focus();
    else if (this.shown) this.focusWanted = true;
  }
  undo() {
    if (this.view) return this.view.undo();
    const tr = this.state.field(historyField).pop(0, this.state);
    if (tr) this.apply(tr);
  }
  redo() {
    if (this.view) return this.view.redo();
    const tr = this.state.field(historyField).pop(1, this.state);
    if (tr) this.apply(tr);
  }
  /** The last preview's problems, underlined in the code (kept on their text as it changes). */
  setProblems(problems: readonly RuntimeProblem[]) {
    const state = this.view?.state ?? this.state;
    this.dispatch({ effects: setRuntimeProblems.of(toDiagnostics(state, problems)) });
  }

  /**
   * The state as @codemirror/commands' JSON (`EditorState.fromJSON(json, config, fields)`, with
   * `history: historyField` and `runtime: runtimeField`): what the view opens on.
   */
  codeMirrorJson() {
    return this.state.toJSON({ history: historyField, runtime: runtimeField }) as Record<string, unknown>;
  }
  /** The scroll asked for while the view was not there, and whether it should take the focus. */
  get opening() {
    return { scroll: this.scroll, focus: this.focusWanted };
  }
  /** From now on the view holds the document. */
  attach(view: CodeView) {
    this.view = view;
    this.scroll = undefined;
    this.focusWanted = false;
  }
  /** The view closed (the editor with it): the text stays readable, its history does not come back. */
  detach(view: CodeView) {
    if (this.view !== view) return;
    this.state = EditorState.create({
      doc: view.state.doc,
      selection: view.state.selection,
      extensions: [historyField, runtimeField],
    });
    this.view = undefined;
  }
}
