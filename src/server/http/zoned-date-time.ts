// The date forms of the API (docs/api-conventions.md): LocalDate `yyyy-MM-dd`, and ZonedDateTime written as a date,
// optionally `T` + `HH:mm[:ss[.fraction]]`, optionally an offset (`Z`, `+01:00`), optionally a region in brackets
// (`2024-01-01T00:00[Europe/Amsterdam]`, what the client sends). Missing time parts are 0, a missing zone is UTC.
// A local time in a region resolves as java.time does: in a DST overlap the earlier offset wins, a time inside a
// gap moves forward by the gap's length. Anything else is invalid (undefined), never a guess.
import { processCache } from '../cache-stats';

const ZONED = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(Z|[+-]\d{2}(?::?\d{2}(?::?\d{2})?)?)?(?:\[([^\]]{1,64})\])?$/;
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const FIXED_ZONE = /^(?:UTC|GMT|UT)?(Z|[+-]\d{2}(?::?\d{2}(?::?\d{2})?)?)?$/;
const DAY_MS = 86_400_000;
/** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z. */
const FIRST_MS = new Date(0).setUTCFullYear(1, 0, 1);
const LAST_MS = new Date(0).setUTCFullYear(10000, 0, 1) - 1;

/** UTC milliseconds of a wall-clock time, or undefined when a field is out of range (Feb 30, 24:00, ...). */
function wallClockMs(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number | undefined {
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, ms);
  return date.getUTCDate() === d && date.getUTCMonth() === mo - 1 ? date.getTime() : undefined;
}

/** `Z`, `+01`, `+0100`, `+01:00`, `-05:30:15` in seconds east of UTC; undefined beyond ±18:00. */
function offsetSeconds(text: string): number | undefined {
  if (text === 'Z' || text === '') return 0;
  const digits = text.slice(1).replace(/:/g, '');
  const h = Number(digits.slice(0, 2));
  const m = Number(digits.slice(2, 4) || 0);
  const s = Number(digits.slice(4, 6) || 0);
  if (m > 59 || s > 59) return undefined;
  const total = h * 3600 + m * 60 + s;
  if (total > 18 * 3600) return undefined;
  return text[0] === '-' ? -total : total;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();
const stats = processCache('timeZoneFormatters', () => formatters.size);

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  if (formatters.has(zone)) stats.hits++;
  else {
    stats.misses++;
    let formatter: Intl.DateTimeFormat | null = null;
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric',
        hour: 'numeric', minute: 'numeric', second: 'numeric', era: 'short',
      });
    } catch {
      formatter = null; // RangeError: not a time zone this runtime knows
    }
    if (formatters.size > 500) {
      stats.evictions += formatters.size;
      formatters.clear();
    }
    formatters.set(zone, formatter);
    stats.puts++;
  }
  return formatters.get(zone) ?? null;
}

/** The zone's offset from UTC (ms) at an instant. */
function offsetAt(formatter: Intl.DateTimeFormat, instant: number): number {
  const parts: Record<string, string> = {};
  for (const p of formatter.formatToParts(new Date(instant))) parts[p.type] = p.value;
  const year = parts.era === 'BC' || parts.era === 'B' ? 1 - Number(parts.year) : Number(parts.year);
  const date = new Date(0);
  date.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day));
  date.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second), 0);
  return date.getTime() - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The instant of a wall-clock time in a region (java.time's resolution of gaps and overlaps). */
function resolveInZone(formatter: Intl.DateTimeFormat, local: number): number {
  const before = offsetAt(formatter, local - DAY_MS);
  const after = offsetAt(formatter, local + DAY_MS);
  for (const offset of before === after ? [before] : [before, after]) {
    if (offsetAt(formatter, local - offset) === offset) return local - offset; // `before` first: the earlier offset
  }
  return local - before; // in a gap: the offset before the transition shifts the time forward by the gap
}

/** A ZonedDateTime query value as a Date, or undefined when it is not one of the accepted forms. */
export function parseZonedDateTime(text: string): Date | undefined {
  const m = ZONED.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, fraction, offset, zone] = m;
  const ms = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
  const local = wallClockMs(Number(y), Number(mo), Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), ms);
  if (local === undefined) return undefined;
  if (offset !== undefined) {
    const seconds = offsetSeconds(offset);
    if (seconds === undefined || (zone !== undefined && !isZone(zone))) return undefined;
    return new Date(local - seconds * 1000);
  }
  if (zone === undefined) return new Date(local);
  const fixed = FIXED_ZONE.exec(zone);
  if (fixed) {
    const seconds = offsetSeconds(fixed[1] ?? '');
    return seconds === undefined ? undefined : new Date(local - seconds * 1000);
  }
  const formatter = formatterFor(zone);
  return formatter ? new Date(resolveInZone(formatter, local)) : undefined;
}

function isZone(zone: string): boolean {
  const fixed = FIXED_ZONE.exec(zone);
  return fixed ? offsetSeconds(fixed[1] ?? '') !== undefined : formatterFor(zone) !== null;
}

/** A LocalDate `yyyy-MM-dd` (returned as is), or undefined. */
export function parseLocalDate(text: string): string | undefined {
  const m = LOCAL_DATE.exec(text.trim());
  if (!m || wallClockMs(Number(m[1]), Number(m[2]), Number(m[3])) === undefined) return undefined;
  return text.trim();
}

/** LocalDate input in a body: `yyyy-MM-dd`, or a date-time with an offset truncated to its UTC date (docs/api-conventions.md). */
export function parseLocalDateInput(text: string): string | undefined {
  const plain = parseLocalDate(text);
  if (plain) return plain;
  if (!/T.*(Z|[+-]\d{2}(:?\d{2})?)$/.test(text.trim())) return undefined;
  const instant = parseZonedDateTime(text);
  return instant ? instant.toISOString().slice(0, 10) : undefined;
}

/**
 * A ZonedDateTime in a JSON body (project start and end dates): a string of the forms above, or a number of epoch
 * seconds (Jackson's default). The instant; null for null or absent; undefined when it cannot be read.
 */
export function parseZoned(value: unknown): Date | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') {
    // Only the years the string forms can name (1 to 9999): beyond them JavaScript has no date, or PostgreSQL none.
    const ms = value * 1000;
    return Number.isFinite(ms) && ms >= FIRST_MS && ms <= LAST_MS ? new Date(ms) : undefined;
  }
  return typeof value === 'string' ? parseZonedDateTime(value) : undefined;
}
