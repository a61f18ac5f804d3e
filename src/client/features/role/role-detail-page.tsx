// A role (routes role/{projectName}/{authorityName} and role/{organizationName}/{authorityName}, one URL shape):
// GET api/roles/{projectOrOrganizationName}/{authorityName}, shown as the authority and its project or organization.
import { useEffect, useState, type ReactNode } from 'react';
import type { RoleDTO } from '../../../common/dto';
import type { PageProps } from '../../components/popup/popup-types';
import { useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { isAbortError } from '../../lib/http-errors';
import { useAbortScope } from '../../lib/http-react';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';

export function RoleDetailPage({ params }: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const scope = useAbortScope();
  const { projectOrOrganizationName: referent, authorityName } = params;
  const [role, setRole] = useState<RoleDTO | null | undefined>();

  useEffect(() => {
    setRole(undefined);
    http.get<RoleDTO>(`api/roles/${pathOf(referent, authorityName)}`, { signal: scope.takeLatest('role') }).then(
      ({ data }) => setRole(data),
      (error) => !isAbortError(error) && setRole(null),
    );
  }, [http, scope, referent, authorityName]);

  const label = (field: string) => t(`managementPortalApp.role.${field}`);
  return (
    <section className="entity-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">
          {t('managementPortalApp.role.detail.title')}: {authorityName}
        </h1>
      </header>
      {role === undefined && <p className="loading">{t('global.loading')}</p>}
      {role === null && <p className="notice">{label('notFound')}</p>}
      {role && (
        <dl className="entity-details">
          <dt>{label('authorityName')}</dt>
          <dd>{role.authorityName}</dd>
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
