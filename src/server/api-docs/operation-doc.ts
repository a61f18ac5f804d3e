// The hand-written half of the API documentation: what the route table cannot say about an operation (summary, tag,
// who may call it, parameters, bodies, answers). One entry per route, keyed "METHOD /path/{param}"; a test fails when
// a route has no entry or an entry names no route, so the document cannot drift from the code.
import type { Permission } from '../../common/permission-matrix';
import { arrayOf, integer, ref, string, type Schema } from './schema-helpers';

/** Who may call an operation; shown on each operation as `x-required-permission`. */
export type Access =
  | { kind: 'public' }
  /** OAuth client authentication (HTTP Basic, or client_id / client_secret form fields). */
  | { kind: 'client' }
  | { kind: 'authenticated' }
  | { kind: 'sysAdmin' }
  /** The token carries the scope and one of the caller's roles may be granted it (no entity check). */
  | { kind: 'scope'; permission: Permission }
  /** The permission with the entity attached (api.md §3.3); `global` = no entity, so system admins only. */
  | { kind: 'permission'; permission: Permission; on: 'global' | 'organization' | 'project' | 'subject' | 'source' | 'user' };

export const PUBLIC: Access = { kind: 'public' };
export const CLIENT: Access = { kind: 'client' };
export const AUTHENTICATED: Access = { kind: 'authenticated' };
export const SYS_ADMIN: Access = { kind: 'sysAdmin' };
export const scope = (permission: Permission): Access => ({ kind: 'scope', permission });
export const perm = (permission: Permission, on: Extract<Access, { kind: 'permission' }>['on']): Access => ({ kind: 'permission', permission, on });

export interface ParamDoc {
  name: string;
  description?: string;
  schema: Schema;
  required?: boolean;
}

export interface BodyDoc {
  schema: Schema;
  optional?: boolean;
  contentType?: 'application/json' | 'text/plain' | 'application/x-www-form-urlencoded';
  description?: string;
}

/** Extra response headers of the success answer. */
export type SuccessHeader = 'location' | 'alert' | 'paging' | 'keyset' | 'setCookie';

export interface SuccessDoc {
  status: 200 | 201 | 204 | 302;
  description: string;
  schema?: Schema;
  contentType?: string;
  headers?: SuccessHeader[];
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 410 | 503;

export interface OperationDoc {
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** Descriptions of path parameters (their names and patterns come from the route). */
  pathParams?: Record<string, string>;
  query?: ParamDoc[];
  body?: BodyDoc;
  success: SuccessDoc;
  /** Error answers besides the ones the access and the body imply (401, 403, 400), with what they mean. */
  errors?: Partial<Record<ErrorStatus, string>>;
}

export type OperationTable = Record<string, OperationDoc>;

// ---- builders used by the tables ----

export const json = (schema: Schema, description?: string): BodyDoc => ({ schema, description });
export const text = (description: string): BodyDoc => ({ schema: string(), contentType: 'text/plain', description });

export const ok = (schema: Schema | undefined, description: string, headers?: SuccessHeader[]): SuccessDoc => ({ status: 200, schema, description, headers });
export const list = (name: string, description: string, headers?: SuccessHeader[]): SuccessDoc => ok(arrayOf(ref(name)), description, headers);
export const paged = (name: string, description: string): SuccessDoc => list(name, description, ['paging']);
export const created = (schema: Schema | undefined, description: string): SuccessDoc => ({ status: 201, schema, description, headers: ['location', 'alert'] });
export const noContent = (description: string): SuccessDoc => ({ status: 204, description });
export const found = (description: string): SuccessDoc => ({ status: 302, description, headers: ['location'] });

export const query = (name: string, schema: Schema, description?: string, required = false): ParamDoc => ({ name, schema, description, required });
export const booleanQuery = (name: string, description: string, fallback: boolean): ParamDoc =>
  query(name, { type: 'boolean', doc: { default: fallback } }, description);

/** Spring Pageable (api.md §1.4): `page`, `size` (clamped to 2000) and repeatable `sort` over the named properties. */
export function pageable(defaultSize: number, sortable: string[]): ParamDoc[] {
  return [
    query('page', integer(undefined, { format: 'int32', minimum: 0, default: 0 }), 'Zero-based page'),
    query('size', integer(undefined, { format: 'int32', minimum: 1, maximum: 2000, default: defaultSize }), 'Page size (at most 2000)'),
    query('sort', arrayOf(string()), `Repeatable \`property[,asc|desc]\`; properties: ${sortable.join(', ')}. An unknown one is a 400.`),
  ];
}
