/**
 * An experiment's days are São Paulo's (decision 0023): the day an instant falls on there, and the
 * instant a day ends there, at the boundaries, across Brazil's past clock changes (the IANA zone,
 * not a fixed -03:00), whatever the machine's own zone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { endOfSiteDay, EXPERIMENT_TIME_ZONE, siteDay } from '../../runtime/edge/site-day.ts';

const day = (iso: string) => siteDay(new Date(iso));
const end = (d: string) => endOfSiteDay(d).toISOString();

describe('siteDay: the calendar day in São Paulo', () => {
  it('is the IANA zone America/Sao_Paulo', () => {
    expect(EXPERIMENT_TIME_ZONE).toBe('America/Sao_Paulo');
  });

  it('turns at 03:00 UTC (midnight in Brasília time), not at 00:00 UTC', () => {
    expect(day('2026-12-01T00:00:00Z')).toBe('2026-11-30');
    expect(day('2026-12-01T02:59:00Z')).toBe('2026-11-30');
    expect(day('2026-12-01T02:59:59.999Z')).toBe('2026-11-30');
    expect(day('2026-12-01T03:00:00Z')).toBe('2026-12-01');
    expect(day('2026-12-22T02:30:00Z')).toBe('2026-12-21'); // 23:30 in São Paulo
    expect(day('2026-12-22T03:00:00Z')).toBe('2026-12-22');
  });

  it('crosses months, years and 29 February', () => {
    expect(day('2027-01-01T02:00:00Z')).toBe('2026-12-31');
    expect(day('2027-01-01T03:00:00Z')).toBe('2027-01-01');
    expect(day('2028-03-01T02:59:59Z')).toBe('2028-02-29');
  });

  it('follows the zone’s history: Brazil’s summer time, last ended February 2019', () => {
    // 2018-11-04: 00:00 became 01:00 (-02:00); 2019-02-17: 00:00 (-02:00) went back to 23:00 of the 16th.
    expect(day('2018-11-04T02:59:59Z')).toBe('2018-11-03');
    expect(day('2018-11-04T03:00:00Z')).toBe('2018-11-04');
    expect(day('2019-01-15T02:30:00Z')).toBe('2019-01-15'); // 00:30 under summer time (UTC-2)
    expect(day('2019-02-17T02:30:00Z')).toBe('2019-02-16'); // 23:30 again, now UTC-3
  });
});

describe('endOfSiteDay: the instant a São Paulo day ends', () => {
  it('is 03:00 UTC of the next day since 2019', () => {
    expect(end('2026-11-30')).toBe('2026-12-01T03:00:00.000Z');
    expect(end('2026-12-21')).toBe('2026-12-22T03:00:00.000Z');
    expect(end('2026-12-31')).toBe('2027-01-01T03:00:00.000Z');
    expect(end('2028-02-29')).toBe('2028-03-01T03:00:00.000Z');
  });

  it('is the first instant of the next day: the millisecond before is still the day', () => {
    for (const d of ['2026-11-30', '2027-06-15', '2018-11-03', '2019-02-16', '2016-02-20', '2015-10-17']) {
      const t = endOfSiteDay(d).getTime();
      expect(siteDay(new Date(t - 1)), d).toBe(d);
      expect(siteDay(new Date(t)) > d, d).toBe(true);
    }
  });

  it('follows the clock changes: a day under summer time, a 23-hour and a 25-hour day', () => {
    expect(end('2019-01-15')).toBe('2019-01-16T02:00:00.000Z'); // UTC-2
    // 2018-11-04 had no midnight: the 3rd ended at 03:00 UTC, which was 01:00 of the 4th.
    expect(end('2018-11-03')).toBe('2018-11-04T03:00:00.000Z');
    expect(end('2018-11-04')).toBe('2018-11-05T02:00:00.000Z');
    // 2019-02-16 lasted 25 hours: its 23:00-00:00 hour ran twice.
    expect(end('2019-02-16')).toBe('2019-02-17T03:00:00.000Z');
  });

  it('ends a day the pattern lets through past its month (2026-02-30) with the month, as the strings compare', () => {
    expect(end('2026-02-30')).toBe('2026-03-01T03:00:00.000Z');
    expect(end('2026-04-31')).toBe('2026-05-01T03:00:00.000Z');
    expect(siteDay(new Date('2026-03-01T02:59:59Z')) <= '2026-02-30').toBe(true);
  });

  it('refuses anything but AAAA-MM-DD', () => {
    for (const bad of ['2026-1-1', '2026-13-01', '2026-00-10', '2026-01-32', '2026-12-01T00:00', ''])
      expect(() => endOfSiteDay(bad), bad).toThrow(RangeError);
  });
});

describe('whatever the machine’s zone', () => {
  const saved = process.env.TZ;
  afterEach(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  it('gives the same days and ends under UTC, Tokyo and Los Angeles', () => {
    const seen = new Set<string>();
    for (const tz of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles']) {
      process.env.TZ = tz; // Node applies a change of TZ at once
      seen.add(
        [
          day('2026-12-01T02:59:00Z'),
          day('2026-12-01T03:00:00Z'),
          end('2026-12-21'),
          end('2019-01-15'),
        ].join(),
      );
    }
    expect([...seen]).toEqual(['2026-11-30,2026-12-01,2026-12-22T03:00:00.000Z,2019-01-16T02:00:00.000Z']);
  });
});
