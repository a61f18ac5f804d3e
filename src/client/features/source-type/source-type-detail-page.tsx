// Source type detail: producer, model, catalogVersion, scope, links to its source data, name, app
// provider, assessment type and description, with Edit for the three admin roles (the route already requires them),
// disabled with the reason for a type the user may not change (catalogue-access.ts).
import { scopeLabel } from './catalogue-labels';
import type { ReactNode } from 'react';
import { LoadError } from '../../components/load-error';
import type { PageProps } from '../../components/popup/popup-types';
import { pathOf } from '../../lib/app-url';
import { isNotFound } from '../../lib/http-errors';
import { useT } from '../../lib/i18n-react';
import { Link, useRouter } from '../../lib/router-react';
import { useSessionState } from '../../lib/session-react';
import { CatalogueAction } from './catalogue-action';
import { sourceTypeRefusals } from './catalogue-access';
import { keyFromParams, sourceTypePath, typeLabel } from './source-type-path';
import { useSourceType } from './use-source-type';

export function SourceTypeDetailPage({ params }: PageProps): ReactNode {
  const t = useT();
  const router = useRouter();
  const key = keyFromParams(params)!;
  const { sourceType, error, retry } = useSourceType(key);
  const account = useSessionState((state) => state.account);
  const label = (field: string) => t(`managementPortalApp.sourceType.${field}`);
  const notFound = t('managementPortalApp.sourceType.notFound', { producer: key.producer, model: key.model, version: key.catalogVersion });

  return (
    <section className="entity-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">
          {t('managementPortalApp.sourceType.detail.title')}: {typeLabel(key)}
        </h1>
        {sourceType && (
          <CatalogueAction to={sourceTypePath(key, 'edit')} className="button button--secondary" refusal={sourceTypeRefusals(account, sourceType.usage).edit} entity="sourceType">
            {t('entity.action.edit')}
          </CatalogueAction>
        )}
      </header>
      {!sourceType ? (
        error === undefined ? (
          <p className="loading">{t('global.loading')}</p>
        ) : isNotFound(error) ? (
          <p className="notice">{notFound}</p>
        ) : (
          <LoadError error={error} onRetry={retry} />
        )
      ) : (
        <dl className="entity-details">
          <dt>{label('producer')}</dt>
          <dd>{sourceType.producer}</dd>
          <dt>{label('model')}</dt>
          <dd>{sourceType.model}</dd>
          <dt>{label('catalogVersion')}</dt>
          <dd>{sourceType.catalogVersion}</dd>
          <dt>{label('sourceTypeScope')}</dt>
          <dd>{scopeLabel(t, sourceType.sourceTypeScope)}</dd>
          <dt>{label('sourceData')}</dt>
          <dd>
            {sourceType.sourceData?.length ? (
              <ul className="source-type__data">
                {sourceType.sourceData.map((data) => (
                  <li key={data.id ?? data.sourceDataName}>
                    <Link to={pathOf('source-data', data.sourceDataName ?? '')}>{data.sourceDataName}</Link>
                  </li>
                ))}
              </ul>
            ) : (
              label('noSourceData')
            )}
          </dd>
          <dt>{label('name')}</dt>
          <dd>{sourceType.name}</dd>
          <dt>{label('appProvider')}</dt>
          <dd>{sourceType.appProvider}</dd>
          <dt>{label('assessmentType')}</dt>
          <dd>{sourceType.assessmentType}</dd>
          <dt>{label('description')}</dt>
          <dd>{sourceType.description}</dd>
        </dl>
      )}
      <p>
        <button type="button" className="button button--secondary" onClick={() => router.back()}>
          {t('entity.action.back')}
        </button>
      </p>
    </section>
  );
}
