// Source data detail: type, name, processing state, key and value schema, topic, frequency, unit, a
// link to its source type, Edit, and a back button.
import type { ReactNode } from 'react';
import { LoadError } from '../../components/load-error';
import { PopupLink } from '../../components/popup';
import type { PageProps } from '../../components/popup/popup-types';
import { pathOf } from '../../lib/app-url';
import { isNotFound } from '../../lib/http-errors';
import { useT } from '../../lib/i18n-react';
import { useRouter } from '../../lib/router-react';
import { SourceTypeLink } from './source-type-link';
import { useSourceData } from './use-source-data';

const FIELDS = ['sourceDataType', 'sourceDataName', 'processingState', 'keySchema', 'valueSchema', 'topic', 'frequency', 'unit'] as const;

export function SourceDataDetailPage({ params }: PageProps): ReactNode {
  const t = useT();
  const router = useRouter();
  const name = params.sourceDataName;
  const loaded = useSourceData(name);
  const sourceData = loaded.data;
  const label = (field: string) => t(`managementPortalApp.sourceData.${field}`);

  return (
    <section className="entity-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">
          {t('managementPortalApp.sourceData.detail.title')}: {name}
        </h1>
        {sourceData && (
          <PopupLink to={pathOf('source-data', name, 'edit')} className="button button--secondary">
            {t('entity.action.edit')}
          </PopupLink>
        )}
      </header>
      {!sourceData ? (
        loaded.error === undefined ? (
          <p className="loading">{t('global.loading')}</p>
        ) : isNotFound(loaded.error) ? (
          <p className="notice">{t('managementPortalApp.sourceData.notFound', { name })}</p>
        ) : (
          <LoadError error={loaded.error} onRetry={loaded.retry} />
        )
      ) : (
        <dl className="entity-details">
          {FIELDS.map((field) => [<dt key={`${field}-label`}>{label(field)}</dt>, <dd key={field}>{sourceData[field]}</dd>])}
          <dt>{label('sourceType')}</dt>
          <dd>
            <SourceTypeLink sourceType={sourceData.sourceType} />
          </dd>
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
