// Home: a welcome and one card per organization for a signed-in user; a notice with a sign-in link
// for everyone else. Also where a token sign-in arrives.
import { lazy, Suspense, type ReactNode } from 'react';
import { ROLE_ORGANIZATION_ADMIN, ROLE_SYS_ADMIN } from '../../../common/authorities';
import type { OrganizationDTO, UserDTO } from '../../../common/dto';
import type { PageProps } from '../../components/popup/popup-types';
import { useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';
import { selectAccount, type SessionState } from '../../lib/session-store';
import { useSessionState } from '../../lib/session-react';
import { useTokenLogin } from './use-token-login';

// The cards' totals come with the organization area's chunk, after the page: the first load does not carry them.
const OrganizationTotals = lazy(() => import('../organization').then((m) => ({ default: m.OrganizationTotals })));

const selectOrganizations = (state: SessionState) => state.organizations;
const selectOrganizationsFailed = (state: SessionState) => state.listErrors.organizations !== undefined;
const selectResolved = (state: SessionState) => state.identityResolved;

/**
 * Whether the account may read the subjects of a whole organization (a system admin, or an admin of that
 * organization), which the totals need: others see the card without them, and the page does not ask for a 403.
 */
function readsOrganization(account: UserDTO | null, organizationName: string): boolean {
  return (account?.roles ?? []).some((role) => role.authorityName === ROLE_SYS_ADMIN
    || (role.authorityName === ROLE_ORGANIZATION_ADMIN && role.organizationName === organizationName));
}

function OrganizationCards({ organizations }: { organizations: readonly OrganizationDTO[] }): ReactNode {
  const t = useT();
  const account = useSessionState(selectAccount);
  if (organizations.length === 0) return <p className="home__empty">{t('home.noOrganizations')}</p>;
  return (
    <ul className="home__cards">
      {organizations.map((organization) => (
        <li key={organization.name} className="card">
          <Link className="card__link" to={pathOf('organization', organization.name)}>
            <h3 className="card__title">{organization.name}</h3>
            {organization.description && <p className="card__text">{organization.description}</p>}
            {organization.location && <p className="card__meta">{organization.location}</p>}
            {readsOrganization(account, organization.name) && (
              <Suspense fallback={null}>
                <OrganizationTotals organizationName={organization.name} />
              </Suspense>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function HomePage(_props: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const account = useSessionState(selectAccount);
  const resolved = useSessionState(selectResolved);
  const organizations = useSessionState(selectOrganizations);
  // The organizations failed for good: say so rather than show none (their screens offer Retry; home stays small).
  const failed = useSessionState(selectOrganizationsFailed);
  useTokenLogin();

  return (
    <section className="home">
      <h1 className="home__title">{t('home.title')}</h1>
      <p className="home__subtitle">{t('home.subtitle')}</p>
      {resolved &&
        (account ? (
          <>
            <p className="home__logged">{t('home.logged.message', { username: account.login })}</p>
            <h2 className="home__heading">{t('home.organizations')}</h2>
            {failed ? (
              <p className="load-error__message" role="alert">
                {t('global.loadError.failed')}
              </p>
            ) : (
              <OrganizationCards organizations={organizations} />
            )}
          </>
        ) : (
          <p className="home__notice">
            {t('home.notice')}{' '}
            <a className="home__sign-in" href={http.url('api/redirect/login')}>
              {t('home.signIn')}
            </a>
          </p>
        ))}
    </section>
  );
}
