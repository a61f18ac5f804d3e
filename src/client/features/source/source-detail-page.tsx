// source/{sourceName}: every field of one source, with back and edit.
import type { ReactNode } from 'react';
import { LoadError } from '../../components/load-error';
import { PopupLink } from '../../components/popup';
import type { PageProps } from '../../components/popup/popup-types';
import { pathOf } from '../../lib/app-url';
import { isNotFound } from '../../lib/http-errors';
import { useT } from '../../lib/i18n-react';
import { Link, useRouter } from '../../lib/router-react';
import { editPopup, sourceTypeLabel } from './source-table';
import { useSource } from './use-source';

export function SourceDetailPage({ params }: PageProps): ReactNode {
  const t = useT();
  const router = useRouter();
  const loaded = useSource(params.sourceName);
  const source = loaded.data;
  const label = (field: string) => t(`managementPortalApp.source.${field}`);

  if (!source) {
    return (
      <section className="entity-page">
        <h1 className="entity-page__title">{t('managementPortalApp.source.detail.title')}</h1>
        {loaded.error === undefined && <p className="loading">{t('global.loading')}</p>}
        {isNotFound(loaded.error) && <p className="notice">{t('managementPortalApp.source.notFound')}</p>}
        {loaded.error !== undefined && !isNotFound(loaded.error) && <LoadError error={loaded.error} onRetry={loaded.retry} />}
      </section>
    );
  }
  const type = source.sourceType;
  const entries = Object.entries(source.attributes ?? {});
  return (
    <section className="entity-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">
          {t('managementPortalApp.source.detail.title')}: {source.sourceName}
        </h1>
        <PopupLink to={editPopup(source)} className="button button--secondary">
          {t('entity.action.edit')}
        </PopupLink>
      </header>
      <dl className="entity-details">
        <dt>{label('sourceId')}</dt>
        <dd>{source.sourceId}</dd>
        <dt>{label('sourceName')}</dt>
        <dd>{source.sourceName}</dd>
        <dt>{label('expectedSourceName')}</dt>
        <dd>{source.expectedSourceName}</dd>
        <dt>{label('assigned')}</dt>
        <dd>{label(source.assigned ? 'isAssigned' : 'unassigned')}</dd>
        <dt>{label('subject')}</dt>
        <dd>{source.subjectLogin && <Link to={pathOf('subject', source.subjectLogin)}>{source.subjectLogin}</Link>}</dd>
        <dt>{label('sourceType')}</dt>
        <dd>{type && <Link to={pathOf('source-type', type.producer, type.model, type.catalogVersion)}>{sourceTypeLabel(type)}</Link>}</dd>
        <dt>{label('project')}</dt>
        <dd>{source.project && <Link to={pathOf('project', source.project.projectName ?? '')}>{source.project.projectName}</Link>}</dd>
        <dt>{label('attributes')}</dt>
        <dd>
          {entries.map(([key, value]) => (
            <div key={key}>
              {key}: {value}
            </div>
          ))}
        </dd>
      </dl>
      <button type="button" className="button button--secondary" onClick={() => router.back()}>
        {t('entity.action.back')}
      </button>
    </section>
  );
}
