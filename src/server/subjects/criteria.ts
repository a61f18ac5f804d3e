// SubjectCriteria (docs/subjects.md) read from the query string of both subject lists. Every bad value is a 400 naming
// the parameter (ManagementPortal answered 500 or a 200 ErrorVM): an unknown or repeated parameter, a number or date
// that does not parse, a range whose start is after its end, a size below 1. Blank string filters and the literal
// "null" are ignored, as ManagementPortal does. Sizes above 2000 are clamped, as every page size
// (docs/api-conventions.md, "Paging").
import type { FieldErrorVM } from '../../common/dto';
import { parseAuthority, ROLE_INACTIVE_PARTICIPANT, ROLE_PARTICIPANT } from '../../common/authorities';
import { validationFailed } from '../http/errors';
import { normalizeSort, type SortKey } from './sort-order';
import { parseLocalDate, parseZonedDateTime } from '../http/zoned-date-time';

const MAX_SIZE = 2000;
const DEFAULT_SIZE = 20;
type ParticipantAuthority = typeof ROLE_PARTICIPANT | typeof ROLE_INACTIVE_PARTICIPANT;

interface Range<T> { is?: T; from?: T; to?: T }

export interface SubjectCriteria {
  projectName?: string;
  authorities: ParticipantAuthority[];
  login?: string;
  externalId?: string;
  personName?: string;
  humanReadableIdentifier?: string;
  groupId?: number;
  dateOfBirth: Range<string>;
  enrollmentDate: Range<Date>;
  size: number;
  page: number;
  sort: SortKey[];
  /** Whether `sort` was given (the Link repeats it only then). */
  sortGiven: boolean;
  /** Last contact before / at or after (docs/subjects.md, "Activity"); both leave never-seen subjects out. */
  lastSeen: { before?: Date; after?: Date };
  /** true: only subjects never seen; false: only subjects seen at least once. */
  neverSeen?: boolean;
  /** The keyset cursor: present when `last.id` or `last.login` was given. A missing external id is ''. `lastSeen` is
   * an instant as the next link writes it (to the microsecond) or 'never'. */
  last?: { id?: number; login?: string; externalId: string; lastSeen?: string };
  /** Accepted filter parameters as given, in the order the Link header repeats them. */
  echo: [string, string][];
}

const TEXT = ['externalId', 'personName', 'humanReadableIdentifier', 'login'] as const;
const RANGE_KEYS = ['is', 'from', 'to'] as const;
const SINGLE = new Set([
  'projectName', 'login', 'externalId', 'personName', 'humanReadableIdentifier', 'groupId', 'size', 'page',
  'dateOfBirth.is', 'dateOfBirth.from', 'dateOfBirth.to', 'enrollmentDate.is', 'enrollmentDate.from', 'enrollmentDate.to',
  'last.id', 'last.login', 'last.externalId', 'last.authority',
  'lastSeen.before', 'lastSeen.after', 'neverSeen', 'last.lastSeen',
]);
const REPEATABLE = new Set(['authority', 'sort']);

const error = (field: string, message: string): FieldErrorVM => ({ objectName: 'subjectCriteria', field, message });
const usable = (v: string | null): v is string => v !== null && v.trim() !== '' && v !== 'null';

/**
 * The `projectName` of `api/subjects` and `api/subjects.csv` as the criteria read it, from the raw query: the routes'
 * finders use it before the criteria are checked, so a caller refused on the project learns nothing of valid criteria.
 */
export function projectNameParam(q: URLSearchParams): string | undefined {
  const raw = q.get('projectName');
  return usable(raw) ? raw : undefined;
}

function wholeNumber(q: URLSearchParams, name: string, errors: FieldErrorVM[]): number | undefined {
  const raw = q.get(name);
  if (!usable(raw)) return undefined;
  if (!/^-?\d{1,15}$/.test(raw.trim())) {
    errors.push(error(name, 'TypeMismatch: must be a whole number'));
    return undefined;
  }
  return Number(raw.trim());
}

function range<T extends string | Date>(q: URLSearchParams, name: string, parse: (s: string) => T | undefined, errors: FieldErrorVM[], echo: [string, string][]): Range<T> {
  const out: Range<T> = {};
  for (const key of RANGE_KEYS) {
    const raw = q.get(`${name}.${key}`);
    if (!usable(raw)) continue;
    const value = parse(raw);
    if (value === undefined) errors.push(error(`${name}.${key}`, `TypeMismatch: not a valid date: ${raw}`));
    else {
      out[key] = value;
      echo.push([`${name}.${key}`, raw]);
    }
  }
  const { is, from, to } = out;
  if (is === undefined && from !== undefined && to !== undefined && from > to) {
    errors.push(error(name, 'InvalidRange: from must not be after to'));
  }
  return out;
}

function authorities(q: URLSearchParams, errors: FieldErrorVM[]): ParticipantAuthority[] {
  const found = new Set<ParticipantAuthority>();
  for (const raw of q.getAll('authority').flatMap((v) => v.split(','))) {
    if (!usable(raw)) continue;
    const name = parseAuthority(raw.trim())?.name;
    if (name === ROLE_PARTICIPANT || name === ROLE_INACTIVE_PARTICIPANT) found.add(name);
    else errors.push(error('authority', `TypeMismatch: not a participant authority: ${raw}`));
  }
  return found.size ? [...found].sort() as ParticipantAuthority[] : [ROLE_PARTICIPANT];
}

/** A UTC instant as the next link writes a lastSeen cursor. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** `lastSeen.before`, `lastSeen.after` (zoned date-times, as enrollmentDate) and `neverSeen` (true or false). */
function lastSeenCriteria(q: URLSearchParams, errors: FieldErrorVM[], echo: [string, string][]): Pick<SubjectCriteria, 'lastSeen' | 'neverSeen'> {
  const lastSeen: SubjectCriteria['lastSeen'] = {};
  for (const key of ['before', 'after'] as const) {
    const raw = q.get(`lastSeen.${key}`);
    if (!usable(raw)) continue;
    const value = parseZonedDateTime(raw);
    if (value === undefined) errors.push(error(`lastSeen.${key}`, `TypeMismatch: not a valid date: ${raw}`));
    else {
      lastSeen[key] = value;
      echo.push([`lastSeen.${key}`, raw]);
    }
  }
  if (lastSeen.before && lastSeen.after && lastSeen.after > lastSeen.before) {
    errors.push(error('lastSeen', 'InvalidRange: after must not be after before'));
  }
  const raw = q.get('neverSeen');
  let neverSeen: boolean | undefined;
  if (usable(raw)) {
    if (raw === 'true' || raw === 'false') {
      neverSeen = raw === 'true';
      echo.push(['neverSeen', raw]);
    } else errors.push(error('neverSeen', 'TypeMismatch: must be true or false'));
  }
  return { lastSeen, neverSeen };
}

/** Reads the criteria; `projectFromPath` is the project of `api/projects/{p}/subjects`, which wins over the query. */
export function parseCriteria(q: URLSearchParams, projectFromPath?: string): SubjectCriteria {
  const errors: FieldErrorVM[] = [];
  for (const name of new Set(q.keys())) {
    if (!SINGLE.has(name) && !REPEATABLE.has(name)) errors.push(error(name, 'UnknownParameter: not a subject criterion'));
    else if (SINGLE.has(name) && q.getAll(name).length > 1) errors.push(error(name, 'Repeated: give this parameter once'));
  }
  const echo: [string, string][] = [];
  const dateOfBirth = range(q, 'dateOfBirth', parseLocalDate, errors, echo);
  const enrollmentDate = range(q, 'enrollmentDate', parseZonedDateTime, errors, echo);
  const text: Partial<Record<(typeof TEXT)[number], string>> = {};
  for (const name of TEXT) if (usable(q.get(name))) text[name] = q.get(name)!;
  const groupId = wholeNumber(q, 'groupId', errors);
  const projectName = projectFromPath ?? projectNameParam(q);
  for (const [name, value] of [
    ['externalId', text.externalId], ['groupId', groupId], ['personName', text.personName],
    ['humanReadableIdentifier', text.humanReadableIdentifier], ['projectName', projectName], ['login', text.login],
  ] as const) if (value !== undefined) echo.push([name, String(value)]);
  const size = wholeNumber(q, 'size', errors) ?? DEFAULT_SIZE;
  if (size < 1) errors.push(error('size', 'Min: must be at least 1'));
  const page = wholeNumber(q, 'page', errors) ?? 0;
  if (page < 0) errors.push(error('page', 'Min: must be at least 0'));
  const lastId = wholeNumber(q, 'last.id', errors);
  const lastLogin = usable(q.get('last.login')) ? q.get('last.login')! : undefined;
  const auth = authorities(q, errors);
  const seen = lastSeenCriteria(q, errors, echo);
  const lastSeenCursor = q.get('last.lastSeen') ?? undefined;
  if (lastSeenCursor !== undefined && lastSeenCursor !== 'never' && !INSTANT.test(lastSeenCursor)) {
    errors.push(error('last.lastSeen', 'TypeMismatch: an instant such as 2024-01-02T03:04:05.123456Z, or never'));
  }
  if (errors.length) throw validationFailed('subjectCriteria', errors);
  const sortValues = q.getAll('sort');
  const criteria: SubjectCriteria = {
    projectName, authorities: auth, ...text, groupId, dateOfBirth, enrollmentDate, ...seen,
    size: Math.min(size, MAX_SIZE), page, sort: normalizeSort(sortValues), sortGiven: sortValues.length > 0, echo,
  };
  if (lastId !== undefined || lastLogin !== undefined) {
    criteria.last = { id: lastId, login: lastLogin, externalId: q.get('last.externalId') ?? '' };
    if (lastSeenCursor !== undefined) criteria.last.lastSeen = lastSeenCursor;
  }
  return criteria;
}
