// What the page tells a screen reader outside the alerts: the new page after a navigation, how many results a filter
// found. One polite live region shows the latest message (layout/page-announcer.tsx); saying the same thing twice in a
// row is heard twice, because the region is emptied first.

type Listener = (message: string) => void;

export interface Announcer {
  announce(message: string): void;
  subscribe(listener: Listener): () => void;
}

export function createAnnouncer(): Announcer {
  const listeners = new Set<Listener>();
  return {
    announce(message) {
      for (const listener of [...listeners]) listener(message);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's announcer: one page, one live region. */
export const pageAnnouncer: Announcer = createAnnouncer();
