// The `cache` object of management/jhimetrics: every in-memory cache of this server process by name, each with
// Micrometer's meter names (cache.gets.hit, cache.gets.miss, cache.puts, cache.removals, cache.evictions, cache.size).
// The client works out gets and the hit and miss percentages, as JHipster's screen does. With several server
// processes each answers for its own memory.
import type { AppServices } from '../services';
import { processCacheFigures, type CacheFigures } from '../cache-stats';

export function cacheMetrics(app: AppServices): Record<string, CacheFigures> {
  const out = processCacheFigures();
  if (app.keys?.cacheStats) out.signingKeys = app.keys.cacheStats.figures();
  if (app.oidc) {
    out.oidcDiscovery = app.oidc.discovery.cacheStats.figures();
    out.oidcJwks = app.oidc.jwks.cacheStats.figures();
  }
  for (const [name, stats] of app.caches ?? []) out[name] = stats.figures();
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}
