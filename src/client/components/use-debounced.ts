// Debouncing for filters and typeaheads (200 ms typeahead and log filter, 300 ms user filter).
import { useEffect, useRef, useState } from 'react';

/** `value`, but only after it has stopped changing for `ms`. */
export function useDebouncedValue<V>(value: V, ms: number): V {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (ms <= 0) {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A stable function that calls the latest `callback` once calls stop for `ms`; pending calls die with the component. */
export function useDebouncedCallback<A extends unknown[]>(callback: (...args: A) => void, ms: number): (...args: A) => void {
  const latest = useRef(callback);
  latest.current = callback;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const [debounced] = useState(() => (...args: A) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(...args), ms);
  });
  return debounced;
}
