// The Overview tab of a project (docs/subjects.md, "Activity"): subjects by status, paired and never paired, fresh /
// late / stale by the project's thresholds (each count links to the subject list filtered that way where a filter
// exists), and two charts the app draws itself: enrolments per week and participants seen per day.
import type { ReactNode } from 'react';
import type { ProjectOverview } from '../../../common/activity-dto';
import { SUBJECT_STATUSES, type ProjectDTO } from '../../../common/dto';
import { FRESHNESS_LEVELS } from '../../../common/freshness';
import { BarChart } from '../../components/charts/bar-chart';
import { LineChart } from '../../components/charts/line-chart';
import { LoadError } from '../../components/load-error';
import { useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { useResource } from '../../lib/resource-react';
import { FreshnessBadge } from '../subject/last-seen';
import { subjectStatusLabel } from '../subject/subject-status-label';

function useProjectOverview(projectName: string) {
  const http = useHttp();
  return useResource(
    ['project-overview', projectName],
    async (signal) => (await http.get<ProjectOverview>(`api/projects/${pathOf(projectName)}/overview`, { signal })).data,
    { reloadOn: { subjectListModification: true } },
  );
}

function Figure({ label, value }: { label: ReactNode; value: number }): ReactNode {
  return (
    <div className="overview__figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** MM-DD of a YYYY-MM-DD day: short enough to label an axis. */
const shortDay = (day: string) => day.slice(5);

export function ProjectOverviewPanel({ project }: { project: ProjectDTO }): ReactNode {
  const t = useT();
  const loaded = useProjectOverview(project.projectName);
  const o = loaded.data;
  if (loaded.error !== undefined) return <LoadError error={loaded.error} onRetry={loaded.retry} />;
  if (!o) return <p className="loading">{t('global.loading')}</p>;
  const k = (key: string, params?: Record<string, string | number>) => t(`managementPortalApp.project.overview.${key}`, params);
  return (
    <div className="overview">
      <p className="overview__thresholds">{k('thresholds', { late: o.thresholds.lateHours, stale: o.thresholds.staleHours })}</p>
      <div className="overview__groups">
        <section className="overview__group" aria-labelledby="overview-status">
          <h3 id="overview-status">{k('byStatus')}</h3>
          <dl className="overview__figures">
            <Figure label={k('subjects')} value={o.subjects} />
            {SUBJECT_STATUSES.map((status) => (
              <Figure key={status} label={subjectStatusLabel(t, status)} value={o.byStatus[status]} />
            ))}
          </dl>
        </section>
        <section className="overview__group" aria-labelledby="overview-pairing">
          <h3 id="overview-pairing">{k('pairing')}</h3>
          <dl className="overview__figures">
            <Figure label={k('paired')} value={o.paired} />
            <Figure label={k('neverPaired')} value={o.neverPaired} />
          </dl>
        </section>
        <section className="overview__group" aria-labelledby="overview-freshness">
          <h3 id="overview-freshness">{k('freshness')}</h3>
          <dl className="overview__figures">
            {FRESHNESS_LEVELS.map((level) => (
              <Figure key={level} label={<FreshnessBadge freshness={level} />} value={o.freshness[level]} />
            ))}
          </dl>
        </section>
      </div>
      <div className="overview__charts">
        <figure className="overview__chart">
          <figcaption>{k('enrolmentsPerWeek')}</figcaption>
          <BarChart
            title={k('enrolmentsPerWeek')}
            description={k('enrolmentsDescription', { total: o.enrolmentsPerWeek.reduce((n, w) => n + w.subjects, 0) })}
            points={o.enrolmentsPerWeek.map((w) => ({ label: shortDay(w.week), value: w.subjects }))}
            labelEvery={2}
            pointText={(p) => k('weekPoint', { week: p.label, count: p.value })}
          />
        </figure>
        <figure className="overview__chart">
          <figcaption>{k('seenPerDay')}</figcaption>
          <LineChart
            title={k('seenPerDay')}
            description={k('seenDescription', { today: o.seenPerDay.at(-1)?.subjects ?? 0 })}
            points={o.seenPerDay.map((d) => ({ label: shortDay(d.day), value: d.subjects }))}
            labelEvery={15}
            pointText={(p) => k('dayPoint', { day: p.label, count: p.value })}
          />
        </figure>
      </div>
    </div>
  );
}
