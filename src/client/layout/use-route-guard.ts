// The guard flow: a protected page or popup waits until we know who is signed in;
// then an anonymous visitor is sent to the access-denied page (sign-in link) with the destination remembered, and a
// signed-in user without the authority gets access-denied too. Public routes never wait.
import { useEffect } from 'react';
import type { RouteComponent } from '../components/popup/popup-types';
import { useNavigationState } from '../components/services-react';
import { guard, guardNavigation } from '../lib/route-guard';
import { useRoute, useRouter } from '../lib/router-react';
import { selectAccount } from '../lib/session-store';
import { useSessionState } from '../lib/session-react';

export type Access = 'pending' | 'ok' | 'blocked';

const selectResolved = (state: { identityResolved: boolean }) => state.identityResolved;

export function useRouteGuard(): Access {
  const router = useRouter<RouteComponent>();
  const state = useRoute<RouteComponent>();
  const account = useSessionState(selectAccount);
  const resolved = useSessionState(selectResolved);
  const navigation = useNavigationState();
  const isPublic = guard(state.match?.route, null) === 'ok' && guard(state.popup?.route, null) === 'ok';
  const decided = isPublic || resolved;

  useEffect(() => {
    if (!decided) return;
    if (guardNavigation(state, account, navigation) !== 'ok') router.navigate('accessdenied', { replace: true });
  }, [decided, state, account, navigation, router]);

  if (!decided) return 'pending';
  const allowed = guard(state.match?.route, account) === 'ok' && guard(state.popup?.route, account) === 'ok';
  return allowed ? 'ok' : 'blocked';
}
