// How fresh a participant's last contact is (docs/subjects.md, "Activity"): fresh within the project's "late" hours,
// late until its "stale" hours, stale after that, and never when the app has not been in contact yet. The two
// thresholds are project attributes; a missing or unusable value falls back to the default. The server's overview
// and the client's badge both classify with this module, so they always agree.
export const LATE_HOURS_ATTRIBUTE = 'Freshness-late-hours';
export const STALE_HOURS_ATTRIBUTE = 'Freshness-stale-hours';
export const DEFAULT_LATE_HOURS = 24;
export const DEFAULT_STALE_HOURS = 72;
/** A year: anything longer is a typing mistake, not a threshold. */
const MAX_HOURS = 8760;

export type Freshness = 'fresh' | 'late' | 'stale' | 'never';
export const FRESHNESS_LEVELS: readonly Freshness[] = ['fresh', 'late', 'stale', 'never'];

export interface FreshnessThresholds {
  lateHours: number;
  staleHours: number;
}

/** Whole hours from 1 to a year, as text (an attribute value); undefined otherwise. */
export function parseHours(value: string | null | undefined): number | undefined {
  const text = value?.trim() ?? '';
  if (!/^\d{1,4}$/.test(text)) return undefined;
  const hours = Number(text);
  return hours >= 1 && hours <= MAX_HOURS ? hours : undefined;
}

/** The thresholds of a project from its attributes; "stale" is never earlier than "late". */
export function thresholdsOf(attributes: Readonly<Record<string, unknown>> | null | undefined): FreshnessThresholds {
  const text = (key: string) => (typeof attributes?.[key] === 'string' ? (attributes[key] as string) : undefined);
  const lateHours = parseHours(text(LATE_HOURS_ATTRIBUTE)) ?? DEFAULT_LATE_HOURS;
  const staleHours = parseHours(text(STALE_HOURS_ATTRIBUTE)) ?? DEFAULT_STALE_HOURS;
  return { lateHours, staleHours: Math.max(lateHours, staleHours) };
}

const HOUR_MS = 3_600_000;

/** The freshness of a last contact (an ISO instant or null) at `now` (epoch ms). */
export function freshnessOf(lastSeen: string | null | undefined, now: number, t: FreshnessThresholds): Freshness {
  if (!lastSeen) return 'never';
  const age = now - Date.parse(lastSeen);
  if (age < t.lateHours * HOUR_MS) return 'fresh';
  if (age < t.staleHours * HOUR_MS) return 'late';
  return 'stale';
}
