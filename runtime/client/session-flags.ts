/**
 * The spec's session flags (value 'true' when set). Storage can throw (private mode,
 * blocked cookies): then flags live in memory for this page and the page keeps working.
 * No React here: block behaviours (plain DOM) use these too; islands use useSessionFlag.
 */
import type { SessionFlag } from '../../schema/constants.ts';

const memory = new Set<SessionFlag>();

export function getFlag(flag: SessionFlag): boolean {
  try {
    return window.sessionStorage.getItem(flag) === 'true' || memory.has(flag);
  } catch {
    return memory.has(flag);
  }
}

export function setFlag(flag: SessionFlag): void {
  try {
    window.sessionStorage.setItem(flag, 'true');
  } catch {
    // Storage unavailable: the flag holds in memory for this page. Only then: storage stays
    // the one truth, so clearing it (a new session, a Storybook story) clears the flag too.
    memory.add(flag);
  }
}

/** Forgets the flags held in memory (the Estúdio's preview, when it shows a state again). */
export function forgetMemoryFlags(): void {
  memory.clear();
}
