// A role (routes role/{projectName}/{authorityName} and role/{organizationName}/{authorityName}, one URL shape):
// GET api/roles/{projectOrOrganizationName}/{authorityName}, shown as the authority and its project or organization.
import type { ReactNode } from 'react';
import type { RoleDTO } from '../../../common/dto';
import { LoadError } from '../../components/load-error';
import { authorityLabel } from '../../components/role-name';
import type { PageProps } from '../../components/popup/popup-types';
import { useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { isNotFound } from '../../lib/http-errors';
import { useT } from '../../lib/i18n-react';
import { useResource } from '../../lib/resource-react';
import { Link } from '../../lib/router-react';

export function RoleDetailPage({ params }: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const { projectOrOrganizationName: referent, authorityName } = params;
  const loaded = useResource(['role', referent, authorityName], async (signal) =>
    (await http.get<RoleDTO>(`api/roles/${pathOf(referent, authorityName)}`, { signal })).data,
  );
  const role = loaded.data;

  const label = (field: string) => t(`managementPortalApp.role.${field}`);
  return (
    <section className="entity-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">
          {t('managementPortalApp.role.detail.title')}: <span title={authorityName}>{authorityLabel(t, authorityName ?? '')}</span>
        </h1>
      </header>
      {loaded.loading && <p className="loading">{t('global.loading')}</p>}
      {isNotFound(loaded.error) && <p className="notice">{label('notFound')}</p>}
      {loaded.error !== undefined && !isNotFound(loaded.error) && <LoadError error={loaded.error} onRetry={loaded.retry} />}
      {role && (
        <dl className="entity-details">
          <dt>{label('authorityName')}</dt>
          <dd title={role.authorityName}>{authorityLabel(t, role.authorityName)}</dd>
          {role.projectName && (
            <>
              <dt>{label('project')}</dt>
              <dd>
                <Link to={pathOf('project', role.projectName)}>{role.projectName}</Link>
              </dd>
            </>
          )}
          {role.organizationName && (
            <>
              <dt>{label('organization')}</dt>
              <dd>
                <Link to={pathOf('organization', role.organizationName)}>{role.organizationName}</Link>
              </dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}
