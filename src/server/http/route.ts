// A route entry: everything the server knows about one operation, declared in the resource's routes.ts. The router
// turns an entry into a handler that, before the entry's own handler runs,
//   1. reads and checks the path and query parameters against the entry's schemas (errors held back until 5.),
//   2. authenticates the caller (401) unless the route is public,
//   3. checks the token-level part of the access rule (403: not a system admin, role or scope missing),
//   4. for a permission on an entity named by the path (or a raw query parameter), finds the entity and checks the
//      permission on it (403),
//   5. answers a held-back parameter error (400),
//   6. reads and checks the body: JSON types and enums (schema.ts), then the field rules (validation.ts) (400; an
//      entry with an early read may have read it before 2., see EarlyRead, and answers its errors here all the same),
//   7. for a permission on an entity the body names (`findFromBody`), finds it and checks the permission (403),
// so a caller without access learns nothing about what valid input looks like: every 401 and 403 that does not need
// the input comes before any 400 (docs/permissions.md, "Refusal before validation"). The API document (api-docs/)
// is generated from the same entries, so what is documented is what is enforced. docs/routes.md walks through adding
// a resource.
import type { FieldErrorVM } from '../../common/dto';
import type { AuthToken, EntityDetails } from '../../common/permission-check';
import type { Permission } from '../../common/permission-matrix';
import { checkValue, type Registry, type Schema } from '../../common/schema';
import { toFieldErrors, validate, type RuleSet } from '../../common/validation';
import { requireAccess, requireAuth, requireSysAdmin, requireTokenAccess } from '../auth/guards';
import { claimedBearer, type Principal } from '../auth/principal';
import { userAccessFromJson } from '../auth/user-roles';
import type { Reply, RequestContext } from './context';
import type { OperationDocs } from './route-docs';
import type { QueryParam } from './query-param';
import { readCsv } from './body';
import { validationFailed } from './errors';

/** What an entity-level permission is checked against (shown in the API document as `x-required-permission`). */
export type EntityKind = 'global' | 'organization' | 'project' | 'subject' | 'source' | 'user';

/** Who may call an operation. */
export type Access =
  | { kind: 'public' }
  /** OAuth client authentication (HTTP Basic or form fields), which the handler performs (oauth/client-auth.ts). */
  | { kind: 'client' }
  | { kind: 'authenticated' }
  | { kind: 'sysAdmin' }
  /** The token carries the scope and one of the caller's roles grants it (no entity check). */
  | { kind: 'scope'; permission: Permission }
  /** The permission on the entity `find` names; `global` needs no finder (system admins only, docs/permissions.md). */
  | { kind: 'permission'; permission: Permission; on: EntityKind };

export const PUBLIC: Access = { kind: 'public' };
export const CLIENT: Access = { kind: 'client' };
export const AUTHENTICATED: Access = { kind: 'authenticated' };
export const SYS_ADMIN: Access = { kind: 'sysAdmin' };
export const scope = (permission: Permission): Access => ({ kind: 'scope', permission });
export const perm = (permission: Permission, on: EntityKind): Access => ({ kind: 'permission', permission, on });

export type { QueryParam } from './query-param';

/** A JSON body: its shape, the shared field rules, and checks that need several fields at once. */
export interface JsonBody {
  kind?: 'json';
  /** FieldErrorVM.objectName of every error of this body, e.g. `organization`. */
  objectName: string;
  schema: Schema;
  rules?: RuleSet;
  /** Errors the shape and rules cannot express (cross-field checks); see checkJsonBody for when they run. */
  extra?: (body: Record<string, unknown>) => FieldErrorVM[];
  /** An absent body is allowed (the handler gets undefined). */
  optional?: boolean;
  /** Any JSON value, not only an object (a list of ids, a bare string). */
  anyJson?: boolean;
  limit?: number;
  description?: string;
}

export type BodySpec =
  | JsonBody
  | { kind: 'text'; limit?: number; description?: string }
  | { kind: 'form'; limit?: number; description?: string }
  /** A CSV file (`text/csv`, UTF-8); `limit` lets an import take a larger body than the default. */
  | { kind: 'csv'; limit?: number; description?: string }
  /** The handler reads the body itself (streams, uploads); documented only. */
  | { kind: 'raw'; contentType: string; description?: string };

/** What a handler receives: checked input and the caller. */
export interface RouteInput<B = Record<string, unknown>, F = undefined, E = undefined, Q = Record<string, unknown>> {
  ctx: RequestContext;
  /** The caller; undefined only on public and client routes. */
  principal: Principal;
  params: Record<string, string>;
  /** Declared query parameters, typed by their schemas, or what the entry's parseQuery made of the query string. */
  query: Q;
  /** The checked body (JSON with enum ordinals replaced by names; text; form). */
  body: B;
  /** What the access rule's finder loaded, so the handler need not read it again. */
  found: F;
  /** The early read's value (see EarlyRead), read at most once. */
  early: () => Promise<E>;
}

/** The entity the permission applies to, and anything the finder read on the way (given to the handler). */
export interface Located<F> {
  entity: EntityDetails;
  found?: F;
}

/** What a read started before authentication answers: its value, and the caller it loaded when asked to. */
export interface SpeculativeRead<T> {
  value: T;
  /** The userAccessJsonSql value for the login `read` was given (undefined when it was given none). */
  caller?: unknown;
}

/**
 * The early read: for the hottest reads, a caller whose signed bearer token already claims the permission (`likely`)
 * has the handler's data read at the same time as, and in the same statement as, its current roles (`read` is given
 * the token's login and selects userAccessJsonSql with its data). The principal is then built from those roles with
 * every check authentication makes, and the access rule is checked as always before the handler may use the value:
 * nothing read early reaches a refused caller. Browser sessions and unlikely callers read nothing early. Only for
 * reads without side effects. An entry with a body has it read and checked first (its errors held back until the
 * router's step 5), so the read may depend on it (the subject an update names).
 */
type EarlyInput<E, Q, B> = Omit<RouteInput<B, unknown, E, Q>, 'principal' | 'found' | 'early'>;

export interface EarlyRead<E, Q, B = unknown> {
  /** Only called when the query (and the body, if any) parsed. */
  likely: (claimed: AuthToken, input: EarlyInput<E, Q, B>) => boolean;
  /**
   * `token` is whose roles a read scoped by them follows: the token's claimed roles when read early, which may be
   * out of date (the handler compares what it read for with what the principal's current roles ask for), the
   * principal's own when read later (`early()`).
   */
  read: (input: EarlyInput<E, Q, B>, callerLogin: string | undefined, token: AuthToken) => Promise<SpeculativeRead<E>>;
}

export interface RouteEntry<B = any, F = any, E = any, Q = any> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** e.g. `/api/projects/:projectName/groups`. */
  path: string;
  access: Access;
  /**
   * For `permission` access on an entity: where the entity lives (may read the database, may throw a 404). It runs
   * before the query and body are checked, so it may use only the path parameters, the raw query string
   * (`ctx.query`) and the early read; unless `findFromBody` is set, when it runs after the body was checked.
   */
  find?: (input: RouteInput<B, undefined, E, Q>) => EntityDetails | Located<F> | Promise<EntityDetails | Located<F>>;
  /** The finder reads the body (the entity is named there), so the permission on it is checked after the body's 400s. */
  findFromBody?: boolean;
  /** Path parameters whose pattern is not the entity-id pattern (router.ts). */
  patterns?: Record<string, RegExp>;
  query?: Record<string, QueryParam>;
  /** objectName of query parameter errors; `query` when not given. */
  queryObjectName?: string;
  /**
   * Reads the query string itself (strict criteria, paging) instead of the router: the declared parameters then only
   * document it. What it throws is held back until the caller is authenticated, like the router's own 400s.
   */
  parseQuery?: (query: URLSearchParams, params: Record<string, string>) => Q;
  body?: BodySpec;
  early?: EarlyRead<E, Q, B>;
  /**
   * A credential that opens the route besides what `access` allows (management/prometheus's METRICS_TOKEN for a
   * scraper): when it says yes the handler runs without a principal; otherwise `access` decides as ever.
   */
  alsoOpensTo?: (ctx: RequestContext) => boolean;
  handler: (input: RouteInput<B, F, E, Q>) => Promise<Reply> | Reply;
  /** Summary, tag, answers: what the API document says beyond what the entry enforces. */
  doc: OperationDocs;
}

/** Identity function that gives an entry's handler its types. */
export const route = <B = Record<string, unknown>, F = undefined, E = undefined, Q = Record<string, unknown>>(entry: RouteEntry<B, F, E, Q>): RouteEntry<B, F, E, Q> => entry;

// ---- the pipeline ----

let registry: Registry = {};
/** The named schemas `ref` points to (the DTO components); set once at start by the route table. */
export function setSchemaRegistry(schemas: Registry): void {
  registry = schemas;
}

function parseQueryValue(schema: Schema, raw: string): { value: unknown } | { error: string } {
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const text = raw.trim();
      if (schema.type === 'integer' ? !/^[+-]?\d{1,15}$/.test(text) : !Number.isFinite(Number(text)) || text === '') {
        return { error: `TypeMismatch: must be ${schema.type === 'integer' ? 'a whole number' : 'a number'}` };
      }
      return { value: Number(text) };
    }
    case 'boolean': {
      const lower = raw.trim().toLowerCase();
      if (lower === 'true' || lower === 'false') return { value: lower === 'true' };
      return { error: 'TypeMismatch: must be true or false' };
    }
    case 'enum': {
      if (schema.values.includes(raw)) return { value: raw };
      if (/^\d+$/.test(raw) && Number(raw) < schema.values.length) return { value: schema.values[Number(raw)] };
      return { error: `TypeMismatch: must be one of ${schema.values.join(', ')}` };
    }
    default:
      return { value: raw };
  }
}

/** The declared query parameters, typed; every problem is a field error. */
export function parseQuery(spec: Record<string, QueryParam>, query: URLSearchParams, objectName: string): { values: Record<string, unknown>; errors: FieldErrorVM[] } {
  const values: Record<string, unknown> = {};
  const errors: FieldErrorVM[] = [];
  for (const [name, param] of Object.entries(spec)) {
    // An empty value of a typed parameter (`?minimized=`) counts as absent, as Spring binds it.
    const typed = (param.schema.type === 'array' ? param.schema.items : param.schema).type !== 'string';
    const raws = query.getAll(name).filter((raw) => !typed || raw.trim() !== '');
    if (!raws.length) {
      if (param.required) errors.push({ objectName, field: name, message: 'NotNull: must not be null' });
      continue;
    }
    const repeatable = param.schema.type === 'array';
    const itemSchema = param.schema.type === 'array' ? param.schema.items : param.schema;
    const parsed: unknown[] = [];
    for (const raw of repeatable ? raws : raws.slice(0, 1)) {
      const result = parseQueryValue(itemSchema, raw);
      if ('error' in result) errors.push({ objectName, field: name, message: result.error });
      else parsed.push(result.value);
    }
    values[name] = repeatable ? parsed : parsed[0];
  }
  return { values, errors };
}

/** A JSON body checked against its shape and rules; otherwise a 400 naming every field at fault. */
export function checkJsonBody(spec: JsonBody, raw: unknown): unknown {
  const { objectName } = spec;
  if (raw === undefined && spec.optional) return undefined;
  // Without a body (or with JSON null) a handler would have nothing to read: a 400, also where any JSON value is taken.
  if (raw === undefined || (raw === null && spec.anyJson)) {
    throw validationFailed(objectName, [{ objectName, field: objectName, message: 'NotNull: a request body is required' }]);
  }
  if (!spec.anyJson && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) {
    throw validationFailed(objectName, [{ objectName, field: objectName, message: 'NotNull: must be a JSON object' }]);
  }
  const errors: FieldErrorVM[] = [];
  const body = checkValue(spec.schema, raw, '', objectName, errors, registry, true);
  if (spec.rules) {
    const badFields = new Set(errors.map((e) => e.field));
    errors.push(...toFieldErrors(spec.rules, validate(spec.rules, body)).filter((e) => !badFields.has(e.field)));
  }
  if (spec.extra) {
    // Cross-field checks run on every object body, so one 400 names every fault; their errors on fields whose type
    // was already wrong are dropped. A body too broken for them to read (they may assume the declared types) is
    // answered by the type errors alone.
    const badFields = new Set(errors.map((e) => e.field));
    try {
      errors.push(...spec.extra(body as Record<string, unknown>).filter((e) => !badFields.has(e.field)));
    } catch (error) {
      if (!errors.length) throw error;
    }
  }
  if (errors.length) throw validationFailed(objectName, errors);
  return body;
}

async function readBody(ctx: RequestContext, spec: BodySpec | undefined): Promise<unknown> {
  if (!spec || spec.kind === 'raw') return undefined;
  if (spec.kind === 'text') return ctx.text(spec.limit);
  if (spec.kind === 'form') return ctx.form(spec.limit);
  if (spec.kind === 'csv') return readCsv(ctx.req, spec.limit);
  return checkJsonBody(spec, await ctx.json(spec.limit));
}

function located<F>(result: EntityDetails | Located<F>): Located<F> {
  return 'entity' in result && typeof result.entity === 'object' && result.entity !== null && !Array.isArray(result.entity)
    ? (result as Located<F>)
    : { entity: result as EntityDetails };
}

/**
 * Authenticates, starting the entry's early read when the caller's token makes it worthwhile; `body` is the body
 * when that needed it read first (its failure is answered in the body's turn).
 */
async function authenticateWith(ctx: RequestContext, entry: RouteEntry, input: RouteInput<any, any, any, any>, queryOk: boolean): Promise<{ principal: Principal; early?: Promise<unknown>; body?: Promise<unknown> }> {
  if (!entry.early || !queryOk) return { principal: await requireAuth(ctx) };
  const bearer = await claimedBearer(ctx);
  let early: Promise<unknown> | undefined;
  let body: Promise<unknown> | undefined;
  if (bearer && entry.body) {
    body = readBody(ctx, entry.body);
    body.catch(() => {}); // surfaces in the body's turn
  }
  const bodyOk = body === undefined || await body.then((value) => { input.body = value; return true; }, () => false);
  if (bearer && bodyOk && entry.early.likely(bearer.claimed, input)) {
    const read = entry.early.read;
    const answer = (async () => read(input, bearer.login, bearer.claimed))(); // a throw is the read's failure
    early = answer.then((a) => a.value);
    early.catch(() => {}); // surfaces when awaited; a refused caller never awaits it
    try {
      const { caller } = await answer;
      if (bearer.login !== undefined) bearer.settle(userAccessFromJson(caller));
    } catch {
      // authenticated below on its own
    }
  }
  return { principal: await requireAuth(ctx), early, body };
}

/** The handler the router runs for an entry: the checks above, in that order, then the entry's handler. */
export function compileRoute(entry: RouteEntry): (ctx: RequestContext) => Promise<Reply> {
  if (entry.access.kind === 'permission' && entry.access.on !== 'global' && !entry.find) {
    throw new Error(`${entry.method} ${entry.path}: a permission on a ${entry.access.on} needs a finder`);
  }
  const queryObjectName = entry.queryObjectName ?? 'query';
  return async (ctx) => {
    let queryValue: unknown;
    let queryError: unknown;
    if (entry.parseQuery) {
      try {
        queryValue = entry.parseQuery(ctx.query, ctx.params);
      } catch (error) {
        queryError = error;
      }
    } else if (entry.query) {
      const parsed = parseQuery(entry.query, ctx.query, queryObjectName);
      queryValue = parsed.values;
      if (parsed.errors.length) queryError = validationFailed(queryObjectName, parsed.errors);
    } else {
      queryValue = {};
    }
    let earlyValue: Promise<unknown> | undefined;
    const input: RouteInput<any, any, any, any> = {
      ctx,
      principal: undefined as unknown as Principal,
      params: ctx.params,
      query: queryValue,
      body: undefined,
      found: undefined,
      early: () => {
        if (!earlyValue) {
          earlyValue = entry.early
            ? entry.early.read(input, undefined, input.principal.token).then((a) => a.value)
            : Promise.reject(new Error(`${entry.method} ${entry.path} declares no early read`));
        }
        return earlyValue;
      },
    };
    const access = entry.access;
    if (entry.alsoOpensTo?.(ctx)) return entry.handler(input);
    let bodyRead: Promise<unknown> | undefined;
    if (access.kind !== 'public' && access.kind !== 'client') {
      const { principal, early, body } = await authenticateWith(ctx, entry, input, queryError === undefined);
      input.principal = principal;
      if (early) earlyValue = early;
      bodyRead = body;
    }
    if (access.kind === 'sysAdmin') await requireSysAdmin(ctx);
    if (access.kind === 'scope' || access.kind === 'permission') requireTokenAccess(input.principal, access.permission);
    const checkEntity = async () => {
      if (access.kind !== 'permission') return;
      const where = access.on === 'global' ? { entity: {} } : located(await entry.find!(input));
      await requireAccess(ctx.app.db, input.principal, access.permission, where.entity);
      input.found = where.found;
    };
    // A refusal that needs no input comes before any 400 about the input (see the top of this file).
    if (!entry.findFromBody) await checkEntity();
    if (queryError !== undefined) throw queryError;
    input.body = await (bodyRead ?? readBody(ctx, entry.body));
    if (entry.findFromBody) await checkEntity();
    return entry.handler(input);
  };
}
