// React binding for router.ts: the router in context, the location read through useSyncExternalStore, and a Link
// that is a real `<a href="#/...">` (so middle-click, copy link and the status bar all work).
import {
  createContext,
  useContext,
  useEffect,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import {
  pageTitle,
  type AppLocation,
  type PageRef,
  type RouteParams,
  type Router,
  type RouterState,
  type TitleTranslator,
} from './router';

const RouterContext = createContext<Router<unknown> | null>(null);
RouterContext.displayName = 'Router';

export function RouterProvider<Page>({ router, children }: { router: Router<Page>; children?: ReactNode }): ReactNode {
  return <RouterContext.Provider value={router as Router<unknown>}>{children}</RouterContext.Provider>;
}

export function useRouter<Page = PageRef>(): Router<Page> {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter was used outside <RouterProvider>; wrap the tree in it.');
  return router as Router<Page>;
}

/** The whole router state: location, matched page route and matched popup route. */
export function useRoute<Page = PageRef>(): RouterState<Page> {
  const router = useRouter<Page>();
  return useSyncExternalStore(router.subscribe, router.getState, router.getState);
}

/** The router state, or null outside a <RouterProvider> (shared components that also render without one). */
export function useOptionalRoute(): RouterState<PageRef> | null {
  const router = useContext(RouterContext);
  const subscribe = router?.subscribe ?? noSubscription;
  const getState = router ? (router.getState as () => RouterState<PageRef>) : noState;
  return useSyncExternalStore(subscribe, getState, getState);
}
const noSubscription = () => () => undefined;
const noState = () => null;

export function useLocation(): AppLocation {
  return useRoute().location;
}

/** Params of the page route (`{ projectName: 'radar' }`). */
export function useParams(): RouteParams {
  return useRoute().match?.params ?? NO_PARAMS;
}
const NO_PARAMS: RouteParams = Object.freeze({}) as RouteParams;

/** Writes the page's title to document.title; call it from a component that re-renders on language change. */
export function useDocumentTitle(translator: TitleTranslator): void {
  const { match, popup } = useRoute();
  const title = pageTitle(match, translator, popup);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** App URL: `project/radar?tab=groups`, `/user-management/admin`, `#/...`. */
  to: string;
  replace?: boolean;
}

export function Link({ to, replace, onClick, target, children, ...rest }: LinkProps): ReactNode {
  const router = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.defaultPrevented || event.button !== 0 || modified || (target && target !== '_self')) return;
    event.preventDefault();
    router.navigate(to, { replace });
  };
  return (
    <a {...rest} href={router.href(to)} target={target} onClick={handleClick}>
      {children}
    </a>
  );
}
