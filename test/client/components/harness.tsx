// Renders components inside the app's providers: the real en/nl dictionaries (a missing key is recorded, and tests
// assert there were none), a memory-history router, a session over a scripted fetch, an alert queue.
import { readFileSync } from 'node:fs';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryHistory, type MemoryHistory } from 'history';
import type { ReactElement, ReactNode } from 'react';
import type { UserDTO } from '../../../src/common/dto';
import { createListEvents, type ListEvents } from '../../../src/client/lib/list-events';
import { ServicesProvider } from '../../../src/client/components/services-react';
import { createAlertQueue, type AlertQueue } from '../../../src/client/lib/alerts';
import { createHttp, type Http } from '../../../src/client/lib/http';
import { createI18n, type I18n } from '../../../src/client/lib/i18n';
import { I18nProvider } from '../../../src/client/lib/i18n-react';
import { createNavigationState, type NavigationState } from '../../../src/client/lib/navigation-state';
import { createRouter, type RouteDef, type Router } from '../../../src/client/lib/router';
import { RouterProvider } from '../../../src/client/lib/router-react';
import { createSession, type Session } from '../../../src/client/lib/session-store';
import { SessionProvider } from '../../../src/client/lib/session-react';
import { fakeFetch, json, type RecordedCall, type Responder } from '../lib/fake-fetch';

const I18N_DIR = new URL('../../../static/i18n/', import.meta.url);

export function dictionary(language: 'en' | 'nl'): unknown {
  return JSON.parse(readFileSync(new URL(`${language}.json`, I18N_DIR), 'utf8'));
}

/** Answers `i18n/<lang>.json` from static/i18n, as the server does. */
export const dictionaryRoutes = (): Record<string, Responder> => ({
  'GET i18n/en.json': json(dictionary('en')),
  'GET i18n/nl.json': json(dictionary('nl')),
});

/** In-memory sessionStorage. */
export function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

export const SYS_ADMIN: UserDTO = {
  login: 'admin',
  activated: true,
  langKey: 'en',
  roles: [{ authorityName: 'ROLE_SYS_ADMIN' }],
  authorities: ['ROLE_SYS_ADMIN'],
};

export interface HarnessOptions {
  url?: string;
  account?: UserDTO | null;
  routes?: RouteDef<unknown>[];
  popups?: RouteDef<unknown>[];
  /** Extra fetch answers by "METHOD url". */
  answers?: Record<string, Responder | Responder[]>;
  language?: 'en' | 'nl';
}

export interface Harness {
  i18n: I18n;
  router: Router<unknown>;
  history: MemoryHistory;
  session: Session;
  http: Http;
  alerts: AlertQueue;
  navigation: NavigationState;
  events: ListEvents;
  calls: RecordedCall[];
  /** Keys t() could not find. */
  missing: string[];
  wrap(ui: ReactNode): ReactElement;
  render(ui: ReactNode): RenderResult;
}

export async function harness(options: HarnessOptions = {}): Promise<Harness> {
  const missing: string[] = [];
  const { fetch, calls } = fakeFetch({
    ...dictionaryRoutes(),
    'GET api/organizations': json([]),
    'GET api/projects': json([]),
    'GET api/source-types': json([]),
    'GET api/authorities': json([]),
    ...options.answers,
  });
  const i18n = createI18n({ fetch, language: options.language ?? 'en', onMissing: (key) => missing.push(key) });
  await i18n.load();
  const history = createMemoryHistory({ initialEntries: [options.url ?? '/'] });
  const router = createRouter<unknown>({ routes: options.routes ?? [{ path: '', page: 'home' }], popups: options.popups, history });
  const alerts = createAlertQueue();
  const http = createHttp({ fetch, readCookies: () => '' });
  const session = createSession({ http, retry: { retries: 0 } });
  session.store.setState({ account: options.account ?? null, identityResolved: true });
  const navigation = createNavigationState(memoryStorage());
  const events = createListEvents();
  const wrap = (ui: ReactNode): ReactElement => (
    <I18nProvider i18n={i18n}>
      <SessionProvider session={session}>
        <RouterProvider router={router}>
          <ServicesProvider services={{ http, alerts, navigation, events }}>{ui}</ServicesProvider>
        </RouterProvider>
      </SessionProvider>
    </I18nProvider>
  );
  return { i18n, router, history, session, http, alerts, navigation, events, calls, missing, wrap, render: (ui) => render(wrap(ui)) };
}

/** Lets promise callbacks and React updates run. */
export const tick = (ms = 0): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
