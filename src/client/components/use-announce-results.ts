// Announces how many results a screen found when its filters change (lib/announcer.ts).
import { useEffect, useRef } from 'react';
import { announce } from '../lib/announcer';

/**
 * Announces `message` whenever the results it describes settle for a new `key` (the filters and sort as they are
 * sent), but not for the first load of the screen: arriving on a page is announced by its title.
 */
export function useAnnounceResults(key: string, settled: boolean, message: string): void {
  const announcedKey = useRef<string | null>(null);
  useEffect(() => {
    if (!settled) return;
    if (announcedKey.current !== null && announcedKey.current !== key) announce(message);
    announcedKey.current = key;
  }, [key, settled, message]);
}
