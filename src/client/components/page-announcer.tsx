// The polite live region behind lib/announcer.ts, and a hook for screens that report results. A message enters the
// region a moment after it was asked for (an emptied region that changes again in the same frame is often not read).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { pageAnnouncer, type Announcer } from '../lib/announcer';

const ANNOUNCE_DELAY_MS = 150;

export function PageAnnouncer({ announcer = pageAnnouncer }: { announcer?: Announcer }): ReactNode {
  const [message, setMessage] = useState('');
  useEffect(() => {
    let handle: ReturnType<typeof setTimeout> | undefined;
    const stop = announcer.subscribe((next) => {
      setMessage('');
      clearTimeout(handle);
      handle = setTimeout(() => setMessage(next), ANNOUNCE_DELAY_MS);
    });
    return () => {
      stop();
      clearTimeout(handle);
    };
  }, [announcer]);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-page-announcer="">
      {message}
    </div>
  );
}

/**
 * Announces `message` whenever the results it describes settle for a new `key` (the filters and sort as they are
 * sent), but not for the first load of the screen: arriving on a page is announced by its title.
 */
export function useAnnounceResults(key: string, settled: boolean, message: string): void {
  const announcedKey = useRef<string | null>(null);
  useEffect(() => {
    if (!settled) return;
    if (announcedKey.current !== null && announcedKey.current !== key) pageAnnouncer.announce(message);
    announcedKey.current = key;
  }, [key, settled, message]);
}
