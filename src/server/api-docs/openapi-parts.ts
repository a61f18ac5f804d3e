// The shared parts of the OpenAPI document: security schemes (bearer JWT, the session cookie with its XSRF rule,
// OAuth client authentication), the response headers of docs/api-conventions.md (paging, alerts, errors), and how an
// operation's access and answers turn into `security` and `responses`.
import { integer, ref, string, toOpenApi, type Schema } from '../../common/schema';
import type { Access } from '../http/route';
import type { ErrorStatus, OperationDocs, SuccessHeader } from '../http/route-docs';

/** A documented query parameter. */
export interface ParamView {
  name: string;
  schema: Schema;
  description?: string;
  required?: boolean;
}

/** A documented request body. */
export interface BodyView {
  schema: Schema;
  contentType?: string;
  description?: string;
  optional?: boolean;
}

/** An operation as the document shows it: the entry's docs with the access, query and body the router enforces. */
export interface OperationView extends OperationDocs {
  access: Access;
  query?: ParamView[];
  body?: BodyView;
}

export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http', scheme: 'bearer', bearerFormat: 'JWT',
    description: '`Authorization: Bearer <access token>` from POST /oauth/token. Requests with a bearer token need no XSRF header.',
  },
  sessionCookie: {
    type: 'apiKey', in: 'cookie', name: 'SESSION',
    description: 'The browser session set by api/redirect/login (or POST api/login). Every request other than GET made with it must also send X-XSRF-TOKEN.',
  },
  xsrfHeader: {
    type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN',
    description: 'Must equal the XSRF-TOKEN cookie the server sets with the session; required for session requests other than GET (else 403 error.accessDenied).',
  },
  clientBasic: {
    type: 'http', scheme: 'basic',
    description: 'OAuth client authentication: HTTP Basic client_id:client_secret (or the form fields client_id and client_secret).',
  },
};

const header = (description: string, schema: Schema = string()) => ({ description, schema: toOpenApi(schema) });

export const HEADERS = {
  'X-Total-Count': header('Total number of items', integer()),
  Link: header('RFC 5988 links: <BASE?page=N&size=S>; rel="next",…; rel="prev",…; rel="last",…; rel="first" (no spaces after commas)'),
  KeysetLink: header('<BASE?…criteria…&last.id=…&last.login=…>; rel="next", only when the page is not empty'),
  Location: header('Where the created entity is'),
  'X-managementPortalApp-alert': header('Success alert key, e.g. managementPortalApp.project.created'),
  'X-managementPortalApp-params': header('Parameter of the alert or error: the entity\'s identifier, or the entity name of an error'),
  'X-managementPortalApp-error': header('Error key, e.g. error.validation or error.groupExists'),
  'Set-Cookie': header('SESSION (HttpOnly) and XSRF-TOKEN (readable by scripts)'),
  'Retry-After': header('Seconds until the request may be made again', integer()),
};

const headerRef = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

function successHeaders(kinds: SuccessHeader[] = []): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const kind of kinds) {
    if (kind === 'location') out.Location = headerRef('Location');
    if (kind === 'alert') Object.assign(out, { 'X-managementPortalApp-alert': headerRef('X-managementPortalApp-alert'), 'X-managementPortalApp-params': headerRef('X-managementPortalApp-params') });
    if (kind === 'paging') Object.assign(out, { 'X-Total-Count': headerRef('X-Total-Count'), Link: headerRef('Link') });
    if (kind === 'keyset') Object.assign(out, { 'X-Total-Count': headerRef('X-Total-Count'), Link: headerRef('KeysetLink') });
    if (kind === 'setCookie') out['Set-Cookie'] = headerRef('Set-Cookie');
  }
  return Object.keys(out).length ? out : undefined;
}

const DEFAULT_ERRORS: Record<ErrorStatus, string> = {
  400: 'Bad input: ErrorVM error.validation with fieldErrors, or the parameterized shape with an errorCode',
  401: 'Not signed in, or the token is invalid or expired',
  403: 'error.accessDenied: the caller lacks the permission (or a session request lacks X-XSRF-TOKEN)',
  404: 'Not found',
  405: 'Method not supported',
  409: 'Conflict',
  410: 'Gone',
  413: 'Too large: error.payloadTooLarge (bytes), or error.importTooManyRows (an import file over IMPORT_MAX_ROWS)',
  429: 'error.tooManyRequests: a rate limit was reached; Retry-After says when to try again',
  503: 'Down',
};

const needsSignIn = (access: Access) => access.kind !== 'public' && access.kind !== 'client';
const checksPermission = (access: Access) => ['scope', 'permission', 'sysAdmin'].includes(access.kind);

function errorResponse(status: ErrorStatus, description: string) {
  if (status === 401) return { description, content: { 'application/json': { schema: toOpenApi(ref('UnauthorizedVM')) } } };
  if (status === 503) return { description, content: { 'application/json': { schema: toOpenApi(ref('Health')) } } };
  const headers = status === 400 || status === 409
    ? { 'X-managementPortalApp-error': headerRef('X-managementPortalApp-error'), 'X-managementPortalApp-params': headerRef('X-managementPortalApp-params') }
    : status === 429 ? { 'Retry-After': headerRef('Retry-After') } : undefined;
  return { description, ...(headers && { headers }), content: { 'application/json': { schema: toOpenApi(ref('ErrorBody')) } } };
}

export function responsesOf(doc: OperationView, method: string): Record<string, unknown> {
  const { success } = doc;
  const contentType = success.contentType ?? 'application/json';
  const responses: Record<string, unknown> = {
    [success.status]: {
      description: success.description,
      ...(successHeaders(success.headers) && { headers: successHeaders(success.headers) }),
      ...(success.schema && { content: { [contentType]: { schema: toOpenApi(success.schema) } } }),
    },
  };
  const errors: Partial<Record<ErrorStatus, string>> = {};
  if (doc.body || doc.query?.length || method !== 'GET') errors[400] = DEFAULT_ERRORS[400];
  if (needsSignIn(doc.access)) errors[401] = DEFAULT_ERRORS[401];
  if (checksPermission(doc.access) || (needsSignIn(doc.access) && method !== 'GET')) errors[403] = DEFAULT_ERRORS[403];
  Object.assign(errors, doc.errors);
  for (const [status, description] of Object.entries(errors)) responses[status] = errorResponse(Number(status) as ErrorStatus, description!);
  return responses;
}

/** OR of the listed requirements; within one, AND. Session requests that change something also need the XSRF header. */
export function securityOf(access: Access, method: string): Record<string, string[]>[] {
  if (access.kind === 'public') return [];
  if (access.kind === 'client') return [{ clientBasic: [] }];
  const session: Record<string, string[]> = method === 'GET' ? { sessionCookie: [] } : { sessionCookie: [], xsrfHeader: [] };
  return [{ bearerAuth: [] }, session];
}
