// Loads the documentation the way swagger-ui's configUrl does: GET api-docs/swagger-config, then the document it
// names, both through the app's http wrapper. Failures stay on the page (no alert): a 404 means the server's
// api-docs profile is off.
import { useEffect, useState } from 'react';
import { useHttp } from '../../components/services-react';
import { isAbortError, isApiError } from '../../lib/http-errors';
import { useAbortScope } from '../../lib/http-react';
import { operationsOf, type ApiOperation } from './openapi-model';
import type { OpenApiDocument, SwaggerConfig } from './openapi-types';

export const CONFIG_PATH = 'api-docs/swagger-config';

export type DocsFailure = { kind: 'status'; status: number } | { kind: 'network' } | { kind: 'invalid' };

export type DocsState =
  | { status: 'loading' }
  | { status: 'error'; failure: DocsFailure }
  | { status: 'ready'; doc: OpenApiDocument; operations: ApiOperation[] };

export function documentUrl(config: SwaggerConfig | undefined): string | undefined {
  if (!config || typeof config !== 'object') return undefined;
  return config.url || config.urls?.find((entry) => entry?.url)?.url;
}

const failureOf = (error: unknown): DocsFailure => (isApiError(error) ? { kind: 'status', status: error.status } : { kind: 'network' });

export function useApiDocs(): DocsState {
  const http = useHttp();
  const scope = useAbortScope();
  const [state, setState] = useState<DocsState>({ status: 'loading' });

  useEffect(() => {
    const signal = scope.takeLatest('api-docs');
    (async () => {
      const { data: config } = await http.get<SwaggerConfig>(CONFIG_PATH, { signal, silent: true });
      const url = documentUrl(config);
      if (!url) return setState({ status: 'error', failure: { kind: 'invalid' } });
      const { data: doc } = await http.get<OpenApiDocument>(url, { signal, silent: true });
      if (!doc || typeof doc !== 'object' || !doc.paths || typeof doc.paths !== 'object') {
        return setState({ status: 'error', failure: { kind: 'invalid' } });
      }
      setState({ status: 'ready', doc, operations: operationsOf(doc) });
    })().catch((error) => {
      if (!isAbortError(error)) setState({ status: 'error', failure: failureOf(error) });
    });
  }, [http, scope]);

  return state;
}
