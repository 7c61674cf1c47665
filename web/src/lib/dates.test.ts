import { afterEach, describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDay, formatMoment, localToday, setDateLocale } from './dates';

const medium = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

describe('dates', () => {
  it('reads a calendar day from its first 10 characters, whatever the instant says in this zone', () => {
    const fifteenth = medium.format(new Date(2031, 2, 15));
    expect(formatCalendarDay('2031-03-15')).toBe(fifteenth);
    expect(formatCalendarDay('2031-03-15T23:59:59.999Z')).toBe(fifteenth);
    expect(formatCalendarDay('2031-03-15T00:00:00.000Z')).toBe(fifteenth);
  });

  it('shows one medium date for every day, and a moment as that date with its time', () => {
    const instant = '2026-11-28T09:05:00.000Z';
    expect(formatDay(instant)).toBe(medium.format(new Date(instant)));
    expect(formatMoment(instant).startsWith(formatDay(instant))).toBe(true);
    expect(formatMoment(instant).length).toBeGreaterThan(formatDay(instant).length);
  });

  it('writes today as a date input does', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('dates in the screens’ language (issue 34)', () => {
  afterEach(() => setDateLocale('en-US'));

  it('follow the language the provider sets, with Latin digits in Arabic', () => {
    setDateLocale('es-US');
    expect(formatCalendarDay('2031-03-15')).toMatch(/15 mar 2031/);
    setDateLocale('ar-u-nu-latn');
    expect(formatCalendarDay('2031-03-15')).toBe('15\u200f/03\u200f/2031');
  });
});
