/**
 * Which epoch of the site an instant falls in (issue 38): the last whose `from` is not after it;
 * before every scheduled instant (a clock behind the build's), the root. The edge reads the
 * clock once per request and answers all of it from the epoch picked here.
 */
import type { ManifestEpoch } from './manifest.ts';

/** The epochs with their instants read once (the handler keeps this for the worker's life). */
export function epochClock<E extends Pick<ManifestEpoch, 'from'>>(epochs: readonly E[]): (at: Date) => E {
  const starts = epochs.map((e) => (e.from === null ? -Infinity : Date.parse(e.from)));
  if (epochs.length === 0) throw new RangeError('epochClock: no epoch');
  for (let i = 1; i < starts.length; i++) {
    if (!(starts[i]! > starts[i - 1]!)) throw new RangeError('epochClock: epochs out of order');
  }
  return (at) => {
    const t = at.getTime();
    let lo = 0;
    for (let i = starts.length - 1; i > 0; i--) {
      if (starts[i]! <= t) {
        lo = i;
        break;
      }
    }
    return epochs[lo]!;
  };
}

export function pickEpoch<E extends Pick<ManifestEpoch, 'from'>>(epochs: readonly E[], at: Date): E {
  return epochClock(epochs)(at);
}
