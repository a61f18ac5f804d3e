// React binding for the session: the session object in context, and selector hooks over its store.
import { createContext, useContext, type ReactNode } from 'react';
import type { Session, SessionState, SharedList } from './session-store';
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

export interface SharedListState<K extends SharedList> {
  items: SessionState[K];
  /** Set when the list failed for good; show `LoadError` with `retry`, never the (empty) items. */
  error: unknown;
  retry(): void;
}

/** One of the session's shared lists with its failure, e.g. `useSharedList('projects')`. */
export function useSharedList<K extends SharedList>(list: K): SharedListState<K> {
  const session = useSession();
  const items = useSessionState((state) => state[list]);
  const error = useSessionState((state) => state.listErrors[list]);
  const refresh = {
    organizations: session.refreshOrganizations,
    projects: session.refreshProjects,
    sourceTypes: session.refreshSourceTypes,
    authorities: session.refreshAuthorities,
  }[list];
  return { items, error, retry: () => void refresh() };
}
