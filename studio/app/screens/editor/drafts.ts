/**
 * Unsaved work kept in the browser (localStorage), per page file, so a closed tab or a crashed
 * browser loses nothing: written as the author types, removed when the file is saved or the
 * draft discarded. Storage that throws (private mode, full) only loses this safety net.
 *
 * A draft is kept as a text written once (its base, under a key of its own) and the changes made
 * to it at each pause in the typing since. Written whole at every pause, a 200-block page's draft
 * was 200 KB: a main-thread task of 15–40 ms, which often fell on the author's next keystroke. A
 * pause now writes the list of changes, a few dozen bytes for a word typed; the base is written
 * again (the draft's whole text) only when the list grows long, when most of the text changed, or
 * when another tab replaced it.
 */
import { sourceChange } from '../../shared/source-change.ts';

export interface Draft {
  source: string;
  /** The version of the file the draft was started from. */
  version: string;
  savedAt: number;
}

const key = (file: string) => `estudio:rascunho:${file}`;
/** A draft's base: `<id>\n<text>` (no JSON: written and read as it is). */
const baseKey = (file: string) => `estudio:rascunho-base:${file}`;

/** One change to the text before it: [from, to, insert] (source-change.ts). */
type Change = [number, number, string];

/** A draft as stored: whole, or its base's id and the changes made to the base since. */
type Stored = Omit<Draft, 'source'> & ({ source: string } | { base: string; changes: Change[] });

/** Past this many changes, or this many characters of them, the base is written anew. */
const MOST_CHANGES = 100;
const MOST_CHANGED_CHARS = 16_000;

/** Per file, what this tab last wrote as a base and changes: the next pause adds one change. */
const chains = new Map<string, { id: string; last: string; changes: Change[]; chars: number }>();

/** The text of the base `id` in a stored base (`<id>\n<text>`), if it is that one. */
function baseText(stored: string | null, id: string): string | undefined {
  const head = `${id}\n`;
  return stored?.startsWith(head) ? stored.slice(head.length) : undefined;
}

/** The text of the base `id`, if the stored base is that one (another tab may have replaced it). */
function storedBase(file: string, id: string): string | undefined {
  return baseText(localStorage.getItem(baseKey(file)), id);
}

/** The keys a file's draft is stored under: the draft, and its base. */
export const draftKeys = (file: string) => ({ draft: key(file), base: baseKey(file) });

export function readDraft(file: string): Draft | undefined {
  flushDraft(file);
  try {
    return storedDraft(localStorage.getItem(key(file)), localStorage.getItem(baseKey(file)));
  } catch {
    return undefined;
  }
}

/**
 * The draft that a file's two stored entries hold (`draftKeys`): stored whole (as before bases
 * were kept), or its base's text with the changes since made to it. Undefined when there is none
 * or its base is not there any more (a draft is never rebuilt on another text).
 */
export function storedDraft(entry: string | null, base: string | null): Draft | undefined {
  const draft = entry
    ? (JSON.parse(entry) as { [K in keyof Draft | 'base' | 'changes']?: unknown } | null)
    : undefined;
  if (typeof draft?.version !== 'string') return undefined;
  const kept = { version: draft.version, savedAt: Number(draft.savedAt) || 0 };
  if (typeof draft.source === 'string') return { source: draft.source, ...kept };
  if (typeof draft.base !== 'string' || !Array.isArray(draft.changes)) return undefined;
  let text = baseText(base, draft.base);
  for (const change of draft.changes as unknown[]) {
    if (text === undefined) break;
    text = applied(text, change);
  }
  return text === undefined ? undefined : { source: text, ...kept };
}

/** `text` with a stored change made, or undefined if the change does not fit it. */
function applied(text: string, change: unknown): string | undefined {
  if (!Array.isArray(change)) return undefined;
  const [from, to, insert] = change as unknown[];
  const at = (n: unknown, least: number): n is number =>
    Number.isInteger(n) && (n as number) >= least && (n as number) <= text.length;
  if (!at(from, 0) || !at(to, from) || typeof insert !== 'string') return undefined;
  return text.slice(0, from) + insert + text.slice(to);
}

export function writeDraft(file: string, draft: Draft): void {
  try {
    const chain = chains.get(file);
    const change =
      chain && storedBase(file, chain.id) !== undefined ? sourceChange(chain.last, draft.source) : undefined;
    if (
      chain &&
      change &&
      chain.changes.length < MOST_CHANGES &&
      chain.chars + change.insert.length < MOST_CHANGED_CHARS
    ) {
      if (change.from !== change.to || change.insert !== '') {
        chain.changes.push([change.from, change.to, change.insert]);
        chain.chars += change.insert.length;
      }
      chain.last = draft.source;
    } else {
      // A new base: the draft's whole text.
      const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
      chains.delete(file);
      localStorage.setItem(baseKey(file), `${id}\n${draft.source}`);
      chains.set(file, { id, last: draft.source, changes: [], chars: 0 });
    }
    const { id, changes } = chains.get(file)!;
    const stored: Stored = { version: draft.version, savedAt: draft.savedAt, base: id, changes };
    localStorage.setItem(key(file), JSON.stringify(stored));
  } catch {
    // No room for a base beside what is stored: the draft alone, whole.
    chains.delete(file);
    try {
      localStorage.removeItem(baseKey(file));
      localStorage.setItem(key(file), JSON.stringify(draft));
    } catch {
      // No storage: the draft lives only in the open tab.
    }
  }
}

/**
 * The draft written once typing pauses (writing it on every keystroke would slow typing), and at
 * once when the tab is hidden or closed.
 */
const pending = new Map<string, { draft: Draft; timer: number }>();
const DRAFT_PAUSE_MS = 300;

export function writeDraftSoon(file: string, draft: Draft): void {
  window.clearTimeout(pending.get(file)?.timer);
  pending.set(file, { draft, timer: window.setTimeout(() => flushDraft(file), DRAFT_PAUSE_MS) });
}

function flushDraft(file: string): void {
  const waiting = pending.get(file);
  if (!waiting) return;
  pending.delete(file);
  window.clearTimeout(waiting.timer);
  writeDraft(file, waiting.draft);
}

export function flushDrafts(): void {
  for (const file of [...pending.keys()]) flushDraft(file);
}
if (typeof window !== 'undefined') {
  addEventListener('pagehide', flushDrafts);
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushDrafts();
  });
}

/**
 * No draft for `file` any more. `keepBase`: the text is back to the file's (the typing undone):
 * the base stays, and the next draft is its changes again (written anew it would cost what the
 * changes save); a save or a discarded draft removes it.
 */
export function clearDraft(file: string, keepBase = false): void {
  window.clearTimeout(pending.get(file)?.timer);
  pending.delete(file);
  if (!keepBase) chains.delete(file);
  try {
    localStorage.removeItem(key(file));
    if (!keepBase) localStorage.removeItem(baseKey(file));
  } catch {
    // Nothing stored.
  }
}
