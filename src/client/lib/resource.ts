// One way to load what a screen shows: a resource holds the data for one set of inputs (its key), whether it is
// loading, and the error of the last attempt. A new key aborts the request in flight, so a slow answer for old
// inputs never overwrites the answer for new ones; `stop` aborts it too (the screen went away). `retry` repeats the
// attempt that failed, `reload` fetches the key again (a list-change event), `run` adds to what is loaded (the next
// page) and `mutate` patches it in place. Data stays on screen while a reload, retry or run is on its way.
// No React here; resource-react.tsx has the hook.

/** Fetches the data for the current key; `current` is what is loaded now (undefined on a new key). */
export type Loader<T> = (signal: AbortSignal, current: T | undefined) => Promise<T>;

export interface ResourceState<T> {
  /** The inputs the state belongs to; null: there is nothing to load (an input is missing or invalid). */
  key: string | null;
  data: T | undefined;
  /** The key `data` was loaded for: another one while `keepData` shows the previous inputs' data. */
  dataKey: string | null;
  /** Why the last attempt failed (undefined: it did not). Cleared when the next attempt starts. */
  error: unknown;
  loading: boolean;
}

export interface LoadOptions {
  /** Keep the previous key's data on screen until the new key's answer replaces it (filters being typed). */
  keepData?: boolean;
}

export interface Resource<T> {
  getState(): ResourceState<T>;
  subscribe(listener: (state: ResourceState<T>) => void): () => void;
  /**
   * Loads `key` with `loader`. The same key again only remembers the loader (for `reload`); a different key aborts
   * what is in flight and starts over. A null key aborts and loads nothing.
   */
  load(key: string | null, loader: Loader<T>, options?: LoadOptions): void;
  /** Fetches the current key again with its loader, keeping the data meanwhile. */
  reload(): void;
  /** Repeats the last attempt (the load, reload or run that failed). */
  retry(): void;
  /** An extra request for the current key whose answer is merged into the data (e.g. the next page). */
  run<R>(fetch: (signal: AbortSignal, current: T | undefined) => Promise<R>, merge: (current: T | undefined, result: R) => T): void;
  /** Patches the loaded data in place (nothing when none is loaded). */
  mutate(update: (data: T) => T): void;
  /** Aborts what is in flight and forgets the key, so the next `load` starts again even with the same key. */
  stop(): void;
}

interface Job<T> {
  fetch(signal: AbortSignal, current: T | undefined): Promise<unknown>;
  merge(current: T | undefined, result: unknown): T;
}

const IDLE = { key: null, data: undefined, dataKey: null, error: undefined, loading: false } as const;

export function createResource<T>(): Resource<T> {
  let state: ResourceState<T> = IDLE;
  /** False until the first load and after stop: then any key, even the same one, starts a request. */
  let active = false;
  let base: Job<T> | null = null;
  let last: Job<T> | null = null;
  let running: AbortController | null = null;
  const listeners = new Set<(state: ResourceState<T>) => void>();

  const set = (patch: Partial<ResourceState<T>>): void => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener(state);
  };

  const abortRunning = (): void => {
    const controller = running;
    running = null;
    controller?.abort();
  };

  function start(job: Job<T>, patch: Partial<ResourceState<T>> = {}): void {
    abortRunning();
    const controller = new AbortController();
    running = controller;
    last = job;
    set({ ...patch, loading: true, error: undefined });
    let pending: Promise<unknown>;
    try {
      pending = job.fetch(controller.signal, state.data);
    } catch (error) {
      pending = Promise.reject(error);
    }
    const settle = (patch: Partial<ResourceState<T>>): void => {
      // Only the latest request of this key may answer; an aborted or superseded one says nothing.
      if (running !== controller) return;
      running = null;
      set({ ...patch, loading: false });
    };
    pending.then(
      (result) => {
        if (running !== controller) return;
        try {
          settle({ data: job.merge(state.data, result), dataKey: state.key });
        } catch (error) {
          settle({ error });
        }
      },
      (error: unknown) => settle({ error: error ?? new Error('The request failed.') }),
    );
  }

  const hasKey = (): boolean => active && state.key !== null;

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    load(key, loader, { keepData = false } = {}) {
      base = { fetch: loader, merge: (_, result) => result as T };
      if (active && key === state.key) return;
      active = true;
      abortRunning();
      const patch = keepData ? { key, error: undefined } : { key, data: undefined, dataKey: key, error: undefined };
      if (key === null) set({ ...patch, loading: false });
      else start(base, patch);
    },
    reload() {
      if (hasKey() && base) start(base);
    },
    retry() {
      if (hasKey() && last) start(last);
    },
    run(fetch, merge) {
      if (hasKey()) start({ fetch, merge: merge as Job<T>['merge'] });
    },
    mutate(update) {
      if (state.data !== undefined) set({ data: update(state.data) });
    },
    stop() {
      active = false;
      abortRunning();
      if (state.loading) set({ loading: false });
    },
  };
}
