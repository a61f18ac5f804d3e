// The error page: a generic title, also shown for a URL that matches no route.
import type { ReactNode } from 'react';
import type { PageProps } from '../../components/popup/popup-types';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';

export function ErrorPage({ notFound = false }: PageProps & { notFound?: boolean }): ReactNode {
  const t = useT();
  return (
    <section className="error-page">
      <h1 className="error-page__title">{t('error.title')}</h1>
      {notFound && <p className="error-page__message">{t('error.http.404')}</p>}
      <p className="error-page__actions">
        <Link className="button button--secondary" to="">
          {t('global.menu.home')}
        </Link>
      </p>
    </section>
  );
}

/** A URL that matches no route. */
export function NotFoundPage(props: PageProps): ReactNode {
  return <ErrorPage {...props} notFound />;
}
