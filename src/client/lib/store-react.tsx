// React binding for store.ts: a context per kind of store, the store created once per provider, and selector hooks
// over useSyncExternalStore that re-render only when the selected slice changes.
import { createContext, useContext, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Equality, Store } from './store';

/** Reads `selector(store.getState())`, re-rendering when it changes by `equals`. Works without a provider. */
export function useStoreSelector<T extends object, U>(
  store: Store<T>,
  selector: (state: T) => U,
  equals: Equality<U> = Object.is,
): U {
  // Same state and selector -> same answer; an equal answer keeps the previous value, so selectors that build new
  // arrays or objects (with shallowEqual) do not re-render or loop.
  const last = useRef<{ state: T; selector: (state: T) => U; selected: U } | null>(null);
  const getSelection = (): U => {
    const state = store.getState();
    const previous = last.current;
    if (previous && previous.state === state && previous.selector === selector) return previous.selected;
    const fresh = selector(state);
    const selected = previous && equals(previous.selected, fresh) ? previous.selected : fresh;
    last.current = { state, selector, selected };
    return selected;
  };
  return useSyncExternalStore(store.subscribe, getSelection, getSelection);
}

export interface StoreProviderProps<T extends object> {
  /** An existing store (e.g. the session's); otherwise `create` makes one when the provider mounts. */
  store?: Store<T>;
  create?: () => Store<T>;
  children?: ReactNode;
}

export interface StoreBindings<T extends object> {
  Provider: (props: StoreProviderProps<T>) => ReactNode;
  /** The store itself, for setState and subscriptions in effects. */
  useStoreApi: () => Store<T>;
  useStore: <U>(selector: (state: T) => U, equals?: Equality<U>) => U;
}

export function createStoreBindings<T extends object>(name: string): StoreBindings<T> {
  const StoreContext = createContext<Store<T> | null>(null);
  StoreContext.displayName = name;

  function Provider({ store, create, children }: StoreProviderProps<T>): ReactNode {
    const [value] = useState(() => {
      const made = store ?? create?.();
      if (!made) throw new Error(`<${name}Provider> needs a store or a create function`);
      return made;
    });
    return <StoreContext.Provider value={value}>{children}</StoreContext.Provider>;
  }

  function useStoreApi(): Store<T> {
    const store = useContext(StoreContext);
    if (!store) throw new Error(`${name}: this hook was used outside <${name}Provider>; wrap the tree in it.`);
    return store;
  }

  return {
    Provider,
    useStoreApi,
    useStore: (selector, equals) => useStoreSelector(useStoreApi(), selector, equals),
  };
}
