// "3 h ago" for a past instant, in the interface language (Intl.RelativeTimeFormat, short style): the largest unit
// that fits, from seconds to years, rounded down so "1 d ago" means at least a day.
import type { DateLike } from './date-format';
import { toDate } from './date-format';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** The relative time of `value` seen from `now` (epoch ms); '' for no date. A future instant reads as "now". */
export function formatRelativeTime(value: DateLike, now: number, language: string): string {
  const date = toDate(value);
  if (!date) return '';
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
  const age = Math.max(0, now - date.getTime());
  for (const [unit, ms] of UNITS) if (age >= ms) return format.format(-Math.floor(age / ms), unit);
  return format.format(0, 'second');
}
