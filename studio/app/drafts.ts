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

export function clearDraft(file: string): void {
  try {
    localStorage.removeItem(key(file));
  } catch {
    // Nothing stored.
  }
}
