// Access denied: the 403 title and a sign-in link. The guard sends anonymous visitors of
// protected pages here after remembering where they were going, so signing in brings them back.
import type { ReactNode } from 'react';
import type { PageProps } from '../../components/popup/popup-types';
import { useHttp } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';

export function AccessDeniedPage(_props: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  return (
    <section className="error-page error-page--denied">
      <h1 className="error-page__title">{t('error.http.403')}</h1>
      <p className="error-page__message">{t('error.accessDeniedHint')}</p>
      <p className="error-page__actions">
        <a className="button button--primary" href={http.url('api/redirect/login')}>
          {t('global.messages.info.authenticated.link')}
        </a>{' '}
        <Link className="button button--secondary" to="">
          {t('global.menu.home')}
        </Link>
      </p>
    </section>
  );
}
