// Administration → Record of processing (GDPR Art. 30; docs/privacy.md): the record the portal writes from its
// settings, shown for reading (one section per project: its organization, how many subjects it holds, what its
// participants are told, the categories of subjects and data; then the audit retention and the technical measures)
// and offered as the JSON download a data-protection officer files. System admins only (the route table and the
// server both say so). The record's texts (a project's privacy information as its admins wrote it, or the portal's
// defaults, and the portal's categories and measures) are shown as the server wrote them, as the download carries
// them; the screen's own labels are translated.
import { Fragment, type ReactNode } from 'react';
import { LoadError } from '../../components/load-error';
import type { PageProps } from '../../components/popup/popup-types';
import { useHttp } from '../../components/services-react';
import { formatDateTime } from '../../components/format/date-format';
import { useT } from '../../lib/i18n-react';
import { useResource } from '../../lib/resource-react';
import { Link } from '../../lib/router-react';
import { pathOf } from '../../lib/app-url';
import { PRIVACY_FIELDS, type ProcessingActivity, type ProcessingRecord } from '../../../common/privacy';

const PROCESSING_RECORD_PATH = 'api/privacy/processing-record';

export function ProcessingRecordPage(_props: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const loaded = useResource(['processing-record'], async (signal) => (await http.get<ProcessingRecord>(PROCESSING_RECORD_PATH, { signal })).data);
  const record = loaded.data;

  return (
    <section className="entity-page processing-record">
      <header className="entity-page__header">
        <h1 className="entity-page__title">{t('privacy.record.title')}</h1>
        {/* The session cookie authenticates the download, as the subject's access export. */}
        <a className="button button--secondary" href={http.url(PROCESSING_RECORD_PATH)} download="processing-record.json">
          {t('privacy.record.download')}
        </a>
      </header>
      <p>{t('privacy.record.explain')}</p>
      {loaded.error !== undefined && <LoadError error={loaded.error} onRetry={loaded.retry} message={t('privacy.record.notLoaded')} />}
      {loaded.error === undefined && !record && <p className="loading" role="status">{t('global.loading')}</p>}
      {record && (
        <>
          <p className="processing-record__generated">{t('privacy.record.generatedAt', { time: formatDateTime(record.generatedAt) })}</p>
          <h2>{t('privacy.record.activities')}</h2>
          {record.activities.length === 0 && <p>{t('privacy.record.noProjects')}</p>}
          {record.activities.map((activity) => <Activity key={activity.project} activity={activity} />)}
          <h2>{t('privacy.record.auditRetention')}</h2>
          <dl className="entity-details">
            <dt>{t('privacy.record.retention.allEvents')}</dt>
            <dd>{days(t, record.auditRetention.allEventsDays)}</dd>
            <dt>{t('privacy.record.retention.personalFields')}</dt>
            <dd>{days(t, record.auditRetention.personalFieldsDays)}</dd>
            {Object.entries(record.auditRetention.byType).map(([type, count]) => (
              <Fragment key={type}>
                <dt>{t('privacy.record.retention.ofType', { type })}</dt>
                <dd>{days(t, count)}</dd>
              </Fragment>
            ))}
          </dl>
          <h2>{t('privacy.record.technicalMeasures')}</h2>
          <ul className="processing-record__list">
            {record.technicalMeasures.map((measure) => <li key={measure}>{measure}</li>)}
          </ul>
        </>
      )}
    </section>
  );
}

function days(t: ReturnType<typeof useT>, value: number | null): string {
  return value === null ? t('privacy.record.retention.forever') : t('privacy.record.retention.days', { days: value });
}

function Activity({ activity }: { activity: ProcessingActivity }): ReactNode {
  const t = useT();
  return (
    <section className="processing-record__activity" aria-labelledby={`activity-${activity.project}`}>
      <h3 id={`activity-${activity.project}`}>
        <Link to={pathOf('project', activity.project)}>{activity.project}</Link>
      </h3>
      <dl className="entity-details">
        <dt>{t('privacy.record.organization')}</dt>
        <dd>{activity.organization ?? '—'}</dd>
        <dt>{t('privacy.record.subjects')}</dt>
        <dd>{activity.subjects}</dd>
        {PRIVACY_FIELDS.map((field) => (
          <Fragment key={field}>
            <dt>{t(`managementPortalApp.project.privacy.field.${field}`)}</dt>
            <dd className="processing-record__text">{activity[field]}</dd>
          </Fragment>
        ))}
        <dt>{t('privacy.record.categoriesOfDataSubjects')}</dt>
        <dd>{activity.categoriesOfDataSubjects}</dd>
        <dt>{t('privacy.record.categoriesOfPersonalData')}</dt>
        <dd>
          <ul className="processing-record__list">
            {activity.categoriesOfPersonalData.map((category) => <li key={category}>{category}</li>)}
          </ul>
        </dd>
      </dl>
    </section>
  );
}
