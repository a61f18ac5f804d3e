// The session's end, told before and after: "Your session ends in 2 minutes" with Stay signed in (any request slides
// the server's idle expiry), and once it has ended (the time passed, or a save met a 401) "Your session has ended"
// with a sign-in link that opens a new tab, so the work on screen stays where it is. Coming back to this tab (or
// pressing Continue) asks the server again; once signed in, the user saves again.
//
// The shell shows it over the page; a dialog shows it inside itself (focus cannot leave a dialog), and while a
// dialog shows it the shell's copy stays hidden, so it is announced once.
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useT } from '../lib/i18n-react';
import { minutesLeft, nextPhaseChangeIn, sessionPhase } from '../lib/session-expiry';
import { useOptionalSession } from '../lib/session-react';
import type { Session } from '../lib/session-store';
import { useStoreSelector } from '../lib/store-react';

/** Where a new sign-in starts (relative to the page, like every API path). */
export const SIGN_IN_PATH = 'api/redirect/login';
const REFRESH_MINUTES_MS = 30_000;

let dialogCopies = 0;
const listeners = new Set<() => void>();
const dialogCopiesStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => dialogCopies,
  change(by: number) {
    dialogCopies += by;
    for (const listener of [...listeners]) listener();
  },
};

export function SessionNotice({ inDialog = false }: { inDialog?: boolean }): ReactNode {
  const session = useOptionalSession();
  const shownInDialog = useSyncExternalStore(dialogCopiesStore.subscribe, dialogCopiesStore.get, dialogCopiesStore.get) > 0;
  useEffect(() => {
    if (!inDialog) return;
    dialogCopiesStore.change(1);
    return () => dialogCopiesStore.change(-1);
  }, [inDialog]);
  if (!session || (!inDialog && shownInDialog)) return null;
  return <SessionNoticeView session={session} />;
}

function SessionNoticeView({ session }: { session: Session }): ReactNode {
  const t = useT();
  const signedIn = useStoreSelector(session.store, (state) => state.account !== null);
  const expiresAt = useStoreSelector(session.store, (state) => state.sessionExpiresAt);
  const ended = useStoreSelector(session.store, (state) => state.sessionEnded);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const phase = ended ? 'ended' : sessionPhase(now, expiresAt);

  // Re-render when the phase can change, and every half minute while the warning counts down.
  useEffect(() => {
    const wait = nextPhaseChangeIn(Date.now(), expiresAt);
    if (wait === null) return;
    const handle = setTimeout(() => setNow(Date.now()), phase === 'ending' ? Math.min(wait, REFRESH_MINUTES_MS) : wait);
    return () => clearTimeout(handle);
  }, [expiresAt, phase, now]);

  useEffect(() => {
    if (phase === 'ended' && !ended && signedIn) session.markEnded();
  }, [phase, ended, signedIn, session]);

  useEffect(() => {
    if (!ended) return;
    const recheck = () => document.visibilityState === 'visible' && void session.recheck();
    window.addEventListener('focus', recheck);
    document.addEventListener('visibilitychange', recheck);
    return () => {
      window.removeEventListener('focus', recheck);
      document.removeEventListener('visibilitychange', recheck);
    };
  }, [ended, session]);

  if (!signedIn || phase === 'live') return null;
  const ask = () => {
    setBusy(true);
    void session.recheck().finally(() => setBusy(false));
  };
  if (phase === 'ending') {
    return (
      <div className="session-notice session-notice--warning" role="alert">
        <p className="session-notice__text">{t('session.expiry.warning', { count: minutesLeft(now, expiresAt!) })}</p>
        <button type="button" className="button button--primary button--small" disabled={busy} onClick={ask}>
          {t('session.expiry.stay')}
        </button>
      </div>
    );
  }
  return (
    <div className="session-notice session-notice--ended" role="alert">
      <p className="session-notice__text">
        {t('session.ended.message')}{' '}
        <a href={SIGN_IN_PATH} target="_blank" rel="noopener">
          {t('session.ended.signIn')}
        </a>
      </p>
      <button type="button" className="button button--secondary button--small" disabled={busy} onClick={ask}>
        {t('session.ended.continue')}
      </button>
    </div>
  );
}
