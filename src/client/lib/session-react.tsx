// React binding for the session: the session object in context, and selector hooks over its store.
import { createContext, useContext, type ReactNode } from 'react';
import type { Session, SessionState } from './session-store';
import type { Equality } from './store';
import { useStoreSelector } from './store-react';

const SessionContext = createContext<Session | null>(null);
SessionContext.displayName = 'Session';

export function SessionProvider({ session, children }: { session: Session; children?: ReactNode }): ReactNode {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The session's actions (identity, login, logout, cache patches). */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession was used outside <SessionProvider>; wrap the tree in it.');
  return session;
}

/** The session, or null outside a <SessionProvider> (shared components that also render without one). */
export function useOptionalSession(): Session | null {
  return useContext(SessionContext);
}

/** A slice of the session state, e.g. `useSessionState(selectAccount)`. */
export function useSessionState<U>(selector: (state: SessionState) => U, equals?: Equality<U>): U {
  return useStoreSelector(useSession().store, selector, equals);
}

