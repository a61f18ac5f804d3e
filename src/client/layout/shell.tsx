// The page frame: dev ribbon, navbar, alerts, the routed page with its popup, footer. Renders once the dictionary is
// there (or failed to load, then keys show), keeps document.title on the route's title (naming the entity), moves
// focus to the new page's heading and announces its title after a navigation, and sends a user who just signed in
// back to where they were going.
import { loadFeatureStyles } from './feature-styles';
import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { AlertArea } from '../components/alert-area';
import { useI18n } from '../lib/i18n-react';
import { useDocumentTitle, useLocation } from '../lib/router-react';
import { useSessionState } from '../lib/session-react';
import { useFocusAfterNavigation } from './use-focus-after-navigation';
import { DevRibbon } from './dev-ribbon';
import { Footer } from './footer';
import { Navbar } from './navbar/navbar';
import { RouteView } from './route-view';
import { useReturnAfterSignIn } from './use-return-after-sign-in';

function useDictionaryReady(): boolean {
  const i18n = useI18n();
  const [ready, setReady] = useState(() => i18n.getSnapshot().messages !== null);
  useEffect(() => {
    if (ready) return;
    let live = true;
    i18n.load().catch((error: unknown) => console.error('Loading translations failed', error)).finally(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [i18n, ready]);
  return ready;
}

// The session's end is only told to a signed-in user, whose screens are lazily loaded anyway: kept out of the first
// load, in the account area's chunk (a chunk of its own would split the shared code the first load needs in two),
// with its style in features.css.
const SessionNotice = lazy(() =>
  Promise.all([import('../features/account'), loadFeatureStyles()]).then(([module]) => ({ default: module.SessionNotice })),
);

function SignedInSessionNotice(): ReactNode {
  const signedIn = useSessionState((state) => state.account !== null);
  return signedIn ? (
    <Suspense fallback={null}>
      <SessionNotice />
    </Suspense>
  ) : null;
}

function SkipLink(): ReactNode {
  const i18n = useI18n();
  // Not href="#main": in a hash-routed app that would be a navigation.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById('main')?.focus();
  };
  return (
    <a className="skip-link" href="#/" onClick={skip}>
      {i18n.t('global.skipToContent')}
    </a>
  );
}

function Frame(): ReactNode {
  useDocumentTitle(useI18n());
  const mainRef = useRef<HTMLElement>(null);
  useFocusAfterNavigation(useLocation().path, mainRef);
  useReturnAfterSignIn();
  return (
    <div className="shell">
      <SkipLink />
      <DevRibbon />
      <Navbar />
      <AlertArea />
      <main ref={mainRef} id="main" className="shell__main" tabIndex={-1}>
        <SignedInSessionNotice />
        <RouteView />
      </main>
      <Footer />
      {/* The page announcer's live region (lib/announcer.ts writes into it; the id is PAGE_ANNOUNCER_ID there). */}
      <div id="page-announcer" className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" />
    </div>
  );
}

export function Shell(): ReactNode {
  return useDictionaryReady() ? <Frame /> : null;
}
