// Durations as whole units (year, month, day, hour, minute, second), the OAuth client token validity
// (days 86400 s, hours 3600 s, minutes 60 s, seconds) and the pairing timeout rule.
// Parts come back as numbers with a unit; `durationText` turns them into words through the i18n plural keys
// `global.duration.<unit>.one|other`.

export const DURATION_UNITS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

export interface DurationPart {
  unit: DurationUnit;
  count: number;
}

const UNIT_SECONDS: Record<DurationUnit, number> = {
  year: 365 * 86400,
  month: 30 * 86400,
  day: 86400,
  hour: 3600,
  minute: 60,
  second: 1,
};

/** Splits a duration in milliseconds into whole units, largest first, skipping zeros; `maxParts` keeps the largest. */
export function durationParts(ms: number, maxParts: number = DURATION_UNITS.length): DurationPart[] {
  let rest = Math.max(0, Math.floor(ms / 1000));
  const parts: DurationPart[] = [];
  for (const unit of DURATION_UNITS) {
    const count = Math.floor(rest / UNIT_SECONDS[unit]);
    rest -= count * UNIT_SECONDS[unit];
    if (count > 0) parts.push({ unit, count });
  }
  return parts.length ? parts.slice(0, maxParts) : [{ unit: 'second', count: 0 }];
}

/** A token validity in seconds, in the largest of day, hour, minute or second that divides it exactly. */
export function tokenValidity(seconds: number): DurationPart {
  for (const unit of ['day', 'hour', 'minute'] as const) {
    if (seconds > 0 && seconds % UNIT_SECONDS[unit] === 0) return { unit, count: seconds / UNIT_SECONDS[unit] };
  }
  return { unit: 'second', count: seconds };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * How long a pairing token lasts: below 180 minutes and not a whole hour in minutes; exactly one hour as "1 hour";
 * up to 48 hours in hours; beyond that in days (rounded).
 */
export function pairingTimeout(ms: number): DurationPart {
  if (ms < MINUTE_MS) return { unit: 'second', count: Math.round(ms / 1000) };
  if (ms < 180 * MINUTE_MS && ms % HOUR_MS !== 0) return { unit: 'minute', count: Math.round(ms / MINUTE_MS) };
  if (ms <= 48 * HOUR_MS) return { unit: 'hour', count: Math.round(ms / HOUR_MS) };
  return { unit: 'day', count: Math.round(ms / (24 * HOUR_MS)) };
}

/** The i18n key and params of one part: `global.duration.day` with `{ count }` picks `.one` or `.other`. */
export function durationMessage(part: DurationPart): { key: string; params: { count: number } } {
  return { key: `global.duration.${part.unit}`, params: { count: part.count } };
}

/** Words for the parts, e.g. "1 day 2 hours", with the app's translator. */
export function durationText(t: (key: string, params?: { count: number }) => string, parts: readonly DurationPart[]): string {
  return parts.map((part) => t(`global.duration.${part.unit}`, { count: part.count })).join(' ');
}
