// The page frame: dev ribbon, navbar, alerts, the routed page with its popup, footer. Renders once the dictionary is
// there (or failed to load, then keys show), keeps document.title on the route's title (naming the entity), moves
// focus to the new page's heading and announces its title after a navigation, and sends a user who just signed in
// back to where they were going.
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { AlertArea } from '../components/alert-area';
import { SessionNotice } from '../components/session-notice';
import { useI18n } from '../lib/i18n-react';
import { PageAnnouncer } from '../components/page-announcer';
import { useDocumentTitle, useLocation } from '../lib/router-react';
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
  const title = useDocumentTitle(useI18n());
  const mainRef = useRef<HTMLElement>(null);
  useFocusAfterNavigation(useLocation().path, title, mainRef);
  useReturnAfterSignIn();
  return (
    <div className="shell">
      <SkipLink />
      <DevRibbon />
      <Navbar />
      <AlertArea />
      <main ref={mainRef} id="main" className="shell__main" tabIndex={-1}>
        <SessionNotice />
        <RouteView />
      </main>
      <Footer />
      <PageAnnouncer />
    </div>
  );
}

export function Shell(): ReactNode {
  return useDictionaryReady() ? <Frame /> : null;
}
