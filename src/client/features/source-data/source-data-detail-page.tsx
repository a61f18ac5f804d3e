// Source data detail: type, name, processing state, key and value schema, topic, frequency, unit, a
// link to its source type, Edit (disabled with the reason when the user may not change the row's type:
// source-type/catalogue-access.ts), and a back button.
import type { ReactNode } from 'react';
import { LoadError } from '../../components/load-error';
import type { PageProps } from '../../components/popup/popup-types';
import { pathOf } from '../../lib/app-url';
import { isNotFound } from '../../lib/http-errors';
import { useT } from '../../lib/i18n-react';
import { useRouter } from '../../lib/router-react';
import { useSessionState } from '../../lib/session-react';
import { CatalogueAction } from '../source-type/catalogue-action';
import { rowUsage, sourceDataRefusals } from '../source-type/catalogue-access';
import { processingStateLabel } from '../source-type/catalogue-labels';
import { SourceTypeLink } from './source-type-link';
import { useSourceData } from './use-source-data';

const FIELDS = ['sourceDataType', 'sourceDataName', 'processingState', 'keySchema', 'valueSchema', 'topic', 'frequency', 'unit'] as const;

export function SourceDataDetailPage({ params }: PageProps): ReactNode {
  const t = useT();
  const router = useRouter();
  const name = params.sourceDataName;
  const loaded = useSourceData(name);
  const sourceData = loaded.data;
  const account = useSessionState((state) => state.account);
  const sourceTypes = useSessionState((state) => state.sourceTypes);
  const label = (field: string) => t(`managementPortalApp.sourceData.${field}`);

  return (
    <section className="entity-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">
          {t('managementPortalApp.sourceData.detail.title')}: {name}
        </h1>
        {sourceData && (
          <CatalogueAction
            to={pathOf('source-data', name, 'edit')}
            className="button button--secondary"
            refusal={sourceDataRefusals(account, rowUsage(sourceData.sourceType, sourceTypes)).edit}
            entity="sourceData"
          >
            {t('entity.action.edit')}
          </CatalogueAction>
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
          {FIELDS.map((field) => [<dt key={`${field}-label`}>{label(field)}</dt>, <dd key={field}>{field === 'processingState' ? processingStateLabel(t, sourceData[field]) : sourceData[field]}</dd>])}
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
