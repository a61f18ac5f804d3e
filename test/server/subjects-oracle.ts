// The brute-force answer to a subject list query: filter every fixture subject in JS and sort it by the normalised
// keys (docs/subjects.md) in code point order, a missing external id as ''. The list tests walk the server's keyset
// pages and compare them with this, row for row.
import type { SubjectSpec } from '../setup/subjects';

export interface OracleSubject extends SubjectSpec {
  id: number;
  groupId: number | null;
}

export interface OracleQuery {
  project?: string;
  authorities?: ('ROLE_PARTICIPANT' | 'ROLE_INACTIVE_PARTICIPANT')[];
  login?: string;
  externalId?: string;
  personName?: string;
  humanReadableIdentifier?: string;
  groupId?: number;
  dateOfBirth?: { is?: string; from?: string; to?: string };
  enrollmentDate?: { is?: Date; from?: Date; to?: Date };
  /** Normalised sort keys. */
  sort: [('id' | 'login' | 'externalId'), ('asc' | 'desc')][];
}

const contains = (value: string | null | undefined, part: string) => (value ?? '').includes(part) && value != null;
const ci = (value: string | null | undefined, part: string) => value != null && value.toLowerCase().includes(part.toLowerCase());

function inRange<T extends string | Date>(value: T | null | undefined, r?: { is?: T; from?: T; to?: T }): boolean {
  if (!r || (r.is === undefined && r.from === undefined && r.to === undefined)) return true;
  if (value === null || value === undefined) return false;
  const v = value instanceof Date ? value.getTime() : value;
  const n = (x: T) => (x instanceof Date ? x.getTime() : x);
  if (r.is !== undefined) return v === n(r.is);
  return (r.from === undefined || v >= n(r.from)) && (r.to === undefined || v <= n(r.to));
}

function authorityMatch(s: OracleSubject, q: OracleQuery): boolean {
  const auth = q.authorities ?? ['ROLE_PARTICIPANT'];
  const active = q.project === undefined ? true : s.project === q.project;
  const inactive = q.project === undefined ? (s.inactiveIn ?? []).length > 0 : (s.inactiveIn ?? []).includes(q.project);
  const both = auth.includes('ROLE_PARTICIPANT') && auth.includes('ROLE_INACTIVE_PARTICIPANT');
  if (both) return q.project === undefined || active || inactive;
  return auth.includes('ROLE_PARTICIPANT') ? active : inactive;
}

function compareCodePoints(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

export function oracle(all: OracleSubject[], q: OracleQuery): OracleSubject[] {
  const rows = all.filter((s) =>
    authorityMatch(s, q) &&
    (q.login === undefined || ci(s.login, q.login)) &&
    (q.externalId === undefined || ci(s.externalId, q.externalId)) &&
    (q.personName === undefined || ci(s.personName, q.personName)) &&
    (q.humanReadableIdentifier === undefined || contains(s.hrid, q.humanReadableIdentifier)) &&
    (q.groupId === undefined || s.groupId === q.groupId) &&
    inRange(s.dateOfBirth, q.dateOfBirth) &&
    inRange(s.enrollmentDate ? new Date(s.enrollmentDate) : null, q.enrollmentDate));
  const key = (s: OracleSubject, k: string) => (k === 'id' ? s.id : k === 'login' ? s.login : s.externalId ?? '');
  return rows.sort((a, b) => {
    for (const [k, dir] of q.sort) {
      const x = key(a, k);
      const y = key(b, k);
      const c = typeof x === 'number' ? x - (y as number) : compareCodePoints(x, y as string);
      if (c !== 0) return dir === 'asc' ? c : -c;
    }
    return 0;
  });
}
