/**
 * São Paulo's clock, where the company and its visitors are: the wall time at an instant and the
 * instants a wall time may be, from the IANA zone, so any change of Brazil's clocks is followed.
 * Shared by an experiment's days (site-day.ts) and a schedule's minutes (load/schedule-model.ts).
 */
export const EXPERIMENT_TIME_ZONE = 'America/Sao_Paulo';

let wallFormat: Intl.DateTimeFormat | undefined;

/** São Paulo's wall clock at `ms`: [year, month 1-12, day, hour, minute, second]. */
export function siteWallAt(ms: number): number[] {
  wallFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: EXPERIMENT_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const p: Record<string, string> = {};
  for (const { type, value } of wallFormat.formatToParts(ms)) p[type] = value;
  return [+p.year!, +p.month!, +p.day!, +p.hour!, +p.minute!, +p.second!];
}

/** The wall time as if it were UTC, in ms (years 0-99 kept as written: Date.UTC would read them as 19xx). */
export function wallMs(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second = 0,
): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second);
  return d.getTime();
}

/** São Paulo's offset from UTC at the instant `ms`, in ms (-3 h since 2019), to the second as the zone gives it. */
function offsetAt(ms: number): number {
  const [y, mo, d, h, mi, s] = siteWallAt(ms);
  return wallMs(y!, mo!, d!, h!, mi!, s!) - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The two instants the wall time `wall` (ms as if São Paulo were UTC) may be: read with the offset
 * in force near it (at `wall` taken as UTC), then with the offset at that first answer. On an
 * ordinary day the two agree; across a change of clocks the caller picks between them.
 */
export function siteInstantsOf(wall: number): [number, number] {
  const first = wall - offsetAt(wall);
  return [first, wall - offsetAt(first)];
}
