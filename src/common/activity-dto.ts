// The activity overviews as the wire carries them (docs/subjects.md, "Activity"; schemas in schemas/activity.ts).
import type { SubjectStatus } from './dto';
import type { Freshness, FreshnessThresholds } from './freshness';

export interface ActivityCounts {
  subjects: number;
  byStatus: Record<SubjectStatus, number>;
  paired: number;
  neverPaired: number;
  freshness: Record<Freshness, number>;
}

export interface ProjectOverview extends ActivityCounts {
  projectName: string;
  asOf: string;
  thresholds: FreshnessThresholds;
  /** 13 weeks, oldest first; `week` is the Monday (UTC) as YYYY-MM-DD. */
  enrolmentsPerWeek: { week: string; subjects: number }[];
  /** 90 UTC days, oldest first, today last. */
  seenPerDay: { day: string; subjects: number }[];
}

export interface OrganizationOverview extends ActivityCounts {
  organizationName: string;
  /** The projects counted: those whose subjects the caller may read. */
  projects: number;
}
