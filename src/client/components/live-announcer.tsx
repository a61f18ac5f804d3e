// What a screen reader hears of the alerts, 100 ms after they show. The toasts show at once but
// are not a live region themselves; each message enters this visually hidden polite region `delayMs` after it
// appeared, so it is read once the page has settled (a region changed in the same frame as the rest of the page is
// often skipped). A message that goes away before its turn is never announced; one that goes away leaves the region.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Timers } from '../lib/alerts';

export const ANNOUNCER_DELAY_MS = 100;

export interface Announcement {
  id: number;
  /** Already translated. */
  text: string;
}

export interface LiveAnnouncerProps {
  messages: readonly Announcement[];
  delayMs?: number;
  /** For tests; the window's timers otherwise. */
  timers?: Timers;
}

const windowTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function LiveAnnouncer({ messages, delayMs = ANNOUNCER_DELAY_MS, timers = windowTimers }: LiveAnnouncerProps): ReactNode {
  const [announced, setAnnounced] = useState<ReadonlySet<number>>(() => new Set());
  const pending = useRef(new Map<number, unknown>());

  useEffect(() => {
    const present = new Set(messages.map((message) => message.id));
    for (const { id } of messages) {
      if (announced.has(id) || pending.current.has(id)) continue;
      pending.current.set(
        id,
        timers.setTimeout(() => {
          pending.current.delete(id);
          setAnnounced((shown) => new Set(shown).add(id));
        }, delayMs),
      );
    }
    for (const [id, handle] of pending.current) {
      if (present.has(id)) continue;
      timers.clearTimeout(handle);
      pending.current.delete(id);
    }
    if ([...announced].some((id) => !present.has(id))) setAnnounced(new Set([...announced].filter((id) => present.has(id))));
  }, [messages, announced, delayMs, timers]);

  useEffect(() => {
    const handles = pending.current;
    return () => {
      for (const handle of handles.values()) timers.clearTimeout(handle);
      handles.clear();
    };
  }, [timers]);

  return (
    <div className="alert-announcer visually-hidden" role="status" aria-live="polite" aria-relevant="additions text">
      {messages
        .filter((message) => announced.has(message.id))
        .map((message) => (
          <p key={message.id}>{message.text}</p>
        ))}
    </div>
  );
}
