import { useSyncExternalStore } from 'react';
import type { SessionFlag } from '../../schema/constants.ts';
import { getFlag } from './session-flags.ts';

const noSubscription = () => () => {};

/**
 * Whether a flag was set before this page view, for an island: the server and hydration see
 * "not set" (so the markup matches), and the browser reads the real value right after.
 */
export function useSessionFlag(flag: SessionFlag): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => getFlag(flag),
    () => false,
  );
}
