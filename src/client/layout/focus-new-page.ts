// After a navigation to another page: focus on the page's main heading (or on <main> when it has none in time) and
// its title announced, so keyboard and screen-reader users start where the new content starts instead of on <body>.
// Loaded on the first navigation (use-focus-after-navigation.ts), so the first load does not carry it.
import { announce } from '../lib/announcer';

/** How long to wait for the new page's heading (a lazily loaded area may still be on its way). */
const HEADING_WAIT_MS = 3000;
const RETRY_MS = 50;

export function focusMainHeading(main: HTMLElement): boolean {
  const heading = main.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return true;
}

/** Starts waiting for the heading; the answer stops waiting (a newer navigation came). */
export function focusNewPage(main: HTMLElement, title: () => string): () => void {
  let stopped = false;
  let handle: ReturnType<typeof setTimeout> | undefined;
  const started = Date.now();
  const attempt = () => {
    // A dialog that opened meanwhile keeps its focus, and so does a field of the new page the user already went to
    // (the old page's elements are gone, so focus inside <main> is the user's own doing).
    const active = document.activeElement;
    if (stopped || document.querySelector('[role="dialog"]') || (active && active !== main && main.contains(active))) return;
    const loading = main.querySelector('.loading') !== null;
    if (!loading && focusMainHeading(main)) return announce(title());
    if (Date.now() - started >= HEADING_WAIT_MS) {
      main.focus();
      return announce(title());
    }
    handle = setTimeout(attempt, RETRY_MS);
  };
  attempt();
  return () => {
    stopped = true;
    clearTimeout(handle);
  };
}
