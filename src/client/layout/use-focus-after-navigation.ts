// Moves focus to the new page and announces it after a navigation (focus-new-page.ts, loaded on the first one). Only
// the path counts: a filter, a sort, a tab or a popup changes the query or the outlet, and focus stays where the user
// is working. The first page of a visit is left alone (the browser starts at the top anyway).
import { useEffect, useRef, type RefObject } from 'react';

export function useFocusAfterNavigation(path: string, mainRef: RefObject<HTMLElement | null>): void {
  const previousPath = useRef<string | null>(null);
  useEffect(() => {
    const first = previousPath.current === null;
    const changed = previousPath.current !== path;
    previousPath.current = path;
    const main = mainRef.current;
    if (first || !changed || !main) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./focus-new-page').then(({ focusNewPage }) => {
      // document.title is the new page's by now: the shell writes it in an effect of the same render.
      if (!cancelled) stop = focusNewPage(main, () => document.title);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [path, mainRef]);
}
