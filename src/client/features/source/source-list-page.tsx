// source (system admins): every source, paged.
import type { ReactNode } from 'react';
import type { PageProps } from '../../components/popup/popup-types';
import { useT } from '../../lib/i18n-react';
import { SourceList } from './source-list';

export function SourceListPage(_props: PageProps): ReactNode {
  const t = useT();
  return (
    <section className="entity-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">{t('managementPortalApp.source.home.title')}</h1>
      </header>
      <SourceList />
    </section>
  );
}
