// @vitest-environment jsdom
/**
 * The editor's drafts in localStorage (studio/app/screens/editor/drafts.ts): a draft kept as a
 * base and the changes since comes back as the whole text typed; a pause writes a few bytes, not
 * the page; the base is written again when another tab replaced it or the changes grow long; a
 * draft whose base is gone is never rebuilt on another text.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, readDraft, writeDraft, writeDraftSoon } from '../../studio/app/screens/editor/drafts.ts';

const BASE = Array.from({ length: 4000 }, (_, i) => `  - type: text\n    heading: Bloco ${i} ação\n`).join(
  '',
);
/** The base with `words` typed after block n's heading. */
const typed = (n: number, words: string, text = BASE) =>
  text.replace(`Bloco ${n} ação\n`, `Bloco ${n} ação${words}\n`);

let file = 0;
/** A file of its own per test: the module keeps what it wrote per file. */
const nextFile = () => `pages/longa-${++file}.yaml`;
const draftKey = (f: string) => `estudio:rascunho:${f}`;
const baseKey = (f: string) => `estudio:rascunho-base:${f}`;

/** What each setItem call wrote: its key and how many characters. */
function watchWrites() {
  const setItem = vi.spyOn(Storage.prototype, 'setItem');
  return () => setItem.mock.calls.map(([k, value]) => [k, value.length] as const);
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('drafts', () => {
  it('pauses in the typing write a few bytes each, in several places of the page, and read back whole', () => {
    const f = nextFile();
    const writes = watchWrites();
    let text = typed(10, ' um');
    writeDraft(f, { source: text, version: 'v1', savedAt: 1 });
    for (const [n, words] of [
      [3500, ' dois'],
      [10, ' e três'],
      [2000, ''],
    ] as const) {
      text = words ? typed(n, words, text) : text.replace(`Bloco ${n} ação\n`, '');
      writeDraft(f, { source: text, version: 'v1', savedAt: n });
    }
    const written = writes();
    // The base once (the whole text, at the first pause), then each pause in under 200 characters.
    expect(written.filter(([k]) => k === baseKey(f))).toHaveLength(1);
    const drafts = written.filter(([k]) => k === draftKey(f));
    expect(drafts).toHaveLength(4);
    for (const [, length] of drafts) expect(length).toBeLessThan(200);
    expect(readDraft(f)).toEqual({ source: text, version: 'v1', savedAt: 2000 });
  });

  it('a base another tab replaced or removed is written again, and the draft reads right', () => {
    const f = nextFile();
    writeDraft(f, { source: typed(1, ' a'), version: 'v1', savedAt: 1 });
    // Another tab on the same file keeps its own draft (and base)…
    localStorage.setItem(baseKey(f), `outra\n${BASE}`);
    writeDraft(f, { source: typed(1, ' ab'), version: 'v1', savedAt: 2 });
    expect(readDraft(f)?.source).toBe(typed(1, ' ab'));
    // …or saved the file and removed both.
    localStorage.clear();
    writeDraft(f, { source: typed(1, ' abc'), version: 'v1', savedAt: 3 });
    expect(readDraft(f)?.source).toBe(typed(1, ' abc'));
  });

  it('a draft of changes without its base is no draft (never a text rebuilt on another)', () => {
    const f = nextFile();
    writeDraft(f, { source: typed(1, ' a'), version: 'v1', savedAt: 1 });
    writeDraft(f, { source: typed(1, ' ab'), version: 'v1', savedAt: 2 });
    const stored = localStorage.getItem(baseKey(f))!;
    localStorage.setItem(baseKey(f), stored.replace(/^[^\n]*/, 'outra'));
    expect(readDraft(f)).toBeUndefined();
    localStorage.removeItem(baseKey(f));
    expect(readDraft(f)).toBeUndefined();
    // A change that does not fit the base's text is refused too.
    localStorage.setItem(baseKey(f), stored.replace(/\n[^]*$/, '\ncurto'));
    expect(readDraft(f)).toBeUndefined();
  });

  it('the base is written anew when most of the text changed or the changes grow long', () => {
    const f = nextFile();
    const writes = watchWrites();
    writeDraft(f, { source: BASE, version: 'v1', savedAt: 1 });
    writeDraft(f, { source: 'tudo novo', version: 'v1', savedAt: 2 });
    expect(readDraft(f)?.source).toBe('tudo novo');
    let text = BASE;
    for (let i = 0; i < 150; i++) {
      text = typed(i, ' x', text);
      writeDraft(f, { source: text, version: 'v1', savedAt: 3 + i });
    }
    expect(readDraft(f)?.source).toBe(text);
    // The first, 'tudo novo', and once when the changes reached a hundred.
    expect(writes().filter(([k]) => k === baseKey(f))).toHaveLength(4);
    for (const [k, length] of writes()) if (k === draftKey(f)) expect(length).toBeLessThan(3000);
  });

  it('a draft stored whole (before this format, or without room for a base) is read', () => {
    const f = nextFile();
    localStorage.setItem(draftKey(f), JSON.stringify({ source: 'antigo', version: 'v0', savedAt: 5 }));
    expect(readDraft(f)).toEqual({ source: 'antigo', version: 'v0', savedAt: 5 });
  });

  it('typing undone keeps the base for the next draft; a save or Descartar removes both', () => {
    const f = nextFile();
    writeDraft(f, { source: typed(1, ' a'), version: 'v1', savedAt: 1 });
    clearDraft(f, true);
    expect(readDraft(f)).toBeUndefined();
    const writes = watchWrites();
    writeDraft(f, { source: typed(1, ' b'), version: 'v1', savedAt: 2 });
    expect(writes().map(([k]) => k)).toEqual([draftKey(f)]);
    expect(readDraft(f)?.source).toBe(typed(1, ' b'));
    clearDraft(f);
    expect(localStorage.length).toBe(0);
    expect(readDraft(f)).toBeUndefined();
  });

  it('a draft waiting for a pause in the typing is written when read (the editor reopened)', () => {
    const f = nextFile();
    vi.useFakeTimers();
    try {
      writeDraftSoon(f, { source: typed(1, ' a'), version: 'v1', savedAt: 1 });
      expect(localStorage.length).toBe(0);
      expect(readDraft(f)?.source).toBe(typed(1, ' a'));
    } finally {
      vi.useRealTimers();
    }
  });
});
