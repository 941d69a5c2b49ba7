import { describe, expect, it } from 'vitest';
import { dayHasEnded, formatDate, formatDateTime, formatDay, formatDayLong, indiaDateOf, indiaDatePlus } from '../../src/shared/india-time';

describe('India time', () => {
  // 03:35 UTC is 09:05 in India; 20:00 UTC is already the next day there.
  const morning = '2026-11-21T03:35:00Z';
  const lateUtc = '2026-11-21T20:00:00Z';

  it('formats instants in India time, whatever the machine zone', () => {
    expect(formatDateTime(morning)).toBe(
      new Date(morning).toLocaleString('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'Asia/Kolkata',
      }),
    );
    expect(formatDateTime(morning)).toMatch(/^21 Nov 2026, 9:05\sam$/);
    expect(formatDate(lateUtc)).toBe('22 Nov 2026');
    expect(indiaDateOf(lateUtc)).toBe('2026-11-22');
  });

  it('formats calendar days as the day they name', () => {
    expect(formatDay('2026-05-31')).toBe('31 May 2026');
    expect(formatDayLong('2026-12-31')).toBe('31 December 2026');
  });

  it('counts days from today in India and ends a day at midnight India time', () => {
    expect(indiaDatePlus(0, new Date(lateUtc))).toBe('2026-11-22');
    expect(indiaDatePlus(10, new Date(lateUtc))).toBe('2026-12-02');
    expect(dayHasEnded('2026-11-21', Date.parse('2026-11-21T18:29:00Z'))).toBe(false);
    expect(dayHasEnded('2026-11-21', Date.parse('2026-11-21T18:30:00Z'))).toBe(true);
  });
});
