// One user: login, activated, names, e-mail, language, who created and last changed it and when, the
// roles (project roles link to their project, organization roles to their organization) and a way back.
import type { ReactNode } from 'react';
import type { RoleDTO } from '../../../common/dto';
import { formatShortDateTime } from '../../components/format';
import { authorityLabel } from '../../components/role-name';
import { LoadError } from '../../components/load-error';
import type { PageProps } from '../../components/popup';
import { pathOf } from '../../lib/app-url';
import { LANGUAGE_NAMES } from '../../lib/language-names';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';
import { EndUserSessionsButton } from './end-user-sessions';
import { useUser } from './use-user';
import { ActivatedBadge } from './user-badges';
import { USER_AREA } from './user-roles';

function RoleLine({ role }: { role: RoleDTO }): ReactNode {
  const t = useT();
  const authority = <span title={role.authorityName}>{authorityLabel(t, role.authorityName)}</span>;
  if (role.projectName) {
    return (
      <>
        {authority}: <Link to={pathOf('project', role.projectName)}>{role.projectName}</Link>
      </>
    );
  }
  if (role.organizationName) {
    return (
      <>
        {authority}: <Link to={pathOf('organization', role.organizationName)}>{role.organizationName}</Link>
      </>
    );
  }
  return authority;
}

export function UserDetailPage({ params }: PageProps): ReactNode {
  const t = useT();
  const login = params.login ?? '';
  const loaded = useUser(login);
  const user = loaded.data;

  const rows: [string, ReactNode][] = user
    ? [
        ['userManagement.login', user.login],
        ['userManagement.activated', <ActivatedBadge activated={user.activated} />],
        ['userManagement.firstName', user.firstName],
        ['userManagement.lastName', user.lastName],
        ['userManagement.email', user.email],
        ['userManagement.langKey', user.langKey ? `${LANGUAGE_NAMES[user.langKey] ?? user.langKey} (${user.langKey})` : user.langKey],
        ['userManagement.createdBy', user.createdBy],
        ['userManagement.createdDate', formatShortDateTime(user.createdDate)],
        ['userManagement.lastModifiedBy', user.lastModifiedBy],
        ['userManagement.lastModifiedDate', formatShortDateTime(user.lastModifiedDate)],
        [
          'userManagement.roles',
          user.roles?.length ? (
            <ul className="user-detail__roles">
              {user.roles.map((role, index) => (
                <li key={index}>
                  <RoleLine role={role} />
                </li>
              ))}
            </ul>
          ) : (
            t('userManagement.noRoles')
          ),
        ],
      ]
    : [];

  return (
    <section className="user-detail">
      <h1>{t('userManagement.detail.heading', { login })}</h1>
      {!user && loaded.error === undefined && <p className="loading">{t('global.loading')}</p>}
      {loaded.error !== undefined && <LoadError error={loaded.error} onRetry={loaded.retry} message={t('userManagement.loadError')} />}
      {user && (
        <dl className="user-detail__list">
          {rows.map(([key, value]) => (
            <div key={key} className="user-detail__row">
              <dt>{t(key)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <Link to={USER_AREA} className="button button--secondary">
        {t('entity.action.back')}
      </Link>
      {user && <EndUserSessionsButton login={user.login} />}
    </section>
  );
}
