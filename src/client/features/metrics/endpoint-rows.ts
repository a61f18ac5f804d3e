// The endpoint table's rows: one per endpoint and method, with the static files the server hands out (the client's
// hashed bundles, stylesheets, dictionaries, images) folded into one row per method, so the API endpoints are not
// lost among dozens of asset names.
import type { Timing } from './metrics-types';

export interface EndpointRow {
  method: string;
  /** The endpoint, or null for the static files together. */
  uri: string | null;
  /** How many endpoints the row stands for (1, or the number of static files). */
  files: number;
  timing: Timing;
}

const STATIC = /^\/?(assets\/|i18n\/)|\.(js|css|map|png|svg|ico|json|html|woff2?|txt)$/;

export const isStaticFile = (uri: string): boolean => STATIC.test(uri) && !/^\/?(api|oauth|management)\//.test(uri);

export function endpointRows(services: Record<string, Record<string, Timing>>): EndpointRow[] {
  const rows: EndpointRow[] = [];
  const statics = new Map<string, EndpointRow>();
  for (const [uri, methods] of Object.entries(services)) {
    for (const [method, timing] of Object.entries(methods)) {
      if (!isStaticFile(uri)) {
        rows.push({ method, uri, files: 1, timing });
        continue;
      }
      const row = statics.get(method) ?? { method, uri: null, files: 0, timing: { count: 0, mean: 0, max: 0 } };
      const count = row.timing.count + timing.count;
      row.timing = { count, max: Math.max(row.timing.max, timing.max), mean: count === 0 ? 0 : (row.timing.mean * row.timing.count + timing.mean * timing.count) / count };
      row.files += 1;
      statics.set(method, row);
    }
  }
  return [...rows, ...statics.values()];
}
