/**
 * Presence: each editor tab tells the server which page it has open every 10 s (and when it
 * leaves), and the screens ask who else is around every 5 s. A tab has its own id (kept across
 * reloads in sessionStorage), so two tabs of one person count as two, and the editor tells the
 * author's own other tab ("você, em outra aba") from another person by the email GET /api/eu gives.
 */
import { useEffect, useState } from 'react';
import type { MeAnswer, PresenceAnswer } from '../../api.ts';
import { api } from './api-client.ts';

const BEAT_MS = 10_000;
const POLL_MS = 5_000;

export type Editing = PresenceAnswer['editing'];

function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function navigationType(): string | undefined {
  try {
    return (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
  } catch {
    return undefined;
  }
}

/** This tab's id. */
export const TAB: string = (() => {
  try {
    const known = sessionStorage.getItem('estudio-aba');
    // Only a reload of this very tab keeps its id: a duplicated tab (or a window opened from this
    // one) starts with a copy of this tab's sessionStorage, and would otherwise speak as this tab.
    if (known && /^[0-9a-f]{24}$/.test(known) && navigationType() === 'reload') return known;
    const id = newId();
    sessionStorage.setItem('estudio-aba', id);
    return id;
  } catch {
    return newId();
  }
})();

/** Reports `file` as open in this tab while the component lives; returns who is editing what. */
export function usePresence(file: string | null): Editing {
  return usePresenceAnswer(file).editing;
}

/**
 * usePresence, and whether the server has answered once (`known`; a failed answer counts: there
 * is nothing to wait for). Páginas shows its rows with their "está editando" badges from the
 * first frame: a badge arriving after its row made the rows below it move.
 */
export function usePresenceAnswer(file: string | null): { editing: Editing; known: boolean } {
  const [state, setState] = useState<{ editing: Editing; known: boolean }>({ editing: [], known: false });
  useEffect(() => {
    let live = true;
    const update = (answer: PresenceAnswer) => live && setState({ editing: answer.editing, known: true });
    const failed = () => live && setState((now) => (now.known ? now : { ...now, known: true }));
    const beat = () => api.here(TAB, file).then(update, failed);
    const poll = () => api.presence().then(update, failed);
    if (file) void beat();
    else void poll();
    const beats = file ? setInterval(() => void beat(), BEAT_MS) : undefined;
    const polls = setInterval(() => void poll(), POLL_MS);
    const leave = () => {
      // keepalive: the request outlives the closing tab.
      if (file)
        void fetch('/api/presence', {
          method: 'POST',
          keepalive: true,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ tab: TAB, file: '' }),
        }).catch(() => {});
    };
    addEventListener('pagehide', leave);
    return () => {
      live = false;
      clearInterval(beats);
      clearInterval(polls);
      removeEventListener('pagehide', leave);
      if (file) void api.here(TAB, null).catch(() => {});
    };
  }, [file]);
  return state;
}

/** "Ana", "Ana e Bruno", "Ana, Bruno e Carla" (one name per person). */
export function names(editing: Editing): string {
  const unique = [...new Set(editing.map((e) => e.name))];
  return unique.length <= 1 ? (unique[0] ?? '') : `${unique.slice(0, -1).join(', ')} e ${unique.at(-1)!}`;
}

let me: Promise<MeAnswer | null> | undefined;

/**
 * Who is signed in here (GET /api/eu, asked once per page): undefined until it answers, null when
 * it cannot say.
 */
export function useMe(): MeAnswer | null | undefined {
  const [answer, setAnswer] = useState<MeAnswer | null>();
  useEffect(() => {
    let live = true;
    me ??= fetch('/api/eu')
      .then((response) => (response.ok ? (response.json() as Promise<MeAnswer>) : null))
      .catch(() => null);
    void me.then((found) => live && setAnswer(found));
    return () => {
      live = false;
    };
  }, []);
  return answer;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** "Ana", "Ana e Bruno", "Ana, Bruno e Carla". */
const list = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)!}`;

/** Who else has `file` open besides `tab`: other people's names (one per e-mail) and one's own tabs. */
function whoElse(editing: Editing, file: string, signedIn: MeAnswer | null, tab: string) {
  const here = editing.filter((e) => e.file === file && e.tab !== tab);
  const mine = here.filter((e) => signedIn !== null && sameEmail(e.email, signedIn.email)).length;
  const others = here.filter((e) => signedIn === null || !sameEmail(e.email, signedIn.email));
  // One name per person (by email): two tabs of Ana are one Ana.
  const byEmail = new Map(others.map((e) => [e.email.trim().toLowerCase(), e.name]));
  return { people: [...byEmail.values()], mine };
}

/**
 * The editor's line about who else has `file` open besides this tab, in words: other people by
 * name, and the author's own other tabs as "você, em outra aba". Empty while it is not yet known
 * who is signed in here (so one's own tab never shows, for a moment, as someone else).
 * `people`: whether anyone else but the author is there.
 */
export function othersHere(
  editing: Editing,
  file: string,
  signedIn: MeAnswer | null | undefined,
  tab: string = TAB,
): { sentence: string; people: boolean } {
  if (signedIn === undefined) return { sentence: '', people: false };
  const { people, mine } = whoElse(editing, file, signedIn, tab);
  const tabs = mine === 1 ? 'em outra aba' : `em outras ${mine} abas`;
  let sentence = '';
  if (people.length > 0) {
    sentence = `${list(people)} também ${people.length === 1 ? 'está' : 'estão'} com esta página aberta${mine > 0 ? `; você também, ${tabs}` : ''}.`;
  } else if (mine > 0) sentence = `Esta página também está aberta: você, ${tabs}.`;
  return { sentence, people: people.length > 0 };
}

/**
 * The same in a phone's one line (decision 0055): "Também aberta em outra aba", "Também aberta por
 * Ana e Bruno", "Também aberta por Ana e em outra aba sua". Empty when `othersHere` is.
 */
export function othersInShort(
  editing: Editing,
  file: string,
  signedIn: MeAnswer | null | undefined,
  tab: string = TAB,
): string {
  if (signedIn === undefined) return '';
  const { people, mine } = whoElse(editing, file, signedIn, tab);
  const tabs = mine === 1 ? 'em outra aba' : `em outras ${mine} abas`;
  if (people.length > 0)
    return `Também aberta por ${list(people)}${mine > 0 ? ` e ${tabs} sua${mine > 1 ? 's' : ''}` : ''}`;
  return mine > 0 ? `Também aberta ${tabs}` : '';
}
