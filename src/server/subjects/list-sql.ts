// The one statement behind a subject list page: the matching count (ignoring the cursor) and the page itself, keyset
// paged on the normalised sort (sort-order.ts), each subject as its DTO's JSON text (subject_list_dtos(), migration
// 043). Exported so the benchmark can run exactly the SQL the server runs. Sort keys compare in the "C" collation
// and a missing external id sorts as '' (see migration 040): every order is read straight off an index, however deep
// the page.
import { ROLE_INACTIVE_PARTICIPANT, ROLE_PARTICIPANT } from '../../common/authorities';
import { userAccessJsonSql } from '../auth/user-roles';
import { apiError } from '../http/errors';
import type { SubjectCriteria } from './criteria';
import type { SortKey, SortProperty } from './sort-order';
import { pairedCountSql, seenSinceCountSql } from './activity-count';
import { leftDateSql, visibleSubjectsSql, type Visibility } from './departed';

interface ListStatement {
  sql: string;
  params: unknown[];
  /** Filtered statements are planned with their values (a LIKE pattern's trigram index, a date range's selectivity);
   * the unfiltered page reuses its prepared plan. */
  planPerCall: boolean;
}

const KEY_SQL: Record<SortProperty, (alias: string) => string> = {
  id: (a) => `${a}.id`,
  login: (a) => `${a}.login COLLATE "C"`,
  externalId: (a) => `coalesce(${a}.external_id, '') COLLATE "C"`,
  lastSeen: (a) => seenKey(a),
};
// The lastSeen cursor travels as text: a driver that converts a timestamptz parameter itself cannot convert 'never'
// (-infinity).
const CURSOR_CAST: Record<SortProperty, string> = { id: 'bigint', login: 'text', externalId: 'text', lastSeen: 'text::timestamptz' };

/** The lastSeen sort key: never seen is -infinity (migration 056 indexes this expression). */
const seenKey = (alias: string) => `coalesce(${alias}.last_seen, '-infinity'::timestamptz)`;

/** `%value%` for LIKE, with the pattern characters of the value taken literally. */
function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

class Params {
  readonly values: unknown[] = [];
  /** The SQL of the list's project, bound once and reused wherever the statement needs it. */
  project?: string;
  /** Where the statement reads subjects: the table, or for a caller who may not read every subject the list can
   * hold, the table as that caller may see it (departed.ts; set by `hide`). */
  subjects = 'subject';
  private hidden = false;
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast ? `::${cast}` : ''}`;
  }
  /** Reads subjects through departed.ts's view for the list's project `scope`, when `visibility` is given. */
  hide(scope: ProjectScope, visibility: Visibility | undefined): this {
    if (visibility && scope) {
      this.subjects = visibleSubjectsSql(projectSql(this, scope), this.add(visibility.projects, 'text[]'), this.add(visibility.organizations, 'text[]'));
      this.hidden = true;
    }
    return this;
  }
  /** SQL: whether the caller may read the subject `alias` in full. */
  visible(alias: string): string {
    return this.hidden ? `${alias}.visible` : 'true';
  }
}

/** The project a list is scoped to: its id, or its name (resolved inside the statement, saving a round trip). */
type ProjectScope = { id: number } | { name: string } | undefined;

function projectSql(p: Params, scope: NonNullable<ProjectScope>): string {
  p.project ??= 'id' in scope ? p.add(scope.id, 'bigint') : `(SELECT id FROM project WHERE project_name = ${p.add(scope.name, 'text')})`;
  return p.project;
}

function inactiveRole(p: Params, scope: ProjectScope): string {
  const project = scope === undefined ? '' : ` AND r.project_id = ${projectSql(p, scope)}`;
  return `EXISTS (SELECT 1 FROM role_users ru JOIN radar_role r ON r.id = ru.role_id
    WHERE ru.user_id = s.user_id AND r.authority_name = '${ROLE_INACTIVE_PARTICIPANT}'${project})`;
}

function authorityFilter(c: SubjectCriteria, p: Params, scope: ProjectScope): string[] {
  const participant = c.authorities.includes(ROLE_PARTICIPANT);
  const inactive = c.authorities.includes(ROLE_INACTIVE_PARTICIPANT);
  // Parameters are added only for the SQL actually used: an unused placeholder has no type and fails the statement.
  const active = () => (scope === undefined ? 's.project_id IS NOT NULL' : `s.project_id = ${projectSql(p, scope)}`);
  if (participant && !inactive) return [active()];
  if (inactive && !participant) return [inactiveRole(p, scope)];
  return scope === undefined ? [] : [`(${active()} OR ${inactiveRole(p, scope)})`];
}

/** Everything but the cursor: the WHERE of both the page and the count. */
function filters(c: SubjectCriteria, p: Params, scope: ProjectScope): string[] {
  const where = authorityFilter(c, p, scope);
  if (c.login !== undefined) where.push(`lower(s.login) LIKE lower(${p.add(containsPattern(c.login), 'text')})`);
  if (c.externalId !== undefined) where.push(`lower(s.external_id) LIKE lower(${p.add(containsPattern(c.externalId), 'text')})`);
  if (c.personName !== undefined) where.push(`lower(s.person_name) LIKE lower(${p.add(containsPattern(c.personName), 'text')})`);
  if (c.humanReadableIdentifier !== undefined) {
    where.push(`${p.visible('s')} AND EXISTS (SELECT 1 FROM subject_metadata m WHERE m.subject_id = s.id
      AND m.attribute_key = 'Human-readable-identifier' AND m.attribute_value LIKE ${p.add(containsPattern(c.humanReadableIdentifier), 'text')})`);
  }
  if (c.groupId !== undefined) where.push(`s.group_id = ${p.add(c.groupId, 'bigint')}`);
  const ranges = [['s.date_of_birth', c.dateOfBirth, 'date'], ['s.enrollment_date', c.enrollmentDate, 'timestamptz']] as const;
  for (const [column, range, cast] of ranges) {
    const value = (v: string | Date) => p.add(v instanceof Date ? v.toISOString() : v, cast);
    if (range.is !== undefined) where.push(`${column} = ${value(range.is)}`);
    else {
      if (range.from !== undefined) where.push(`${column} >= ${value(range.from)}`);
      if (range.to !== undefined) where.push(`${column} <= ${value(range.to)}`);
    }
  }
  const seen = seenKey('s');
  if (c.neverSeen !== undefined) where.push(`${seen} ${c.neverSeen ? '=' : '>'} '-infinity'::timestamptz`);
  if (c.lastSeen.before !== undefined || c.lastSeen.after !== undefined) {
    // A range of the same key: never-seen subjects (-infinity) are before everything, so they are excluded explicitly.
    where.push(c.lastSeen.after !== undefined ? `${seen} >= ${p.add(c.lastSeen.after.toISOString(), 'timestamptz')}` : `${seen} > '-infinity'::timestamptz`);
    if (c.lastSeen.before !== undefined) where.push(`${seen} < ${p.add(c.lastSeen.before.toISOString(), 'timestamptz')}`);
  }
  return where;
}

function cursorValue(key: SortKey, c: SubjectCriteria): unknown {
  const last = c.last!;
  if (key.property === 'lastSeen') {
    if (last.lastSeen === undefined) throw apiError(400, 'error.validation', 'subject', 'The keyset needs last.lastSeen for sort key lastSeen');
    return last.lastSeen === 'never' ? '-infinity' : last.lastSeen;
  }
  const value = key.property === 'id' ? last.id : key.property === 'login' ? last.login : last.externalId;
  if (value === undefined) {
    throw apiError(400, 'error.validation', 'subject', `The keyset needs last.${key.property} for sort key ${key.property}`);
  }
  return value;
}

/** A 400 unless the cursor (if any) names a value for every sort key. */
export function requireCompleteCursor(c: SubjectCriteria): void {
  if (c.last) for (const key of c.sort) cursorValue(key, c);
}

/** Rows after the cursor in the sort order: `(k1, k2) > (v1, v2)` when directions agree (one index range), else
 * `k1 >= v1 AND (k1 > v1 OR k2 > v2)` with each comparison turned for a descending key. */
function keysetPredicate(c: SubjectCriteria, p: Params, alias: string): string | undefined {
  if (!c.last) return undefined;
  const keys = c.sort.map((k) => ({ expr: KEY_SQL[k.property](alias), value: p.add(cursorValue(k, c), CURSOR_CAST[k.property]), k }));
  const op = (k: SortKey, strict: boolean) => (k.direction === 'asc' ? '>' : '<') + (strict ? '' : '=');
  if (keys.every((k) => k.k.direction === keys[0].k.direction)) {
    const row = (xs: string[]) => (xs.length > 1 ? `(${xs.join(', ')})` : xs[0]);
    return `${row(keys.map((k) => k.expr))} ${op(keys[0].k, true)} ${row(keys.map((k) => k.value))}`;
  }
  const [first, second] = keys;
  return `${first.expr} ${op(first.k, false)} ${first.value} AND (${first.expr} ${op(first.k, true)} ${first.value} OR ${second.expr} ${op(second.k, true)} ${second.value})`;
}

function orderBy(sort: SortKey[], alias: string): string {
  return sort.map((k) => `${KEY_SQL[k.property](alias)} ${k.direction.toUpperCase()}`).join(', ');
}

/** A non-negative safe integer as SQL text; anything else is a bug upstream, never SQL. */
function wholeNumber(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a whole number: ${n}`);
  return String(n);
}

/** True when nothing but the default authority (and the project) and the lastSeen criteria filter. */
function isUnfilteredButActivity(c: SubjectCriteria): boolean {
  return c.authorities.length === 1 && c.authorities[0] === ROLE_PARTICIPANT && c.login === undefined &&
    c.externalId === undefined && c.personName === undefined && c.humanReadableIdentifier === undefined &&
    c.groupId === undefined && [c.dateOfBirth, c.enrollmentDate].every((r) => r.is === undefined && r.from === undefined && r.to === undefined);
}

const hasActivityFilter = (c: SubjectCriteria) => c.neverSeen !== undefined || c.lastSeen.before !== undefined || c.lastSeen.after !== undefined;

/** True when nothing but the default authority (and the project) filters: the counter table knows the total. */
const isUnfiltered = (c: SubjectCriteria) => isUnfilteredButActivity(c) && !hasActivityFilter(c);

/** The total of a list filtered only by lastSeen criteria, from the activity counters (activity-count.ts);
 * undefined when the criteria need the rows counted (never seen and a range at once: the range is empty anyway). */
function activityCount(c: SubjectCriteria, p: Params, scope: ProjectScope): string | undefined {
  if (!isUnfilteredButActivity(c) || !hasActivityFilter(c)) return undefined;
  const project = scope === undefined ? undefined : projectSql(p, scope);
  const { before, after } = c.lastSeen;
  if (before === undefined && after === undefined) return `SELECT ${pairedCountSql(project, !c.neverSeen)}::int8 AS n`;
  if (c.neverSeen) return undefined;
  const since = (d: Date) => seenSinceCountSql(project, p.add(d.toISOString(), 'timestamptz'), true);
  const upper = before === undefined ? undefined : since(before);
  const total = after === undefined ? pairedCountSql(project, true) : since(after);
  return `SELECT (${total}${upper === undefined ? '' : ` - ${upper}`})::int8 AS n`;
}

/** Up to this many matches of a substring filter are fetched and sorted; more are found by walking the sort index. */
const FEW_MATCHES = 5000;

/** A substring filter: its matches are found through a trigram index, and how many there are is only guessed. */
const hasSubstringFilter = (c: SubjectCriteria) =>
  c.login !== undefined || c.externalId !== undefined || c.personName !== undefined || c.humanReadableIdentifier !== undefined;

/**
 * The page-and-count statement for `c` within a project (undefined: every project). Rows: `total`, `project_id`
 * (null when a project named by `scope` does not exist), and per subject its `dto` (JSON text) and sort keys
 * `subject_id`, `subject_login`, `subject_external_id`, `subject_last_seen` (all null on an empty page). Given `callerLogin`, the first
 * row's `caller` also holds that user's roles (userAccessJsonSql): the request's authentication rides along.
 * `fewMatches`: see FEW_MATCHES (tests lower it to run the other branch).
 */
export function buildListStatement(c: SubjectCriteria, scope: ProjectScope, callerLogin?: string, fewMatches = FEW_MATCHES, visibility?: Visibility): ListStatement {
  const p = new Params().hide(scope, visibility);
  const where = filters(c, p, scope);
  const fastCount = isUnfiltered(c);
  const whereSql = (extra: string[] = []) => ([...where, ...extra].length ? ` WHERE ${[...where, ...extra].join(' AND ')}` : '');
  const counted = activityCount(c, p, scope);
  const count = counted !== undefined
    ? counted
    : !fastCount
    ? `SELECT count(*)::int8 AS n FROM ${p.subjects} s${whereSql()}`
    : scope === undefined
      ? 'SELECT coalesce(sum(subjects), 0)::int8 AS n FROM subject_count WHERE project_key <> 0'
      : `SELECT coalesce((SELECT subjects FROM subject_count WHERE project_key = ${projectSql(p, scope)}), 0)::int8 AS n`;
  // `page` is an offset for callers paging without a cursor; with a cursor the cursor alone positions the page.
  // Both are written as literals (whole numbers the criteria checked): a prepared statement's generic plan then
  // knows the page is `size` rows, costs what a plan for the values would, and PostgreSQL keeps reusing it instead
  // of planning every call (a LIMIT parameter is estimated at a tenth of the table).
  const offset = c.last ? 0 : c.page * c.size;
  const limit = `LIMIT ${wholeNumber(c.size)}${offset ? ` OFFSET ${wholeNumber(offset)}` : ''}`;
  const keyset = keysetPredicate(c, p, 's');
  const walk = `ARRAY(SELECT s.id FROM ${p.subjects} s${whereSql(keyset ? [keyset] : [])} ORDER BY ${orderBy(c.sort, 's')} ${limit})`;
  let ids = walk;
  if (hasSubstringFilter(c)) {
    // The planner guesses how many rows a substring matches from a histogram sample: a fragment that happens to hit
    // the sample looks common, and the page is then read by walking the sort index until enough rows pass the filter
    // (40 ms at a million subjects for a fragment matching a thousand). The exact count, read first anyway, decides
    // instead: few matches are fetched through the trigram index and sorted (the subquery is fenced by OFFSET 0, so
    // the sort index cannot be used), many are found soon by the walk. Only the branch taken runs.
    const mKeyset = keysetPredicate(c, p, 'm');
    const fetchAndSort = `ARRAY(SELECT m.id FROM (SELECT s.id, s.login, s.external_id, s.last_seen FROM ${p.subjects} s${whereSql()} OFFSET 0) m${
      mKeyset ? ` WHERE ${mKeyset}` : ''} ORDER BY ${orderBy(c.sort, 'm')} ${limit})`;
    ids = `CASE WHEN total.n <= ${wholeNumber(fewMatches)} THEN ${fetchAndSort} ELSE ${walk} END`;
  }
  const project = scope === undefined ? 'NULL::bigint' : projectSql(p, scope);
  const caller = callerLogin === undefined ? '' : `,
       CASE WHEN coalesce(d.ord, 1) = 1 THEN ${userAccessJsonSql(p.add(callerLogin, 'text'))} END AS caller`;
  // A subject the caller may not read in full is answered as one that left (departed.ts): flagged, with when it left.
  const departed = p.subjects === 'subject' ? '' : `,
       dv.hidden, CASE WHEN dv.hidden THEN ${leftDateSql('d.subject_id', project)} END AS left_date`;
  const departedJoin = departed && ` LEFT JOIN LATERAL (SELECT NOT v.visible AS hidden FROM ${p.subjects} v WHERE v.id = d.subject_id) dv ON true`;
  const sql = `WITH total AS (${count})
SELECT total.n AS total, ${project} AS project_id, d.subject_id, d.subject_login, d.subject_external_id, d.subject_last_seen, d.dto${caller}${departed}
  FROM total LEFT JOIN LATERAL subject_list_dtos(${ids}) d ON true${departedJoin} ORDER BY d.ord`;
  return { sql, params: p.values, planPerCall: !fastCount };
}

/** `GET api/subjects?projectName=..&externalId=..`: the subject with exactly that external id (authority filter
 * applied), as ManagementPortal's lookup special case. */
export function buildExactLookup(c: SubjectCriteria, projectId: number, externalId: string, visibility?: Visibility): { sql: string; params: unknown[] } {
  const p = new Params().hide({ id: projectId }, visibility);
  const where = [...authorityFilter(c, p, { id: projectId }), `s.external_id = ${p.add(externalId, 'text')}`];
  return { sql: `SELECT s.id FROM ${p.subjects} s WHERE ${where.join(' AND ')} ORDER BY s.id LIMIT 1`, params: p.values };
}

/**
 * The export (subject-export.ts): the matching subjects after the cursor in `c.sort`, `batchSize` at a time, with the
 * columns a file needs (no DTO: roles and source details are not exported); no count. Same filters and order as the
 * page.
 */
/** A subject whose processing is restricted (Art. 18, docs/privacy.md) is kept but not used: never exported. */
const NOT_RESTRICTED = 'NOT EXISTS (SELECT 1 FROM subject_restriction r WHERE r.subject_id = s.id)';

export function buildExportBatch(c: SubjectCriteria, scope: ProjectScope, batchSize: number, visibility?: Visibility): { sql: string; params: unknown[] } {
  const p = new Params().hide(scope, visibility);
  const where = filters(c, p, scope);
  const keyset = keysetPredicate(c, p, 's');
  const all = [...where, ...(keyset ? [keyset] : []), NOT_RESTRICTED];
  const ids = `ARRAY(SELECT s.id FROM ${p.subjects} s${all.length ? ` WHERE ${all.join(' AND ')}` : ''} ORDER BY ${orderBy(c.sort, 's')} LIMIT ${wholeNumber(batchSize)})`;
  // Attributes and sources are aggregated once for the batch (a join on its ids), not per subject.
  const sql = `WITH k AS MATERIALIZED (SELECT * FROM unnest(${ids}) WITH ORDINALITY AS k(id, ord)),
  a AS (SELECT m.subject_id, json_object_agg(m.attribute_key, coalesce(m.attribute_value, ''))::text AS attributes
          FROM subject_metadata m JOIN k ON m.subject_id = k.id GROUP BY m.subject_id),
  src AS (SELECT rs.subject_id, string_agg(rs.source_name, '|' ORDER BY rs.id) AS sources
            FROM radar_source rs JOIN k ON rs.subject_id = k.id WHERE NOT rs.deleted GROUP BY rs.subject_id)
SELECT s.id AS subject_id, s.login AS subject_login, s.external_id AS subject_external_id, s.external_link,
       s.removed, u.activated, CASE WHEN ${p.visible('s')} THEN p.project_name END AS project_name, g.name AS group_name, s.person_name, s.date_of_birth::text AS date_of_birth,
       to_char(s.enrollment_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS enrollment_date,
       CASE WHEN ${p.visible('s')} THEN src.sources END AS sources, CASE WHEN ${p.visible('s')} THEN a.attributes END AS attributes,
       ${p.visible('s')} AND sp.subject_id IS NOT NULL AS paired, CASE WHEN ${p.visible('s')} THEN sp.last_paired_at END AS last_paired_at,
       coalesce(to_char(s.last_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 'never') AS last_seen_cursor
  FROM k JOIN ${p.subjects} s ON s.id = k.id JOIN radar_user u ON u.id = s.user_id
  LEFT JOIN project p ON p.id = s.project_id LEFT JOIN radar_group g ON g.id = s.group_id
  LEFT JOIN subject_pairing sp ON sp.subject_id = s.id LEFT JOIN a ON a.subject_id = s.id LEFT JOIN src ON src.subject_id = s.id
 ORDER BY k.ord`;
  return { sql, params: p.values };
}

/** The attribute keys of the subjects `c` matches (the export's columns), in the "C" order. */
export function buildExportAttributeKeys(c: SubjectCriteria, scope: ProjectScope, visibility?: Visibility): { sql: string; params: unknown[] } {
  const p = new Params().hide(scope, visibility);
  const where = [...filters(c, p, scope), p.visible('s'), NOT_RESTRICTED];
  const sql = `SELECT DISTINCT m.attribute_key COLLATE "C" AS attribute_key FROM subject_metadata m
    WHERE m.subject_id IN (SELECT s.id FROM ${p.subjects} s WHERE ${where.join(' AND ')}) ORDER BY 1`;
  return { sql, params: p.values };
}
