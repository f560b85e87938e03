/**
 * Presence: each editor tab tells the server which page it has open every 10 s (and when it
 * leaves), and the screens ask who else is around every 5 s. A tab has its own id (kept for the
 * tab's life in sessionStorage), so two tabs of one person count as two.
 */
import { useEffect, useState } from 'react';
import type { PresenceAnswer } from '../api.ts';
import { api } from './api-client.ts';

const BEAT_MS = 10_000;
const POLL_MS = 5_000;

export type Editing = PresenceAnswer['editing'];

function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** This tab's id. */
export const TAB: string = (() => {
  try {
    const known = sessionStorage.getItem('estudio-aba');
    if (known && /^[0-9a-f]{24}$/.test(known)) return known;
    const id = newId();
    sessionStorage.setItem('estudio-aba', id);
    return id;
  } catch {
    return newId();
  }
})();

/** Reports `file` as open in this tab while the component lives; returns who is editing what. */
export function usePresence(file: string | null): Editing {
  const [editing, setEditing] = useState<Editing>([]);
  useEffect(() => {
    let live = true;
    const update = (answer: PresenceAnswer) => live && setEditing(answer.editing);
    const beat = () => api.here(TAB, file).then(update, () => {});
    const poll = () => api.presence().then(update, () => {});
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
  return editing;
}

/** "Ana", "Ana e Bruno", "Ana, Bruno e Carla" (one name per person). */
export function names(editing: Editing): string {
  const unique = [...new Set(editing.map((e) => e.name))];
  return unique.length <= 1 ? (unique[0] ?? '') : `${unique.slice(0, -1).join(', ')} e ${unique.at(-1)!}`;
}
