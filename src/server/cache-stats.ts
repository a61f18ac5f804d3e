// Counters for the server's in-memory caches, reported by management/jhimetrics under `cache` in the names Micrometer
// gives a cache's meters (JHipster's endpoint passes them through). Every cache lives in one server process's memory,
// so the figures are that process's own. A cache owned by a module (one per process) registers here by name; caches
// owned by an app instance (signing keys, the OIDC provider's, static files) are gathered by management/cache-metrics.ts.
// It is part of the core (next to log.ts) because core modules keep caches too: signing keys, verified tokens.

export type CacheFigures = Record<string, number>;

export class CacheStats {
  /** Lookups answered from memory. */
  hits = 0;
  /** Lookups that had to fetch, compute or give up. */
  misses = 0;
  /** Entries stored (added or replaced). */
  puts = 0;
  /** Entries dropped on request (a forget, a stale file). */
  removals = 0;
  /** Entries dropped by the cache itself: expired, or the oldest when it is full. */
  evictions = 0;

  constructor(private readonly size: () => number) {}

  figures(): CacheFigures {
    return {
      'cache.gets.hit': this.hits,
      'cache.gets.miss': this.misses,
      'cache.puts': this.puts,
      'cache.removals': this.removals,
      'cache.evictions': this.evictions,
      'cache.size': this.size(),
    };
  }
}

const processCaches = new Map<string, CacheStats>();

/** Counters for a cache that lives as long as the process (a module-level memo). */
export function processCache(name: string, size: () => number): CacheStats {
  const stats = new CacheStats(size);
  processCaches.set(name, stats);
  return stats;
}

export function processCacheFigures(): Record<string, CacheFigures> {
  const out: Record<string, CacheFigures> = {};
  for (const [name, stats] of processCaches) out[name] = stats.figures();
  return out;
}
