// The project overview (docs/subjects.md, "Activity"): subjects by status, paired vs never paired, fresh / late /
// stale, enrolments per week and participants seen per day. Everything comes from counters the database maintains
// in the writing transaction (migration 056), so the cost does not grow with the number of subjects:
//   - status and paired: subject_activity_count, a handful of rows per project;
//   - fresh / late / stale: subject_seen_hour, subjects by the UTC hour of their last contact, summed for the whole
//     hours after a threshold, plus an index count (migration 056's lastSeen key) for the part-hour at the threshold;
//   - seen per day: subject_seen_day, at most 90 rows read;
//   - enrolments per week: subject_enrolment_week, at most 13 rows read.
import { FRESHNESS_LEVELS, LATE_HOURS_ATTRIBUTE, STALE_HOURS_ATTRIBUTE, thresholdsOf, type Freshness, type FreshnessThresholds } from '../../common/freshness';
import { SUBJECT_STATUSES, type SubjectStatus } from '../../common/dto';
import type { ActivityCounts, OrganizationOverview, ProjectOverview } from '../../common/activity-dto';
import { first, jsonColumn, type Queryable } from '../db/database';
import { seenSinceCountSql } from '../subjects/activity-count';
import { subjectStatus } from '../subjects/subject-select';

export const OVERVIEW_WEEKS = 13;
export const OVERVIEW_DAYS = 90;

interface ProjectRef {
  id: number;
  projectName: string;
  thresholds: FreshnessThresholds;
}

const COUNTS_SQL = `WITH clock AS (SELECT now() AS t)
SELECT clock.t AS as_of,
  (SELECT coalesce(json_agg(json_build_object('removed', removed, 'activated', activated, 'paired', paired, 'subjects', subjects)), '[]'::json)
     FROM subject_activity_count WHERE project_key = $1 AND subjects <> 0) AS status,
  ${seenSinceCountSql('$1', "(clock.t - $2::int * interval '1 hour')", false)}::int8 AS seen_late,
  ${seenSinceCountSql('$1', "(clock.t - $3::int * interval '1 hour')", false)}::int8 AS seen_stale
FROM clock`;

const CHARTS_SQL = `WITH clock AS (SELECT (now() AT TIME ZONE 'UTC') AS t)
SELECT
  (SELECT coalesce(json_agg(json_build_object('week', to_char(w.week, 'YYYY-MM-DD'), 'subjects', w.subjects) ORDER BY w.week), '[]'::json)
     FROM subject_enrolment_week w, clock
    WHERE w.project_key = $1 AND w.week >= (date_trunc('week', clock.t) - interval '${OVERVIEW_WEEKS - 1} weeks')::date) AS weeks,
  (SELECT coalesce(json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'subjects', d.subjects) ORDER BY d.day), '[]'::json)
     FROM subject_seen_day d, clock WHERE d.project_key = $1 AND d.day > clock.t::date - ${OVERVIEW_DAYS}) AS days,
  to_char(clock.t, 'YYYY-MM-DD') AS today
FROM clock`;

interface StatusRow {
  removed: boolean;
  activated: boolean;
  paired: boolean;
  subjects: number | string;
}

type Json<T> = T | string;

/** The project with its freshness thresholds; undefined when there is no such project. */
export async function findOverviewProject(q: Queryable, projectName: string): Promise<ProjectRef | undefined> {
  const row = await first<{ id: number; project_name: string; attributes: Json<Record<string, string>> | null }>(
    q,
    `SELECT p.id, p.project_name, (SELECT json_object_agg(m.attribute_key, m.attribute_value) FROM project_metadata m
        WHERE m.project_id = p.id AND m.attribute_key IN ($2, $3)) AS attributes
       FROM project p WHERE p.project_name = $1`,
    [projectName, LATE_HOURS_ATTRIBUTE, STALE_HOURS_ATTRIBUTE],
  );
  if (!row) return undefined;
  return { id: Number(row.id), projectName: row.project_name, thresholds: thresholdsOf(row.attributes ? jsonColumn(row.attributes) : {}) };
}

/** The counts of one project at the database's now. */
export async function activityCounts(q: Queryable, project: ProjectRef): Promise<ActivityCounts & { asOf: string }> {
  const { lateHours, staleHours } = project.thresholds;
  const [row] = await q.query<{ as_of: Date | string; status: Json<StatusRow[]>; seen_late: number | string; seen_stale: number | string }>(
    COUNTS_SQL, [project.id, lateHours, staleHours]);
  const byStatus = Object.fromEntries(SUBJECT_STATUSES.map((s) => [s, 0])) as Record<SubjectStatus, number>;
  let paired = 0;
  let subjects = 0;
  for (const r of jsonColumn(row.status)) {
    const n = Number(r.subjects);
    byStatus[subjectStatus(r.activated, r.removed)] += n;
    subjects += n;
    if (r.paired) paired += n;
  }
  const seenLate = Number(row.seen_late);
  const seenStale = Number(row.seen_stale);
  const freshness: Record<Freshness, number> = { fresh: seenLate, late: seenStale - seenLate, stale: paired - seenStale, never: subjects - paired };
  return { subjects, byStatus, paired, neverPaired: subjects - paired, freshness, asOf: new Date(row.as_of).toISOString() };
}

/** `count` days (YYYY-MM-DD, UTC) ending at `to`, `stepDays` apart, oldest first. */
function days(to: string, count: number, stepDays: number): string[] {
  const end = Date.parse(`${to}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(end - (count - 1 - i) * stepDays * 86_400_000).toISOString().slice(0, 10));
}

/** The Monday (UTC) of the week of `day`. */
function mondayOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - weekday * 86_400_000).toISOString().slice(0, 10);
}

export async function projectOverview(q: Queryable, project: ProjectRef): Promise<ProjectOverview> {
  const counts = await activityCounts(q, project);
  const [charts] = await q.query<{ weeks: Json<{ week: string; subjects: number }[]>; days: Json<{ day: string; subjects: number }[]>; today: string }>(
    CHARTS_SQL, [project.id]);
  const weekCounts = new Map(jsonColumn(charts.weeks).map((w) => [w.week, Number(w.subjects)]));
  const dayCounts = new Map(jsonColumn(charts.days).map((d) => [d.day, Number(d.subjects)]));
  return {
    projectName: project.projectName,
    asOf: counts.asOf,
    thresholds: project.thresholds,
    subjects: counts.subjects,
    byStatus: counts.byStatus,
    paired: counts.paired,
    neverPaired: counts.neverPaired,
    freshness: counts.freshness,
    enrolmentsPerWeek: days(mondayOf(charts.today), OVERVIEW_WEEKS, 7).map((week) => ({ week, subjects: weekCounts.get(week) ?? 0 })),
    seenPerDay: days(charts.today, OVERVIEW_DAYS, 1).map((day) => ({ day, subjects: dayCounts.get(day) ?? 0 })),
  };
}

/** Sums the counts of the given projects (each classified with its own thresholds). */
export function sumCounts(organizationName: string, all: ActivityCounts[]): OrganizationOverview {
  const total: OrganizationOverview = {
    organizationName, projects: all.length, subjects: 0, paired: 0, neverPaired: 0,
    byStatus: Object.fromEntries(SUBJECT_STATUSES.map((s) => [s, 0])) as Record<SubjectStatus, number>,
    freshness: Object.fromEntries(FRESHNESS_LEVELS.map((f) => [f, 0])) as Record<Freshness, number>,
  };
  for (const c of all) {
    total.subjects += c.subjects;
    total.paired += c.paired;
    total.neverPaired += c.neverPaired;
    for (const s of SUBJECT_STATUSES) total.byStatus[s] += c.byStatus[s];
    for (const f of FRESHNESS_LEVELS) total.freshness[f] += c.freshness[f];
  }
  return total;
}

/** The projects of an organization with their thresholds; undefined when there is no such organization. */
export async function organizationProjects(q: Queryable, organizationName: string): Promise<ProjectRef[] | undefined> {
  const rows = await q.query<{ org: number; id: number | null; project_name: string | null; attributes: Json<Record<string, string>> | null }>(
    `SELECT o.id AS org, p.id, p.project_name, (SELECT json_object_agg(m.attribute_key, m.attribute_value) FROM project_metadata m
        WHERE m.project_id = p.id AND m.attribute_key IN ($2, $3)) AS attributes
       FROM radar_organization o LEFT JOIN project p ON p.organization_id = o.id WHERE o.name = $1 ORDER BY p.id`,
    [organizationName, LATE_HOURS_ATTRIBUTE, STALE_HOURS_ATTRIBUTE],
  );
  if (!rows.length) return undefined;
  return rows.filter((r) => r.id !== null).map((r) => ({
    id: Number(r.id), projectName: r.project_name!, thresholds: thresholdsOf(r.attributes ? jsonColumn(r.attributes) : {}),
  }));
}
