// Counting subjects by their last contact without reading them (docs/subjects.md, "Activity"), from the counters of
// migration 056: paired / never paired from subject_activity_count, and "seen at or after an instant" from
// subject_seen_hour (the whole UTC hours after it) plus an index count of the part-hour at the instant. The project
// overview and the X-Total-Count of the lists' lastSeen filters both use these, so their cost does not grow with the
// number of subjects.

/** The counters' rows of one project (an SQL expression for its id), or of every project (subjects in one). */
const scopeOf = (project: string | undefined, column: string) => (project === undefined ? `${column} <> 0` : `${column} = ${project}`);

/** Subjects (never) paired. */
export function pairedCountSql(project: string | undefined, paired: boolean): string {
  return `(SELECT coalesce(sum(subjects), 0) FROM subject_activity_count WHERE ${scopeOf(project, 'project_key')} AND ${paired ? '' : 'NOT '}paired)`;
}

/** Subjects whose last contact is after `cutoff` (at or after when `inclusive`); `cutoff` is a timestamptz SQL
 * expression. */
export function seenSinceCountSql(project: string | undefined, cutoff: string, inclusive: boolean): string {
  const nextHour = `(date_trunc('hour', ${cutoff} AT TIME ZONE 'UTC') + interval '1 hour')`;
  const key = "coalesce(last_seen, '-infinity'::timestamptz)";
  const subjects = project === undefined ? 'project_id IS NOT NULL' : `project_id = ${project}`;
  return `((SELECT coalesce(sum(subjects), 0) FROM subject_seen_hour WHERE ${scopeOf(project, 'project_key')} AND hour >= ${nextHour})
    + (SELECT count(*) FROM subject WHERE ${subjects} AND ${key} ${inclusive ? '>=' : '>'} ${cutoff} AND ${key} < ${nextHour} AT TIME ZONE 'UTC'))`;
}
