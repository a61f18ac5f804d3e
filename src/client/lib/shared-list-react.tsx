// A shared list of the session with its failure, for the screens that show one (kept apart from session-react.tsx,
// which the first load carries).
import type { SessionState, SharedList } from './session-store';
import { useSession, useSessionState } from './session-react';

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
