// The subject list's filters as plain data: their
// names in the URL (matrix params), their debounces, validation, and the query parameters the API reads. No React.
import type { QueryObject } from '../../lib/query-string';
import { isIsoDate } from '../../components/format';

/** The matrix-param names, in the order the panel shows them. */
export const FILTER_KEYS = [
  'subjectId',
  'externalId',
  'humanReadableId',
  'groupId',
  'enrollmentDateFrom',
  'enrollmentDateTo',
  'personName',
  'dateOfBirth',
  'notSeenDays',
  'neverPaired',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type SubjectFilters = Record<FilterKey, string>;

export const EMPTY_FILTERS: SubjectFilters = Object.freeze(
  Object.fromEntries(FILTER_KEYS.map((key) => [key, ''])) as SubjectFilters,
);

const DATE_KEYS: ReadonlySet<FilterKey> = new Set(['enrollmentDateFrom', 'enrollmentDateTo', 'dateOfBirth']);

/** Input debounce per filter: 200 ms for text, none for dates, 1 ms for the group and pairing selects. */
export function filterDebounceMs(key: FilterKey): number {
  if (DATE_KEYS.has(key)) return 0;
  return key === 'groupId' || key === 'neverPaired' ? 1 : 200;
}

/** "Not seen for N days": a whole number of days, 1 to 3650. */
const isDayCount = (text: string) => /^\d{1,4}$/.test(text) && Number(text) >= 1 && Number(text) <= 3650;
const DAY_MS = 86_400_000;

/** All filters together wait this much more before a query is sent. */
export const RESULTS_DEBOUNCE_MS = 10;

/** Text filters are trimmed; the others are trimmed too, harmlessly. */
export function trimFilters(filters: SubjectFilters): SubjectFilters {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, (filters[key] ?? '').trim()])) as SubjectFilters;
}

export function filtersFromMatrix(matrix: Readonly<Record<string, string>>): SubjectFilters {
  return trimFilters(Object.fromEntries(FILTER_KEYS.map((key) => [key, matrix[key] ?? ''])) as SubjectFilters);
}

/** A setMatrix patch: every filter key, empty ones as null so they leave the URL. */
export function filtersToMatrix(filters: SubjectFilters): Record<FilterKey, string | null> {
  const trimmed = trimFilters(filters);
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, trimmed[key] || null])) as Record<FilterKey, string | null>;
}

export type FilterError = 'invalidDate' | 'invalidRange' | 'invalidDays';

/** Problems that stop the query: a date that is not yyyy-mm-dd, or an enrollment range whose start is after its end. */
export function validateFilters(filters: SubjectFilters): Partial<Record<FilterKey, FilterError>> {
  const f = trimFilters(filters);
  const errors: Partial<Record<FilterKey, FilterError>> = {};
  for (const key of DATE_KEYS) if (f[key] && !isIsoDate(f[key])) errors[key] = 'invalidDate';
  if (!errors.enrollmentDateFrom && !errors.enrollmentDateTo && f.enrollmentDateFrom && f.enrollmentDateTo
    && f.enrollmentDateFrom > f.enrollmentDateTo) {
    errors.enrollmentDateFrom = 'invalidRange';
  }
  if (f.notSeenDays && !isDayCount(f.notSeenDays)) errors.notSeenDays = 'invalidDays';
  return errors;
}

/** The browser's time zone as the server's ZonedDateTime reads it: `[Europe/Amsterdam]`, else `Z`. */
export function browserZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone ? `[${zone}]` : 'Z';
}

/**
 * The API's filter parameters: login, externalId, personName, humanReadableIdentifier, groupId,
 * dateOfBirth.is, enrollmentDate.from (the day at 00:00) and enrollmentDate.to (23:59), both in the browser's zone,
 * lastSeen.before (now minus the days of "Not seen for") and neverSeen (the pairing select).
 * Empty filters are left out; call validateFilters first.
 */
export function filterQuery(filters: SubjectFilters, zone = browserZone(), now = Date.now()): QueryObject {
  const f = trimFilters(filters);
  // Last contact more than N days ago, to the minute so the request stays the same while the filter does.
  const seenBefore = isDayCount(f.notSeenDays) ? new Date(Math.floor((now - Number(f.notSeenDays) * DAY_MS) / 60_000) * 60_000).toISOString() : '';
  return {
    lastSeen: { before: seenBefore },
    neverSeen: f.neverPaired === 'true' || f.neverPaired === 'false' ? f.neverPaired : undefined,
    login: f.subjectId,
    externalId: f.externalId,
    personName: f.personName,
    humanReadableIdentifier: f.humanReadableId,
    groupId: /^\d+$/.test(f.groupId) ? f.groupId : undefined,
    dateOfBirth: { is: f.dateOfBirth },
    enrollmentDate: {
      from: f.enrollmentDateFrom && `${f.enrollmentDateFrom}T00:00${zone}`,
      to: f.enrollmentDateTo && `${f.enrollmentDateTo}T23:59${zone}`,
    },
  };
}

/** The filters that are set, for the badges. */
export function activeFilterKeys(filters: SubjectFilters): FilterKey[] {
  const f = trimFilters(filters);
  return FILTER_KEYS.filter((key) => f[key] !== '');
}
