// The keyset "next" link of the subject lists (docs/subjects.md): present only when the page is non-empty; it repeats
// the criteria in ManagementPortal's order, then the cursor of the page's last subject. Values are percent-encoded
// (commas and colons kept readable; `+` encoded, since a query `+` reads as a space).
import type { SubjectCriteria } from './criteria';

function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ',').replace(/%3A/gi, ':');
}

/** A path segment in Spring's form-URL encoding (space as `+`). */
export function encodePathSegment(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}

/** The sort keys of the page's last subject. */
interface PageCursor {
  id: number;
  login: string;
  externalId: string | null;
  /** To the microsecond, or 'never' (subject_list_dtos, migration 056). */
  lastSeen: string | null;
}

export function subjectListHeaders(base: string, c: SubjectCriteria, total: number, lastSubject: PageCursor | undefined): Record<string, string> {
  const headers: Record<string, string> = { 'X-Total-Count': String(total) };
  if (!lastSubject) return headers;
  const params: [string, string][] = [...c.echo];
  for (const authority of c.authorities) params.push(['authority', authority]);
  params.push(['size', String(c.size)], ['page', String(c.page)]);
  if (c.sortGiven) for (const k of c.sort) params.push(['sort', `${k.property},${k.direction}`]);
  params.push(['last.id', String(lastSubject.id)], ['last.login', lastSubject.login]);
  if (lastSubject.externalId) params.push(['last.externalId', lastSubject.externalId]);
  if (c.sort.some((k) => k.property === 'lastSeen') && lastSubject.lastSeen) params.push(['last.lastSeen', lastSubject.lastSeen]);
  const query = params.map(([k, v]) => `${k}=${encodeQueryValue(v)}`).join('&');
  headers.Link = `<${base}?${query}>; rel="next"`;
  return headers;
}
