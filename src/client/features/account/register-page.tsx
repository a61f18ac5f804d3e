// #/register, where the sign-in page's "Register a new account" leads. Nobody registers themself in this portal:
// an administrator creates the account and the new user receives an activation e-mail. The page says so, whom to
// ask, and offers the ways back (sign in, forgotten password).
import type { ReactNode } from 'react';
import type { PageProps } from '../../components/popup/popup-types';
import { useHttp } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';
import { InlineMessage } from './inline-message';

export function RegisterPage(_props: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  return (
    <section className="account-page">
      <h1>{t('register.title')}</h1>
      <InlineMessage tone="info">{t('register.noSelfService')}</InlineMessage>
      <h2>{t('register.whomToAsk')}</h2>
      <ul>
        <li>{t('register.askStudy')}</li>
        <li>{t('register.askOrganization')}</li>
        <li>{t('register.askPlatform')}</li>
      </ul>
      <p>{t('register.activation')}</p>
      <p className="account-page__links">
        <a className="button button--primary" href={http.url('api/redirect/login')}>
          {t('register.signIn')}
        </a>{' '}
        <Link className="button button--secondary" to="reset/request">
          {t('login.password.forgot')}
        </Link>
      </p>
    </section>
  );
}
