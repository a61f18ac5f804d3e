// Signing in with a token handed over in the home URL (`#/?access_token=...`): POST api/login
// turns it into a session, then the token is taken out of the URL so it is not left in the history or a bookmark.
import { useEffect, useRef } from 'react';
import { useAlerts } from '../../components/services-react';
import { useLocation, useRouter } from '../../lib/router-react';
import { useSession } from '../../lib/session-react';

export const ACCESS_TOKEN_PARAM = 'access_token';

export function useTokenLogin(): void {
  const token = useLocation().query[ACCESS_TOKEN_PARAM];
  const session = useSession();
  const router = useRouter();
  const alerts = useAlerts();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!token || handled.current === token) return;
    handled.current = token;
    const login = session.login(token);
    router.setQuery({ [ACCESS_TOKEN_PARAM]: null }, { replace: true });
    // A failed login has already signed out; the user sees why.
    login.catch(() => alerts.error('login.messages.error.authentication'));
  }, [token, session, router, alerts]);
}
