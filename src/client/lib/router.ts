// The router core: a route table as data, the location read from `history` (hash URLs) as an external store, and
// the URL as the home of view state (query, matrix params, the open popup). No React here; see router-react.tsx.
import { createHashHistory, type History } from 'history';
import { buildAppUrl, normalizeAppUrl, parseAppUrl, type AppLocation, type AppUrlParts } from './app-url';
import { matchRoute, type RouteParams } from './route-match';

export { matchPath, matchRoute, type RouteParams } from './route-match';
export { buildAppUrl, parseAppUrl, pathOf, encodeSegment, type AppLocation, type AppUrlParts } from './app-url';

/** A page is named by a key, or loaded on demand. */
export type PageRef = string | (() => Promise<unknown>);

export interface RouteDef<Page = PageRef> {
  path: string;
  page: Page;
  /** Any one of these grants access; none or empty = public. */
  authorities?: readonly string[];
  /** i18n key for document.title. */
  titleKey?: string;
}

export interface RouteMatch<Page = PageRef> {
  route: RouteDef<Page>;
  params: RouteParams;
}

export interface RouterState<Page = PageRef> {
  location: AppLocation;
  match: RouteMatch<Page> | null;
  popup: RouteMatch<Page> | null;
}

export interface NavigateOptions {
  replace?: boolean;
}

type Patch = Readonly<Record<string, string | number | boolean | null | undefined>>;

export interface Router<Page = PageRef> {
  getState(): RouterState<Page>;
  subscribe(listener: (state: RouterState<Page>) => void): () => void;
  /** Goes to an app URL (`project/radar?tab=groups`, `#/...` and `/...` accepted); drops any open popup. */
  navigate(to: string, options?: NavigateOptions): void;
  /** Merges into the query; null, undefined and '' remove a key. */
  setQuery(patch: Patch, options?: NavigateOptions): void;
  /** Merges into the matrix params; replaces the history entry unless told otherwise (filters are not steps). */
  setMatrix(patch: Patch, options?: NavigateOptions): void;
  /** Merges into the matrix params and the query in one step (a filter that also resets the page). */
  setParams(patch: { matrix?: Patch; query?: Patch }, options?: NavigateOptions): void;
  /** Opens a popup over the current page; refused (false) while another one is open. */
  openPopup(path: string): boolean;
  /** Clears the popup outlet, replacing the history entry. */
  closePopup(): void;
  /** The href for an app URL, e.g. `#/project/radar`. */
  href(to: string): string;
  back(): void;
  /** Stops listening to history. */
  destroy(): void;
}

export interface RouterOptions<Page> {
  routes: readonly RouteDef<Page>[];
  popups?: readonly RouteDef<Page>[];
  history?: History;
}

function applyPatch(current: Readonly<Record<string, string>>, patch: Patch): Record<string, string> {
  const next: Record<string, string> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === null || value === '') delete next[key];
    else next[key] = String(value);
  }
  return next;
}

const withoutMatrix = (path: string): string => path.split('/').map((segment) => segment.split(';')[0]).join('/');

export function createRouter<Page = PageRef>(options: RouterOptions<Page>): Router<Page> {
  const history = options.history ?? createHashHistory();
  const listeners = new Set<(state: RouterState<Page>) => void>();

  const read = (): RouterState<Page> => {
    const location = parseAppUrl(history.location.pathname + history.location.search);
    return {
      location,
      match: matchRoute(options.routes, location.path),
      popup: location.popup ? matchRoute(options.popups ?? [], withoutMatrix(location.popup)) : null,
    };
  };

  let state = read();
  const unlisten = history.listen(() => {
    state = read();
    for (const listener of [...listeners]) listener(state);
  });

  const go = (url: string, replace: boolean | undefined): void => {
    if (url === state.location.url) return;
    if (replace) history.replace(url);
    else history.push(url);
  };
  const rebuild = (parts: Partial<AppUrlParts>): string => {
    const { path, matrix, query, popup } = state.location;
    return buildAppUrl({ path, matrix, query, popup, ...parts });
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate: (to, { replace } = {}) => go(normalizeAppUrl(to), replace),
    setQuery: (patch, { replace } = {}) => go(rebuild({ query: applyPatch(state.location.query, patch) }), replace),
    setMatrix: (patch, { replace = true } = {}) => go(rebuild({ matrix: applyPatch(state.location.matrix, patch) }), replace),
    setParams: ({ matrix = {}, query = {} }, { replace } = {}) =>
      go(rebuild({ matrix: applyPatch(state.location.matrix, matrix), query: applyPatch(state.location.query, query) }), replace),
    openPopup(path) {
      if (state.location.popup) return false;
      go(rebuild({ popup: path }), false);
      return true;
    },
    closePopup() {
      if (state.location.popup) go(rebuild({ popup: null }), true);
    },
    href: (to) => history.createHref(normalizeAppUrl(to)),
    back: () => history.back(),
    destroy: () => {
      unlisten();
      listeners.clear();
    },
  };
}

// ---- page title ----

/** `managementPortalApp` is a namespace (server alert keys live under it), so the app's name sits at `.title`. */
export const DEFAULT_TITLE_KEY = 'managementPortalApp.title';
/** Shown when even the default title key has no translation (the original's fallback). */
export const FALLBACK_TITLE = 'ManagementPortal';

export function pageTitleKey(match: RouteMatch<unknown> | null | undefined): string {
  return match?.route.titleKey ?? DEFAULT_TITLE_KEY;
}

export interface TitleTranslator {
  t(key: string): string;
  has(key: string): boolean;
}

const withEntity = (title: string, entity: string | undefined): string => (entity ? `${title} ${entity}` : title);
const CONTAINERS = new Set(['projectName', 'organizationName']);

/**
 * What a popup acts on, from its parameters in path order: numbers (a group's id) say nothing to a person, and a
 * project or organization that only contains the entity is left out ("abc" for project-subject/radar/abc/edit,
 * "radar" for project-subject-new/radar, "Empatica E4 v1" for a source type).
 */
export function popupEntity(params: RouteParams): string {
  const named = Object.entries(params).filter(([, value]) => value && !/^\d+$/.test(value));
  return named
    .filter(([key], index) => !CONTAINERS.has(key) || index === named.length - 1)
    .map(([, value]) => value)
    .join(' ');
}

/**
 * The text for document.title: the route's title followed by the entity its parameters name ("Project radar",
 * "Source type Empatica E4 v1"), or the app name. An open popup comes first, with the entity it acts on
 * (popupEntity): "Edit subject abc - Project radar".
 */
export function pageTitle(
  match: RouteMatch<unknown> | null | undefined,
  i18n: TitleTranslator,
  popup?: RouteMatch<unknown> | null,
): string {
  const key = pageTitleKey(match);
  if (key === DEFAULT_TITLE_KEY && !i18n.has(key)) return FALLBACK_TITLE;
  const page = withEntity(i18n.t(key), Object.values(match?.params ?? {}).filter(Boolean).join(' '));
  if (!popup?.route.titleKey) return page;
  return `${withEntity(i18n.t(popup.route.titleKey), popupEntity(popup.params))} - ${page}`;
}
