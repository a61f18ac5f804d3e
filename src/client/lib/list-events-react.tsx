// React binding for list-events.ts: the app's event bus in context, and a hook that listens while mounted.
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import type { ListEventListener, ListEventName, ListEvents } from './list-events';

/** Null outside a provider; most code wants useListEvents. */
export const ListEventsContext = createContext<ListEvents | null>(null);
ListEventsContext.displayName = 'ListEvents';

export function ListEventsProvider({ events, children }: { events: ListEvents; children?: ReactNode }): ReactNode {
  return <ListEventsContext.Provider value={events}>{children}</ListEventsContext.Provider>;
}

/** The bus, for dialogs that announce a change: `useListEvents().emit('groupListModification', group)`. */
export function useListEvents(): ListEvents {
  const events = useContext(ListEventsContext);
  if (!events) throw new Error('useListEvents was used outside <ListEventsProvider>; wrap the tree in it.');
  return events;
}

/** Calls the latest `listener` for every `name` event while the component is mounted. */
export function useListEvent<K extends ListEventName>(name: K, listener: ListEventListener<K>): void {
  const events = useListEvents();
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => events.subscribe(name, (detail) => latest.current(detail)), [events, name]);
}
