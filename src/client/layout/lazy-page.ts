// Pages of areas other than home load on demand, one chunk per area (the first load stays small). Every lazy page
// also waits for whatever main.tsx registered with `beforeLazyPages` (the Lit widgets): React sets a custom
// element's props as properties only once the element is defined, so it must be defined before a page renders it.
//
// One module promise per area, read with React's `use()`: the first page of an area suspends while its chunk
// arrives; every later page of that area renders at once (React.lazy would suspend again for each page and show
// the loading text for a moment each time).
import { createElement, use, type ReactNode } from 'react';
import type { PopupProps, RouteComponent } from '../components/popup/popup-types';

let prerequisite: () => Promise<unknown> = () => Promise.resolve();
let ready: Promise<unknown> | null = null;

export function beforeLazyPages(load: () => Promise<unknown>): void {
  prerequisite = load;
  ready = null;
}

function whenReady(): Promise<unknown> {
  // A failed prerequisite must not take every page down with it; the page still renders.
  ready ??= prerequisite().catch((error: unknown) => console.error('Loading page prerequisites failed', error));
  return ready;
}

/**
 * Marks the promise with its outcome the way React's `use()` reads it (`status`, `value`, `reason`), so a settled
 * one is used synchronously; `onRejected` lets the next visit try again.
 */
function tracked<T>(promise: Promise<T>, onRejected: () => void): Promise<T> {
  Object.assign(promise, { status: 'pending' });
  promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    (reason: unknown) => {
      Object.assign(promise, { status: 'rejected', reason });
      onRejected();
    },
  );
  return promise;
}

export type LazyRouteComponent = RouteComponent & {
  /** Starts loading the area (e.g. on hover); resolves once its pages render without waiting. */
  preload(): Promise<unknown>;
};

/**
 * `const account = lazyArea(() => import('../features/account'))`, then `account('SettingsPage')` is a lazy page.
 * The export name is checked against the module's type.
 */
export function lazyArea<M>(load: () => Promise<M>) {
  let module: Promise<M> | null = null;
  let failed = false;
  const getModule = (): Promise<M> => {
    if (!module || failed) {
      failed = false;
      module = tracked(
        Promise.all([load(), whenReady()]).then(([loaded]) => loaded),
        () => (failed = true),
      );
    }
    return module;
  };
  return (exportName: keyof M & string): LazyRouteComponent => {
    function LazyPage(props: PopupProps): ReactNode {
      const Page = use(getModule())[exportName] as RouteComponent;
      return createElement(Page, props);
    }
    LazyPage.displayName = `Lazy(${exportName})`;
    return Object.assign(LazyPage, { preload: getModule });
  };
}
