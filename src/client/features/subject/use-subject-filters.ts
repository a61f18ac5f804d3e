// The filter panel's state. The URL holds the filters; the panel holds only what is being typed (`draft`). A change
// waits out its own debounce (200 ms text, 0 dates, 1 ms group), then all settled changes wait 10 ms more together
// and are written to the URL at once, through `write`. Removing a badge or clearing skips the input debounce. When
// the URL changes under the panel (Back, a link), the panel shows what it says, except in a field being typed in.
import { useCallback, useEffect, useRef, useState } from 'react';
import { EMPTY_FILTERS, FILTER_KEYS, RESULTS_DEBOUNCE_MS, filterDebounceMs, type FilterKey, type SubjectFilters } from './subject-filters';

export interface SubjectFilterState {
  /** What the inputs show. */
  draft: SubjectFilters;
  change(key: FilterKey, value: string): void;
  clear(key?: FilterKey): void;
}

type Timer = ReturnType<typeof setTimeout>;

/**
 * `url`: the filters the URL holds now (a value that stays the same object while they do not change); `write`: puts
 * filters into the URL.
 */
export function useSubjectFilters(url: SubjectFilters, write: (filters: SubjectFilters) => void): SubjectFilterState {
  const [draft, setDraft] = useState(url);
  const inputTimers = useRef(new Map<FilterKey, Timer>());
  /** Values past their input debounce, waiting for the results debounce. */
  const settled = useRef<Partial<SubjectFilters>>({});
  const resultsTimer = useRef<Timer | undefined>(undefined);
  const latest = useRef({ url, write });
  latest.current = { url, write };

  useEffect(() => {
    const inputs = inputTimers.current;
    return () => {
      inputs.forEach((timer) => clearTimeout(timer));
      clearTimeout(resultsTimer.current);
    };
  }, []);

  useEffect(() => {
    setDraft((current) => {
      let next = current;
      for (const key of FILTER_KEYS) {
        const typing = inputTimers.current.has(key) || key in settled.current;
        if (!typing && current[key].trim() !== url[key]) next = { ...next, [key]: url[key] };
      }
      return next;
    });
  }, [url]);

  const flush = useCallback(() => {
    resultsTimer.current = undefined;
    const changes = settled.current;
    settled.current = {};
    latest.current.write({ ...latest.current.url, ...changes });
  }, []);

  const settle = useCallback((key: FilterKey, value: string) => {
    clearTimeout(inputTimers.current.get(key));
    inputTimers.current.delete(key);
    settled.current = { ...settled.current, [key]: value };
    clearTimeout(resultsTimer.current);
    resultsTimer.current = setTimeout(flush, RESULTS_DEBOUNCE_MS);
  }, [flush]);

  const change = useCallback((key: FilterKey, value: string) => {
    setDraft((current) => ({ ...current, [key]: value }));
    const ms = filterDebounceMs(key);
    if (ms <= 0) return settle(key, value);
    clearTimeout(inputTimers.current.get(key));
    inputTimers.current.set(key, setTimeout(() => settle(key, value), ms));
  }, [settle]);

  const clear = useCallback((key?: FilterKey) => {
    for (const k of key ? [key] : FILTER_KEYS) {
      setDraft((current) => ({ ...current, [k]: EMPTY_FILTERS[k] }));
      settle(k, EMPTY_FILTERS[k]);
    }
  }, [settle]);

  return { draft, change, clear };
}
