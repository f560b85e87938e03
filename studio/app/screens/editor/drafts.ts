/**
 * Unsaved work kept in the browser (localStorage), per page file, so a closed tab or a crashed
 * browser loses nothing: written as the author types, removed when the file is saved or the
 * draft discarded. Storage that throws (private mode, full) only loses this safety net.
 */
export interface Draft {
  source: string;
  /** The version of the file the draft was started from. */
  version: string;
  savedAt: number;
}

const key = (file: string) => `estudio:rascunho:${file}`;

export function readDraft(file: string): Draft | undefined {
  flushDraft(file);
  try {
    const raw = localStorage.getItem(key(file));
    const draft = raw ? (JSON.parse(raw) as Partial<Draft>) : undefined;
    return typeof draft?.source === 'string' && typeof draft.version === 'string'
      ? { source: draft.source, version: draft.version, savedAt: Number(draft.savedAt) || 0 }
      : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(file: string, draft: Draft): void {
  try {
    localStorage.setItem(key(file), JSON.stringify(draft));
  } catch {
    // No storage: the draft lives only in the open tab.
  }
}

/**
 * The draft written once typing pauses (a 200-block page is hundreds of kilobytes: writing it on
 * every keystroke would slow typing), and at once when the tab is hidden or closed.
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

export function clearDraft(file: string): void {
  window.clearTimeout(pending.get(file)?.timer);
  pending.delete(file);
  try {
    localStorage.removeItem(key(file));
  } catch {
    // Nothing stored.
  }
}
