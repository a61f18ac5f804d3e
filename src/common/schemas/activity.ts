// The activity overviews (docs/subjects.md, "Activity").
import { arrayOf, dateTime, integer, object, string, type Schema } from '../schema';

const count = integer(undefined, { minimum: 0 });
const byStatus = object({ ACTIVATED: count, DEACTIVATED: count, DISCONTINUED: count, INVALID: count },
  ['ACTIVATED', 'DEACTIVATED', 'DISCONTINUED', 'INVALID']);
const freshness = object({ fresh: count, late: count, stale: count, never: count }, ['fresh', 'late', 'stale', 'never'],
  'By last contact: fresh within the late threshold, late until the stale threshold, stale after it, never when not paired');
const counts: Record<string, Schema> = { subjects: count, byStatus, paired: count, neverPaired: count, freshness };
const countKeys = Object.keys(counts);

export const ACTIVITY_SCHEMAS: Record<string, Schema> = {
  ProjectOverview: object({
    projectName: string(),
    asOf: dateTime('The database clock the counts are taken at'),
    thresholds: object({ lateHours: count, staleHours: count }, ['lateHours', 'staleHours'],
      'Project attributes Freshness-late-hours and Freshness-stale-hours (defaults 24 and 72)'),
    ...counts,
    enrolmentsPerWeek: arrayOf(object({ week: string('Monday of the week, UTC, YYYY-MM-DD'), subjects: count }, ['week', 'subjects']),
      '13 weeks, oldest first, the current week last'),
    seenPerDay: arrayOf(object({ day: string('UTC day, YYYY-MM-DD'), subjects: count }, ['day', 'subjects']),
      '90 days, oldest first, today last: participants with contact that day'),
  }, ['projectName', 'asOf', 'thresholds', ...countKeys, 'enrolmentsPerWeek', 'seenPerDay'], 'A project\'s activity (docs/subjects.md, Activity).'),
  OrganizationOverview: object({ organizationName: string(), projects: count, ...counts }, ['organizationName', 'projects', ...countKeys],
    'Totals over the organization\'s projects whose subjects the caller may read.'),
};
