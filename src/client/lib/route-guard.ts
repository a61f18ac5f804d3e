// Route access: public routes pass; protected ones need an account holding one of the route's authorities
// (plain or scoped, matched by the shared rule in src/common, the same one the server uses).
import { hasAnyAuthority } from '../../common/authority-match';
import type { NavigationState } from './navigation-state';
import type { RouterState } from './router';

export type GuardResult = 'ok' | 'login-needed' | 'denied';
export type GuardAccount = Parameters<typeof hasAnyAuthority>[0];

export function guard(route: { authorities?: readonly string[] } | null | undefined, account: GuardAccount): GuardResult {
  const wanted = route?.authorities;
  if (!wanted || wanted.length === 0) return 'ok';
  if (!account) return 'login-needed';
  return hasAnyAuthority(account, wanted) ? 'ok' : 'denied';
}

const severity: Record<GuardResult, number> = { ok: 0, denied: 1, 'login-needed': 2 };

/**
 * Guards the page and its popup together and remembers protected destinations, so that after signing in the
 * user can be sent where they were going (the caller reads navigationState.retrievePrevious()).
 */
export function guardNavigation(
  state: RouterState<unknown>,
  account: GuardAccount,
  navigationState: NavigationState,
): GuardResult {
  const results = [guard(state.match?.route, account), guard(state.popup?.route, account)];
  const result = results.reduce((worst, next) => (severity[next] > severity[worst] ? next : worst));
  const authorities = [...(state.match?.route.authorities ?? []), ...(state.popup?.route.authorities ?? [])];
  if (authorities.length > 0) navigationState.storeDestination({ url: state.location.url, authorities });
  if (result === 'login-needed') navigationState.storePrevious({ url: state.location.url, authorities });
  return result;
}
