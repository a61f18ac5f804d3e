// Loads the documentation the way swagger-ui's configUrl does: GET api-docs/swagger-config, then the document it
// names, both through the app's http wrapper. Failures stay on the page (no alert): a 404 means the server's
// api-docs profile is off.
import { useMemo } from 'react';
import { useHttp } from '../../components/services-react';
import { isApiError } from '../../lib/http-errors';
import { useResource } from '../../lib/resource-react';
import { operationsOf, type ApiOperation } from './openapi-model';
import type { OpenApiDocument, SwaggerConfig } from './openapi-types';

export const CONFIG_PATH = 'api-docs/swagger-config';

export type DocsFailure = { kind: 'status'; status: number } | { kind: 'network' } | { kind: 'invalid' };

export type DocsState =
  | { status: 'loading' }
  | { status: 'error'; failure: DocsFailure; retry(): void }
  | { status: 'ready'; doc: OpenApiDocument; operations: ApiOperation[] };

export function documentUrl(config: SwaggerConfig | undefined): string | undefined {
  if (!config || typeof config !== 'object') return undefined;
  return config.url || config.urls?.find((entry) => entry?.url)?.url;
}

/** The config names no document, or the document has no paths. */
class InvalidDocs extends Error {}

const failureOf = (error: unknown): DocsFailure =>
  error instanceof InvalidDocs ? { kind: 'invalid' } : isApiError(error) ? { kind: 'status', status: error.status } : { kind: 'network' };

export function useApiDocs(): DocsState {
  const http = useHttp();
  const loaded = useResource(['api-docs'], async (signal) => {
    const { data: config } = await http.get<SwaggerConfig>(CONFIG_PATH, { signal, silent: true });
    const url = documentUrl(config);
    if (!url) throw new InvalidDocs();
    const { data: doc } = await http.get<OpenApiDocument>(url, { signal, silent: true });
    if (!doc || typeof doc !== 'object' || !doc.paths || typeof doc.paths !== 'object') throw new InvalidDocs();
    return { doc, operations: operationsOf(doc) };
  });
  const { data, error, retry } = loaded;
  return useMemo<DocsState>(() => {
    if (data) return { status: 'ready', ...data };
    if (error !== undefined) return { status: 'error', failure: failureOf(error), retry };
    return { status: 'loading' };
  }, [data, error, retry]);
}
