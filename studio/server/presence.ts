/**
 * Who has which page open: each editor tab reports every few seconds (POST /api/presence), and
 * the Páginas screen asks (GET /api/presence). A tab that stops reporting (closed, asleep,
 * offline) drops out after TTL_MS. In memory: presence is about now, not history.
 */
import type { PresenceAnswer } from '../api.ts';
import type { Person } from './people.ts';

/** Tabs report every 10 s; three missed reports and the tab is gone. */
export const TTL_MS = 30_000;
const MAX_TABS = 500;

interface Tab {
  person: Person;
  file: string | null;
  since: number;
  seen: number;
}

export function createPresence(now: () => number = Date.now) {
  const tabs = new Map<string, Tab>();
  const sweep = () => {
    const limit = now() - TTL_MS;
    for (const [id, tab] of tabs) if (tab.seen < limit) tabs.delete(id);
  };
  return {
    beat(tab: string, person: Person, file: string | null): void {
      sweep();
      const known = tabs.get(tab);
      if (!known && tabs.size >= MAX_TABS) return;
      // A tab belongs to the person who opened it: another session cannot speak for it.
      if (known && known.person.email !== person.email) return;
      const since = known && known.file === file ? known.since : now();
      tabs.set(tab, { person, file, since, seen: now() });
    },
    leave(tab: string, person: Person): void {
      if (tabs.get(tab)?.person.email === person.email) tabs.delete(tab);
    },
    list(): PresenceAnswer {
      sweep();
      const editing = [...tabs.entries()]
        .filter(([, t]) => t.file !== null)
        .map(([id, t]) => ({
          tab: id,
          file: t.file!,
          name: t.person.name,
          email: t.person.email,
          since: new Date(t.since).toISOString(),
        }))
        .sort((a, b) => (a.since < b.since ? -1 : 1));
      return { editing };
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;
