/**
 * pages/_site.yaml as the Experimentos and Configurações screens hold it: the saved text, the
 * draft being edited (node by node, site-edits.ts), the loader's problems for the draft (checked
 * on the server as the build checks it, a moment after each edit) and saving over the version
 * that was opened.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SiteAnswer, SiteCheckAnswer } from '../../api.ts';
import { api, isConflict } from './api-client.ts';

export interface SiteDraft {
  answer: SiteAnswer | undefined;
  loadError: string | undefined;
  draft: string;
  /** The loader's verdict on the draft (undefined while the first check runs). */
  check: SiteCheckAnswer | undefined;
  checking: boolean;
  dirty: boolean;
  edit(change: (text: string) => string): void;
  /** Saves the draft (or `text`, which becomes the draft); false (with `saveError`) when it could not. */
  save(text?: string): Promise<boolean>;
  saveError: string | undefined;
  discard(): void;
  reload(): Promise<void>;
}

export function useSiteDraft(): SiteDraft {
  const [answer, setAnswer] = useState<SiteAnswer>();
  const [loadError, setLoadError] = useState<string>();
  const [draft, setDraft] = useState('');
  /** The loader's answer, with the text it was given (the draft may have moved on since). */
  const [checked, setChecked] = useState<{ source: string; answer: SiteCheckAnswer; failed?: boolean }>();
  const [saveError, setSaveError] = useState<string>();
  const version = useRef('');

  /** Answers to an older reload are dropped (React's strict mode starts the first one twice). */
  const generation = useRef(0);
  /** The saved text the draft started from. */
  const saved = useRef<string | undefined>(undefined);
  const reload = useCallback(() => {
    const mine = ++generation.current;
    return api.site().then(
      (next) => {
        if (mine !== generation.current) return;
        // An edit made while the file was being read again is kept (the draft is then unsaved).
        const opened = saved.current;
        saved.current = next.source;
        setAnswer(next);
        setDraft((current) => (opened === undefined || current === opened ? next.source : current));
        version.current = next.version;
        setLoadError(undefined);
      },
      (e: unknown) => setLoadError(e instanceof Error ? e.message : String(e)),
    );
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  useEffect(() => {
    if (!answer) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.checkSite(draft, controller.signal).then(
        (answer) => setChecked({ source: draft, answer }),
        (e: unknown) => {
          // A failed check leaves the last answer, marked as not for this text.
          if (!(e instanceof DOMException && e.name === 'AbortError'))
            setChecked((last) => last && { ...last, failed: true });
        },
      );
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [draft, answer]);

  const edit = useCallback((change: (text: string) => string) => setDraft((text) => change(text)), []);

  const save = useCallback(
    async (text?: string) => {
      setSaveError(undefined);
      const source = text ?? draft;
      if (text !== undefined) setDraft(text);
      try {
        const written = await api.saveSite({ source, version: version.current });
        version.current = written.version;
        const next = await api.site();
        saved.current = next.source;
        setAnswer(next);
        setDraft(next.source);
        version.current = next.version;
        return true;
      } catch (e) {
        setSaveError(isConflict(e) || e instanceof Error ? e.message : String(e));
        return false;
      }
    },
    [draft],
  );

  return {
    answer,
    loadError,
    draft,
    check: checked?.answer,
    checking: checked === undefined || (checked.source !== draft && !checked.failed),
    dirty: answer !== undefined && draft !== answer.source,
    edit,
    save,
    saveError,
    discard: () => answer && setDraft(answer.source),
    reload,
  };
}

/** Problems of the draft by where they are: "experiments.0.variants.1.page" → messages. */
export function problemsByPath(
  check: SiteCheckAnswer | undefined,
  pathOf: (line: number, column: number) => (string | number)[],
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of check?.problems ?? []) {
    const key = pathOf(p.loc.line, p.loc.column).join('.');
    out.set(key, [...(out.get(key) ?? []), p.hint ? `${p.message} ${p.hint}` : p.message]);
  }
  return out;
}
