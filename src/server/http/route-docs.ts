// What a route entry tells the API document beyond what it enforces: tag, summary, the success answer and the error
// answers a caller should expect. Access, parameters and the body come from the entry itself (route.ts), so they
// cannot drift from what the router checks. api-docs/openapi-document.ts turns entries into OpenAPI 3.0.
import { arrayOf, ref, string, type Schema } from '../../common/schema';
import type { QueryParam } from './query-param';

/** Extra response headers of the success answer. */
export type SuccessHeader = 'location' | 'alert' | 'paging' | 'keyset' | 'setCookie';

export interface SuccessDoc {
  status: 200 | 201 | 204 | 302;
  description: string;
  schema?: Schema;
  contentType?: string;
  headers?: SuccessHeader[];
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 429 | 503;

export interface OperationDocs {
  tag: string;
  summary: string;
  description?: string;
  /** Descriptions of path parameters (their names and patterns come from the route). */
  pathParams?: Record<string, string>;
  success: SuccessDoc;
  /** Error answers besides the ones the access and the input imply (401, 403, 400), with what they mean. */
  errors?: Partial<Record<ErrorStatus, string>>;
}

export const ok = (schema: Schema | undefined, description: string, headers?: SuccessHeader[]): SuccessDoc => ({ status: 200, schema, description, headers });
export const list = (name: string, description: string, headers?: SuccessHeader[]): SuccessDoc => ok(arrayOf(ref(name)), description, headers);
export const paged = (name: string, description: string): SuccessDoc => list(name, description, ['paging']);
export const created = (schema: Schema | undefined, description: string): SuccessDoc => ({ status: 201, schema, description, headers: ['location', 'alert'] });
export const noContent = (description: string): SuccessDoc => ({ status: 204, description });
export const found = (description: string): SuccessDoc => ({ status: 302, description, headers: ['location'] });

export const param = (schema: Schema, description?: string, required = false): QueryParam => ({ schema, description, required });
export const flag = (description: string, fallback: boolean): QueryParam => param({ type: 'boolean', doc: { default: fallback } }, description);

/**
 * Spring Pageable (docs/api-conventions.md): `page`, `size` (clamped to 2000) and repeatable `sort` over the named
 * properties. Documented here; http/paging.ts parses them (its clamping and sort whitelist are per endpoint).
 */
export function pageable(defaultSize: number, sortable: string[]): Record<string, QueryParam> {
  return {
    page: param(string('Zero-based page', { type: 'integer', format: 'int32', minimum: 0, default: 0 })),
    size: param(string(`Page size (at most 2000; ${defaultSize} by default)`, { type: 'integer', format: 'int32', minimum: 1, maximum: 2000, default: defaultSize })),
    sort: param(arrayOf(string()), `Repeatable \`property[,asc|desc]\`; properties: ${sortable.join(', ')}. An unknown one is a 400.`),
  };
}
