// A small vanilla store (zustand's shape): state is replaced, never mutated; listeners hear every change, and
// selector subscriptions hear only when their slice changes. React binds to it in store-react.tsx.

export type Listener<T> = (state: T, previous: T) => void;
export type Equality<U> = (a: U, b: U) => boolean;
export type StateUpdate<T> = Partial<T> | ((state: T) => Partial<T>);

export interface Store<T extends object> {
  getState(): T;
  getInitialState(): T;
  /** Merges a partial state (or the result of a function of the state); `replace` swaps the whole state. */
  setState(update: StateUpdate<T>, replace?: boolean): void;
  subscribe(listener: Listener<T>): () => void;
  /** Calls `listener` when `selector(state)` changes by `equals` (Object.is by default). */
  subscribeSelector<U>(
    selector: (state: T) => U,
    listener: (selected: U, previous: U) => void,
    options?: { equals?: Equality<U>; fireImmediately?: boolean },
  ): () => void;
}

/** Equal when both are the same object, or objects/arrays whose own entries are Object.is-equal. */
export function shallowEqual<U>(a: U, b: U): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every(
    (key) => Object.prototype.hasOwnProperty.call(b, key) && Object.is((a as never)[key], (b as never)[key]),
  );
}

export function createStore<T extends object>(initialState: T): Store<T> {
  let state = initialState;
  const listeners = new Set<Listener<T>>();

  const setState: Store<T>['setState'] = (update, replace = false) => {
    const partial = typeof update === 'function' ? update(state) : update;
    const changes = Object.entries(partial) as [keyof T, unknown][];
    // Setting values that are already there is not a change: no new state object, no notifications.
    if (!replace && changes.every(([key, value]) => Object.is(state[key], value))) return;
    if (replace && Object.is(partial, state)) return;
    const previous = state;
    state = replace ? (partial as T) : { ...state, ...partial };
    for (const listener of [...listeners]) listener(state, previous);
  };

  const subscribe: Store<T>['subscribe'] = (listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  return {
    getState: () => state,
    getInitialState: () => initialState,
    setState,
    subscribe,
    subscribeSelector(selector, listener, { equals = Object.is, fireImmediately = false } = {}) {
      let selected = selector(state);
      if (fireImmediately) listener(selected, selected);
      return subscribe((next) => {
        const nextSelected = selector(next);
        if (equals(selected, nextSelected)) return;
        const previous = selected;
        selected = nextSelected;
        listener(nextSelected, previous);
      });
    },
  };
}
