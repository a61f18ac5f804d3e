// Organization detail: name, description, location and, for its admins (system admin or this
// organization's admin), Edit and Delete buttons; tabs Projects and Permissions, the latter for admins only.
import type { ReactNode } from 'react';
import { LoadError } from '../../components/load-error';
import type { PageProps } from '../../components/popup/popup-types';
import { pathOf } from '../../lib/app-url';
import { isNotFound } from '../../lib/http-errors';
import { useT } from '../../lib/i18n-react';
import { HeaderActions } from '../project/header-actions';
import { PermissionsEditor } from '../project/permissions/permissions-editor';
import { TabNav, useTabParam, type TabDef } from '../project/tab-nav';
import { useIsOrganizationAdmin } from './organization-access';
import { OrganizationProjects } from './organization-projects';
import { useOrganization } from './use-organization';

export function OrganizationDetailPage({ params }: PageProps): ReactNode {
  const t = useT();
  const name = params.organizationName;
  const { organization, error, retry } = useOrganization(name);
  const failed = error !== undefined;
  const isAdmin = useIsOrganizationAdmin(name);
  const tabs: TabDef[] = [
    { id: 'projects', label: t('managementPortalApp.organization.tab.projects') },
    ...(isAdmin ? [{ id: 'permissions', label: t('managementPortalApp.organization.tab.permissions') }] : []),
  ];
  const [active, select] = useTabParam(tabs.map((tab) => tab.id));

  return (
    <section className="entity-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">
          {t('managementPortalApp.organization.detail.title')}: {name}
        </h1>
        {isAdmin && !failed && (
          <HeaderActions edit={pathOf('organization', name, 'edit')} remove={pathOf('organization', name, 'delete')} loading={!organization} />
        )}
      </header>
      {!organization ? (
        !failed ? (
          <p className="loading">{t('global.loading')}</p>
        ) : isNotFound(error) ? (
          <p className="notice">{t('managementPortalApp.organization.notFound')}</p>
        ) : (
          <LoadError error={error} onRetry={retry} />
        )
      ) : (
        <>
          <dl className="entity-details">
            <dt>{t('managementPortalApp.organization.description')}</dt>
            <dd>{organization.description}</dd>
            <dt>{t('managementPortalApp.organization.location')}</dt>
            <dd>{organization.location}</dd>
          </dl>
          <TabNav tabs={tabs} active={active} onSelect={select} label={t('managementPortalApp.organization.tab.label')}>
            {active === 'permissions' ? (
              <PermissionsEditor scope={{ kind: 'organization', id: organization.id, name: organization.name }} />
            ) : (
              <OrganizationProjects organizationName={organization.name} />
            )}
          </TabNav>
        </>
      )}
    </section>
  );
}
