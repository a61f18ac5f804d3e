// Builds the app's services and wires them together:
//  - a 401 on a read (other than the "who am I" probe) forgets the account; the route guard then sends the user to
//    the access-denied page with a sign-in link, remembering where they were. A 401 on a write (a save) keeps the
//    account on screen and marks the session ended instead: the dialog keeps its input and offers a new sign-in;
//  - every answer's X-Session-Expires-In header tells the session when it ends (the expiry warning);
//  - every other failed request becomes alerts through alertForHttpError (the http layer already leaves out a 409
//    on DELETE);
//  - `*app-alert` response headers become success alerts with `*app-params` as `{{param}}`.
// main.tsx uses the defaults; tests inject fetch, history and storage.
import type { History } from 'history';
import { ROUTES, POPUPS } from '../app';
import type { RouteComponent } from '../components/popup/popup-types';
import { createListEvents } from '../lib/list-events';
import type { SharedServices } from '../components/services-react';
import { createAlertQueue, type AlertQueue } from '../lib/alerts';
import { XSRF_COOKIE, createHttp, readCookie } from '../lib/http';
import { createI18n, toInterfaceLanguage, type I18n, type InterfaceLanguage } from '../lib/i18n';
import { readLanguageChoice, type LanguageStorage } from '../lib/language-choice';
import { createNavigationState } from '../lib/navigation-state';
import { createRouter, type Router } from '../lib/router';
import { createSession, type Session, type SessionOptions } from '../lib/session-store';

export interface AppServices extends SharedServices {
  i18n: I18n;
  session: Session;
  router: Router<RouteComponent>;
  /** Loads the dictionary, asks who is signed in, and reads profile info and site settings. */
  start(): Promise<void>;
  destroy(): void;
}

export interface AppServicesOptions {
  fetch?: typeof fetch;
  history?: History;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Initial interface language; by default the one picked in the navbar before (localStorage), else the browser's. */
  language?: string;
  /** Where the navbar's language choice is kept; localStorage by default. */
  languageStorage?: LanguageStorage | null;
  onMissing?: (key: string, language: InterfaceLanguage) => void;
  retry?: SessionOptions['retry'];
  /** Where cookies are read from; document.cookie by default. */
  readCookies?: () => string;
}

// The mapping from a failure to its alerts is loaded when the first request fails, with the account area's chunk
// (a chunk of its own would split the shared code the first load needs in two): the first load does not carry it.
function showAlerts(alerts: AlertQueue, error: unknown): void {
  void import('../features/account').then(
    ({ alertForHttpError }) => {
      for (const alert of alertForHttpError(error)) alerts.add(alert);
    },
    // Only an unreachable server keeps the chunk from loading: say so.
    () => alerts.add({ type: 'error', key: 'error.server.not.reachable' }),
  );
}

export function createAppServices(options: AppServicesOptions = {}): AppServices {
  const readCookies = options.readCookies ?? (() => globalThis.document?.cookie ?? '');
  const alerts = createAlertQueue();
  const language = options.language ?? readLanguageChoice(options.languageStorage);
  const i18n = createI18n({ fetch: options.fetch, language, onMissing: options.onMissing });
  const switchLanguage = (langKey: string | null | undefined) => {
    if (toInterfaceLanguage(langKey)) void i18n.setLanguage(langKey!);
  };
  const sessionRef: { current?: Session } = {};
  const http = createHttp({
    fetch: options.fetch,
    readCookies,
    onUnauthorized: (error) => {
      const session = sessionRef.current;
      if (error.method !== 'GET' && session?.store.getState().account) session.markEnded();
      else session?.store.setState({ account: null, identityResolved: true, sessionEnded: false, sessionExpiresAt: null });
    },
    onResponse: (headers) => {
      const seconds = headers.get('X-Session-Expires-In'); // lib/session-expiry.ts, kept out of the first load
      if (seconds !== null && seconds.trim() !== '') sessionRef.current?.expiresIn(Number(seconds));
    },
    onError: (error) => showAlerts(alerts, error),
    onAlert: (key, param) => alerts.success(key, param === undefined ? undefined : { param }),
  });
  const session = createSession({
    http,
    retry: options.retry,
    onLanguage: switchLanguage,
    onLoadError: (error) => showAlerts(alerts, error),
  });
  sessionRef.current = session;
  const router = createRouter<RouteComponent>({ routes: ROUTES, popups: POPUPS, history: options.history });
  const navigation = createNavigationState(options.storage);

  return {
    http,
    alerts,
    navigation,
    events: createListEvents(),
    i18n,
    session,
    router,
    async start() {
      // The server sets and clears the script-readable XSRF-TOKEN cookie together with the session cookie. Without it there is no session to ask about, so an anonymous visit skips the 401 probe.
      const maySignedIn = readCookie(readCookies(), XSRF_COOKIE) !== undefined;
      // A signed-in account's language wins over the browser's (as after a token sign-in).
      const identity = maySignedIn
        ? session.identity().then((account) => switchLanguage(account?.langKey))
        : Promise.resolve(session.store.setState({ identityResolved: true }));
      await Promise.allSettled([i18n.load(), identity, session.loadProfileInfo(), session.loadSiteSettings()]);
    },
    destroy() {
      router.destroy();
      session.destroy();
      alerts.clear();
    },
  };
}
