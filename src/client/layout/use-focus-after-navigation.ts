// After a navigation to another page, focus moves to the page's main heading (or to <main> when it has none yet) and
// the page title is announced, so keyboard and screen-reader users start where the new content starts instead of on
// <body>. Only the path counts: a filter, a sort, a tab or a popup changes the query or the outlet, and focus stays
// where the user is working. The first page of a visit is left alone (the browser starts at the top anyway).
import { useEffect, useRef, type RefObject } from 'react';
import { pageAnnouncer } from '../lib/announcer';

/** How long to wait for the new page's heading (a lazily loaded area may still be on its way). */
const HEADING_WAIT_MS = 3000;

export function focusMainHeading(main: HTMLElement): boolean {
  const heading = main.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return true;
}

export function useFocusAfterNavigation(path: string, title: string, mainRef: RefObject<HTMLElement | null>): void {
  const previousPath = useRef<string | null>(null);
  const titleRef = useRef(title);
  titleRef.current = title;

  useEffect(() => {
    const first = previousPath.current === null;
    const changed = previousPath.current !== path;
    previousPath.current = path;
    if (first || !changed) return;
    const main = mainRef.current;
    if (!main) return;
    let stopped = false;
    const started = Date.now();
    let handle: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      if (stopped) return;
      // A dialog that opened meanwhile keeps its focus.
      if (document.querySelector('[role="dialog"]')) return;
      const loading = main.querySelector('.loading');
      if (!loading && focusMainHeading(main)) return finish();
      if (Date.now() - started >= HEADING_WAIT_MS) {
        main.focus();
        return finish();
      }
      handle = setTimeout(attempt, 50);
    };
    const finish = () => pageAnnouncer.announce(titleRef.current);
    attempt();
    return () => {
      stopped = true;
      clearTimeout(handle);
    };
  }, [path, mainRef]);
}
