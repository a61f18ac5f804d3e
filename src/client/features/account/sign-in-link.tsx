// "Sign in" after activation or a password reset: a full navigation to the server's sign-in redirect.
import type { ReactNode } from 'react';
import { useHttp } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';

export function SignInLink(): ReactNode {
  const t = useT();
  const http = useHttp();
  return (
    <a className="inline-message__link" href={http.url('api/redirect/login')}>
      {t('global.messages.info.authenticated.link')}
    </a>
  );
}
