// React binding for AbortScope: requests a component starts are aborted when it unmounts.
import { useEffect, useRef, useState } from 'react';
import { AbortScope } from './abort-scope';

export type ComponentAbortScope = Pick<AbortScope, 'signal' | 'takeLatest' | 'aborted'>;

/**
 * A scope for the component's requests. The returned object is stable and always points at the live scope, so
 * StrictMode's unmount-remount (which aborts the first scope) leaves effects with a working one.
 */
export function useAbortScope(): ComponentAbortScope {
  const scope = useRef<AbortScope | null>(null);
  const live = (): AbortScope => (scope.current ??= new AbortScope());
  const [facade] = useState<ComponentAbortScope>(() => ({
    get signal() {
      return live().signal;
    },
    get aborted() {
      return live().aborted;
    },
    takeLatest: (key: string) => live().takeLatest(key),
  }));
  useEffect(() => {
    if (scope.current?.aborted) scope.current = new AbortScope();
    return () => scope.current?.abort();
  }, []);
  return facade;
}
