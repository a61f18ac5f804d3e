// The app-wide services a screen reaches for besides the router, session and i18n (which have their own providers in
// src/client/lib): the HTTP client, the alert queue, the sign-in return state and the list-changed broadcast (whose
// hooks live in lib/list-events-react.tsx).
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Alert, AlertQueue } from '../lib/alerts';
import type { Http } from '../lib/http';
import type { ListEvents } from '../lib/list-events';
import { ListEventsProvider } from '../lib/list-events-react';
import type { NavigationState } from '../lib/navigation-state';

export interface SharedServices {
  http: Http;
  alerts: AlertQueue;
  navigation: NavigationState;
  events: ListEvents;
}

const ServicesContext = createContext<SharedServices | null>(null);
ServicesContext.displayName = 'Services';

export function ServicesProvider({ services, children }: { services: SharedServices; children?: ReactNode }): ReactNode {
  return (
    <ServicesContext.Provider value={services}>
      <ListEventsProvider events={services.events}>{children}</ListEventsProvider>
    </ServicesContext.Provider>
  );
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

export { useListEvent, useListEvents } from '../lib/list-events-react';

/** The alerts on screen, re-rendering when the queue changes. */
export function useAlertList(): readonly Alert[] {
  const alerts = useAlerts();
  return useSyncExternalStore(alerts.subscribe, alerts.getAlerts, alerts.getAlerts);
}
