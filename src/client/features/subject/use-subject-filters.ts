// The filter panel's state: what is typed (`draft`), what has waited out its own debounce (200 ms text, 0 dates,
// 1 ms group), and `applied`, which waits 10 ms more and is what the list queries with (spec 001 §5, §9).
// Removing a badge or clearing takes effect at once, without the input debounce.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../../components/use-debounced';
import { EMPTY_FILTERS, FILTER_KEYS, RESULTS_DEBOUNCE_MS, filterDebounceMs, type FilterKey, type SubjectFilters } from './subject-filters';

export interface SubjectFilterState {
  draft: SubjectFilters;
  applied: SubjectFilters;
  change(key: FilterKey, value: string): void;
  clear(key?: FilterKey): void;
}

export function useSubjectFilters(initial: SubjectFilters): SubjectFilterState {
  const [draft, setDraft] = useState(initial);
  const [settled, setSettled] = useState(initial);
  const timers = useRef(new Map<FilterKey, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const settle = useCallback((key: FilterKey, value: string) => {
    clearTimeout(timers.current.get(key));
    timers.current.delete(key);
    setSettled((current) => (current[key] === value ? current : { ...current, [key]: value }));
  }, []);

  const change = useCallback((key: FilterKey, value: string) => {
    setDraft((current) => ({ ...current, [key]: value }));
    const ms = filterDebounceMs(key);
    if (ms <= 0) return settle(key, value);
    clearTimeout(timers.current.get(key));
    timers.current.set(key, setTimeout(() => settle(key, value), ms));
  }, [settle]);

  const clear = useCallback((key?: FilterKey) => {
    for (const k of key ? [key] : FILTER_KEYS) {
      setDraft((current) => ({ ...current, [k]: EMPTY_FILTERS[k] }));
      settle(k, EMPTY_FILTERS[k]);
    }
  }, [settle]);

  return { draft, applied: useDebouncedValue(settled, RESULTS_DEBOUNCE_MS), change, clear };
}
