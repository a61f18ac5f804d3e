// How the API document describes the two subject lists' query (SubjectCriteria, read by criteria.ts).
import { arrayOf, date, enumOf, integer, string } from '../../common/schema';
import type { QueryParam } from '../http/route';
import { list, param } from '../http/route-docs';

const zoned = 'yyyy-MM-dd[THH:mm[:ss]][offset][[Zone]], e.g. 2024-01-01T00:00[Europe/Amsterdam]';

/** SubjectCriteria, keyset paged: `last.*` are the values of the last subject of the previous page. */
export function subjectCriteriaParams(withProject: boolean): Record<string, QueryParam> {
  return {
    ...(withProject ? { projectName: param(string(), 'Exact project; with externalId an exact lookup (one subject, no paging)') } : {}),
    authority: param(arrayOf(enumOf(['ROLE_PARTICIPANT', 'ROLE_INACTIVE_PARTICIPANT'])), 'Repeatable; ROLE_PARTICIPANT by default'),
    login: param(string(), 'Contains, ignoring case'),
    externalId: param(string(), 'Contains, ignoring case'),
    personName: param(string(), 'Contains, ignoring case'),
    humanReadableIdentifier: param(string(), 'Contains (attribute Human-readable-identifier)'),
    groupId: param(integer(), 'Exact group id'),
    'dateOfBirth.is': param(date()), 'dateOfBirth.from': param(date()), 'dateOfBirth.to': param(date()),
    'enrollmentDate.is': param(string(zoned)), 'enrollmentDate.from': param(string(zoned)), 'enrollmentDate.to': param(string(zoned)),
    'lastSeen.before': param(string(zoned), 'Last contact before this instant (never-seen subjects excluded)'),
    'lastSeen.after': param(string(zoned), 'Last contact at or after this instant'),
    neverSeen: param(enumOf(['true', 'false']), 'true: never paired (no contact yet); false: seen at least once'),
    size: param(integer(undefined, { format: 'int32', minimum: 1, default: 20 }), 'Page size'),
    sort: param(arrayOf(string()), 'Repeatable `property[,asc|desc]` over id, externalId, login, lastSeen (never seen first when ascending); id asc by default'),
    'last.id': param(string(), 'Keyset cursor: id of the last subject of the previous page'),
    'last.login': param(string(), 'Keyset cursor'),
    'last.externalId': param(string(), 'Keyset cursor'),
    'last.lastSeen': param(string(), 'Keyset cursor for a lastSeen sort: an instant to the microsecond, or never'),
  };
}

export const subjectListDoc = (description: string) => ({ ...list('SubjectDTO', description), headers: ['keyset' as const] });
