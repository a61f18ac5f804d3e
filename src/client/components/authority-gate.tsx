// Shows its children only to accounts holding one of the given authorities, matched by the same rule as route guards
// and the server.
import type { ReactNode } from 'react';
import { hasAnyAuthority } from '../../common/authority-match';
import { useSessionState } from '../lib/session-react';

/** True when the signed-in account holds any of `authorities` (plain or scoped, e.g. `ROLE_PROJECT_ADMIN:radar`). */
export function useHasAnyAuthority(authorities: readonly string[]): boolean {
  return useSessionState((state) => hasAnyAuthority(state.account, authorities));
}

export interface AuthorityGateProps {
  /** Any one grants; an empty list lets everyone through (the shared rule). */
  authorities: readonly string[];
  children?: ReactNode;
  /** Shown instead to everyone else; nothing by default. */
  fallback?: ReactNode;
}

export function AuthorityGate({ authorities, children, fallback = null }: AuthorityGateProps): ReactNode {
  return useHasAnyAuthority(authorities) ? children : fallback;
}
