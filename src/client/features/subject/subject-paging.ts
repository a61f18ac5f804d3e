// Keyset "load more" paging of the subject list: the size rule, the cursor, the sort options, and how a page or a
// list-modification event changes what is on screen. No React. docs/client.md describes the paging.
import type { SubjectDTO } from '../../../common/dto';
import type { SubjectListModification } from '../../lib/list-events';
import type { QueryObject } from '../../lib/query-string';

export const SUBJECT_PAGE_SIZE = 20;

/** size = max(page * 20 - already loaded, 20): a reload at ?page=3 brings 60 at once, "load more" tops up a page. */
export function nextPageSize(page: number, loaded: number): number {
  return Math.max(page * SUBJECT_PAGE_SIZE - loaded, SUBJECT_PAGE_SIZE);
}

/** The cursor after the last loaded subject; a missing external id is ''. Sorted by last contact, the cursor also
 * holds it (`never` for a subject never seen). */
export function keysetAfter(last: SubjectDTO | undefined, byLastSeen = false): QueryObject | undefined {
  if (!last) return undefined;
  const cursor: QueryObject = { id: last.id ?? undefined, login: last.login, externalId: last.externalId ?? '' };
  return byLastSeen ? { ...cursor, lastSeen: last.lastSeen ?? 'never' } : cursor;
}

export const SORT_FIELDS = ['login', 'externalId', 'lastSeen'] as const;
export type SubjectSortField = (typeof SORT_FIELDS)[number];

export interface SubjectSort {
  field: SubjectSortField;
  ascending: boolean;
}

export const DEFAULT_SUBJECT_SORT: SubjectSort = { field: 'login', ascending: true };

/** `?sort=externalId,desc`; anything else is the default (login ascending). */
export function parseSubjectSort(raw: string | undefined): SubjectSort {
  const [field, direction = 'asc'] = (raw ?? '').split(',').map((part) => part.trim());
  const known = SORT_FIELDS.find((option) => option === field);
  return known ? { field: known, ascending: direction.toLowerCase() !== 'desc' } : DEFAULT_SUBJECT_SORT;
}

export function formatSubjectSort(sort: SubjectSort): string {
  return `${sort.field},${sort.ascending ? 'asc' : 'desc'}`;
}

export interface LoadedSubjects {
  subjects: readonly SubjectDTO[];
  total: number;
}

type SubjectRef = Pick<SubjectDTO, 'login'> & Partial<Pick<SubjectDTO, 'id'>>;

const sameSubject = (a: SubjectRef, b: SubjectRef): boolean =>
  a.id !== undefined && a.id !== null && b.id !== undefined && b.id !== null ? a.id === b.id : a.login === b.login;

/** Appends a page, leaving out subjects already on screen. */
export function appendPage(current: readonly SubjectDTO[], page: readonly SubjectDTO[]): SubjectDTO[] {
  return [...current, ...page.filter((subject) => !current.some((shown) => sameSubject(shown, subject)))];
}

/**
 * The list patched in place after a dialog saved: CREATE prepends and counts one more, UPDATE replaces, DELETE (also
 * sent by discontinue) removes and counts one less. A subject not on screen is left alone.
 */
export function applyModification<L extends LoadedSubjects>(list: L, change: SubjectListModification): L {
  const index = list.subjects.findIndex((shown) => sameSubject(shown, change.subject));
  if (change.op === 'CREATE') {
    return index >= 0 ? list : { ...list, subjects: [change.subject, ...list.subjects], total: list.total + 1 };
  }
  if (index < 0) return list;
  if (change.op === 'UPDATE') {
    const updated = change.subject;
    return { ...list, subjects: list.subjects.map((shown, i) => (i === index ? { ...shown, ...updated } : shown)) };
  }
  return { ...list, subjects: list.subjects.filter((_, i) => i !== index), total: Math.max(0, list.total - 1) };
}
