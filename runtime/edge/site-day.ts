/**
 * An experiment's days (`start`, `end` in _site.yaml) are calendar days in São Paulo, where the
 * company and its visitors are: "end: 2026-12-21" means until 23:59 of that day in Brasília time.
 * One definition shared by the edge split, the report, the CLI and the Estúdio.
 */
import { EXPERIMENT_TIME_ZONE, siteInstantsOf } from './site-zone.ts';

export { EXPERIMENT_TIME_ZONE };

/** How the Estúdio names the time zone to authors. */
export const EXPERIMENT_TIME_ZONE_LABEL = 'horário de Brasília (São Paulo)';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: EXPERIMENT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (AAAA-MM-DD) that `date` falls on in São Paulo. */
export function siteDay(date: Date): string {
  const parts = Object.fromEntries(dayFormat.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * The instant the São Paulo day `day` (AAAA-MM-DD) ends: the first instant whose `siteDay` comes
 * after `day` (03:00 UTC of the next day since 2019). From the IANA zone, so any change of
 * Brazil's clocks is followed, a midnight skipped by a DST start included. A day past its month's
 * end, which the schema's pattern lets through ("2026-02-30"), ends with the month, as comparing
 * the strings implies. Throws unless `day` is AAAA-MM-DD with a month 01-12 and a day 01-31.
 */
export function endOfSiteDay(day: string): Date {
  const m = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.exec(day);
  if (!m) throw new RangeError(`endOfSiteDay: "${day}" is not a day (AAAA-MM-DD)`);
  const [year, month, date] = [+m[1]!, +m[2]! - 1, +m[3]!];
  const at = new Date(0);
  at.setUTCFullYear(year, month + 1, 0); // the month's last day
  at.setUTCFullYear(year, month, Math.min(date, at.getUTCDate()) + 1);
  const midnight = at.getTime(); // the next day's 00:00 as if São Paulo were UTC
  // On an ordinary night the two readings of that midnight agree; across a change of clocks the
  // end is the earlier of them already past `day`.
  const [before, after] = siteInstantsOf(midnight);
  const past = [before, after].filter((t) => siteDay(new Date(t)) > day);
  return new Date(past.length > 0 ? Math.min(...past) : Math.max(before, after));
}
