// The app-wide services a screen reaches for besides the router, session and i18n (which have their own providers in
// src/client/lib): the HTTP client, the alert queue, the sign-in return state and the list-changed broadcast.
import { createContext, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { Alert, AlertQueue } from '../lib/alerts';
import type { Http } from '../lib/http';
import type { NavigationState } from '../lib/navigation-state';
import type { ListEventListener, ListEvents } from './list-events';

export interface SharedServices {
  http: Http;
  alerts: AlertQueue;
  navigation: NavigationState;
  events: ListEvents;
}

const ServicesContext = createContext<SharedServices | null>(null);
ServicesContext.displayName = 'Services';

export function ServicesProvider({ services, children }: { services: SharedServices; children?: ReactNode }): ReactNode {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

function useServices(): SharedServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('A services hook was used outside <ServicesProvider>; wrap the tree in it.');
  return services;
}

/** The fetch wrapper: `useHttp().get<ProjectDTO[]>('api/projects')`. Failures already raise an alert. */
export const useHttp = (): Http => useServices().http;

/** The alert queue: `useAlerts().success('settings.messages.success')`. */
export const useAlerts = (): AlertQueue => useServices().alerts;

export const useNavigationState = (): NavigationState => useServices().navigation;

export const useListEvents = (): ListEvents => useServices().events;

/** The alerts on screen, re-rendering when the queue changes. */
export function useAlertList(): readonly Alert[] {
  const alerts = useAlerts();
  return useSyncExternalStore(alerts.subscribe, alerts.getAlerts, alerts.getAlerts);
}

/** Calls `listener` whenever `name` is broadcast, e.g. useListModification('userListModification', reload). */
export function useListModification(name: string, listener: ListEventListener): void {
  const events = useListEvents();
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => events.subscribe(name, (detail) => latest.current(detail)), [events, name]);
}
