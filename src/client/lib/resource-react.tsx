// React binding for resource.ts: `useResource(deps, (signal) => http.get(...))` loads whenever `deps` change (by
// value), aborts the previous request when they do and when the component unmounts, and reloads on the list events
// named in `reloadOn`.
import { useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ListEventsContext } from './list-events-react';
import type { ListEventMap, ListEventName } from './list-events';
import { createResource, type Loader, type Resource } from './resource';

/** Events that reload the resource: `true` for every one, or a test of its detail. */
export type ReloadOn = { [K in ListEventName]?: true | ((detail: ListEventMap[K]) => boolean) };

export interface UseResourceOptions {
  reloadOn?: ReloadOn;
  /** Keep the previous inputs' data on screen while the new inputs load (a list being filtered). */
  keepData?: boolean;
}

export interface ResourceView<T> {
  /** The data for the current deps (undefined while the first answer is on its way, or after a failure). */
  data: T | undefined;
  /** `data` belongs to previous deps (only with `keepData`, until the current deps' answer replaces it). */
  stale: boolean;
  /** Why loading failed; undefined when it did not. Show it with a way to retry. */
  error: unknown;
  loading: boolean;
  /** Repeats the attempt that failed. */
  retry(): void;
  /** Fetches the current deps again. */
  reload(): void;
  run: Resource<T>['run'];
  mutate: Resource<T>['mutate'];
}

/**
 * Loads what `loader` answers for `deps`: an array of every input the loader reads (compared by value, as JSON), or
 * null while there is nothing to load. The latest `loader` is always the one called.
 */
export function useResource<T>(deps: readonly unknown[] | null, loader: Loader<T>, options: UseResourceOptions = {}): ResourceView<T> {
  const { reloadOn, keepData = false } = options;
  const [resource] = useState(() => createResource<T>());
  const state = useSyncExternalStore(resource.subscribe, resource.getState, resource.getState);
  const key = deps === null ? null : JSON.stringify(deps);
  const latest = useRef({ loader, reloadOn });
  latest.current = { loader, reloadOn };

  useEffect(() => {
    resource.load(key, (signal, current) => latest.current.loader(signal, current), { keepData });
  }, [resource, key, keepData]);
  useEffect(() => () => resource.stop(), [resource]);

  const events = useContext(ListEventsContext);
  const eventNames = Object.keys(reloadOn ?? {}).sort().join(',');
  useEffect(() => {
    if (!eventNames) return;
    if (!events) throw new Error('useResource reloads on list events outside <ListEventsProvider>; wrap the tree in it.');
    const stops = (eventNames.split(',') as ListEventName[]).map((name) =>
      events.subscribe(name, (detail) => {
        const rule = latest.current.reloadOn?.[name] as true | ((detail: unknown) => boolean) | undefined;
        if (rule === true || (typeof rule === 'function' && rule(detail))) resource.reload();
      }),
    );
    return () => stops.forEach((stop) => stop());
  }, [events, resource, eventNames]);

  // Until the effect has loaded the new deps, the state still describes the old ones.
  const current = state.key === key;
  const fresh = state.dataKey === key;
  return {
    data: fresh || keepData ? state.data : undefined,
    stale: !fresh && keepData && state.data !== undefined,
    error: current ? state.error : undefined,
    loading: current ? state.loading : key !== null,
    retry: resource.retry,
    reload: resource.reload,
    run: resource.run,
    mutate: resource.mutate,
  };
}
