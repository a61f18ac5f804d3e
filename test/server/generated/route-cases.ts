// How the generated route tests fill in a request for any route of the table (buildRouter().routeTable()): path
// parameters from a table keyed by parameter name (PARAMS), and per route (ROUTES) a minimal valid query and body,
// throw-away entities for writes, and the few adjustments of the expected outcome, each with its reason. A route
// whose parameter PARAMS does not know, a route with a body that ROUTES gives none, and a write that ROUTES does
// not list fail the tests, so every new endpoint must be added here and is then covered.
//
// Every write is harmless to the shared fixtures whatever order the calls come in: it creates something uniquely
// named, acts on a throw-away entity made for that one call, writes back the values the entity already has, or is
// refused after the permission check (a 409 or a 400 that comes after it).
import type { AuthToken, EntityDetails } from '../../../src/common/permission-check';
import { checkPermission, checkScope } from '../../../src/common/permission-check';
import type { Permission } from '../../../src/common/permission-matrix';
import type { RouteEntry } from '../../../src/server/http/route';
import { APP_CLIENT, type Caller, type Side, type World } from './world';

/** What a request names: the entity its permission is checked on, as docs/permissions.md describes it. */
export interface Target {
  organization?: string;
  project?: string;
  subject?: string;
  /** The source's UUID (sourceId). */
  source?: string;
  user?: string;
  /** Projects of the named user's roles (each fixture user holds project roles only): its place for the narrowing by scope. */
  userProjects?: string[];
  /** Projects using the source type a catalogue write touches (docs/catalogue.md, "Who may change a source type"). */
  usedBy?: string[];
}

export type Body = { json: unknown } | { text: string } | { form: Record<string, string> };

export interface Case {
  /** The path with its parameters filled in. */
  path: string;
  query?: string;
  body?: Body;
  target: Target;
  /** Call with this token instead of the caller's own: a participant acting on a fresh subject that is itself. */
  as?: { bearer: string; token: AuthToken };
}

export interface Input {
  w: World;
  side: Side;
  caller: Caller;
}

interface Prepared {
  params?: Record<string, string>;
  query?: string;
  body?: Body;
  target?: Target;
  as?: Case['as'];
}

export interface RouteSpec {
  /** Called in and out of the callers' scope because the body or query names an entity of the side. */
  scoped?: boolean;
  /** Query, body and throw-away entities of one call; `params` here take precedence over PARAMS. */
  prepare?: (i: Input) => Prepared | Promise<Prepared>;
  /** Required for every route that is not a GET: why calling it in any order leaves the fixtures as they were. */
  write?: string;
  /**
   * An adjustment of the outcome the access declaration gives (`declared`), for a check the handler makes beyond it.
   * The reason is in `why`.
   */
  expect?: (token: AuthToken | undefined, target: Target, declared: boolean) => boolean;
  why?: string;
  /** The status every refused caller gets, when it is not 403 (401 for anonymous). */
  deniedStatus?: number;
  /**
   * A refusal the route answers in another shape for this token (e.g. as "not found", so as not to disclose what
   * exists): that status with that errorCode is a refusal, for the expected outcome either way (an allowed caller
   * answered so is an over-refusal).
   */
  deniedAs?: (token: AuthToken | undefined, target: Target) => { status: number; errorCode: string } | undefined;
}

const ORGANIZATION_OF: Record<string, string> = { a1: 'org-a', b1: 'org-b' };

/** The entity a project of a side is checked as. */
const projectTarget = (i: Input): Target => ({ project: i.w.scopes[i.side].project, organization: ORGANIZATION_OF[i.w.scopes[i.side].project] });

/** A fresh subject of the side; for the participant on its own side the fresh subject is the caller itself. */
async function ownSubject(i: Input): Promise<{ login: string; id: number; as?: Case['as'] }> {
  const subject = await i.w.throwaway.subject(i.side);
  if (i.side === 'in' && i.caller.roles.some((r) => r.authority === 'ROLE_PARTICIPANT')) {
    return { ...subject, as: { bearer: await i.w.bearerFor(subject.login), token: i.w.tokenOf({ ...i.caller, login: subject.login }) } };
  }
  return subject;
}

const subjectRef = (i: Input) => ({ id: i.w.scopes[i.side].projectId, projectName: i.w.scopes[i.side].project });

// ---- path parameters ----

interface ParamValue {
  value: string;
  target?: Target;
}

interface ParamSpec {
  /** The value belongs to the side's organization or project, so routes with it are called in and out of scope. */
  scoped?: boolean;
  fill: (i: Input) => ParamValue | Promise<ParamValue>;
}

const sideParam = (fill: ParamSpec['fill']): ParamSpec => ({ scoped: true, fill });
const fixed = (fill: ParamSpec['fill']): ParamSpec => ({ fill });

/** `name@resource` (the first segment after api/, management/ or oauth/) wins over `name`. */
export const PARAMS: Record<string, ParamSpec> = {
  projectName: sideParam((i) => ({ value: i.w.scopes[i.side].project, target: projectTarget(i) })),
  groupName: sideParam((i) => ({ value: i.w.scopes[i.side].group, target: projectTarget(i) })),
  'login@users': sideParam((i) => ({
    value: i.w.scopes[i.side].staff.login,
    target: { user: i.w.scopes[i.side].staff.login, userProjects: [i.w.scopes[i.side].project] },
  })),
  'login@subjects': sideParam((i) => ({ value: i.w.scopes[i.side].subject, target: { ...projectTarget(i), subject: i.w.scopes[i.side].subject } })),
  'sourceName@sources': sideParam((i) => {
    const { source } = i.w.scopes[i.side];
    return { value: source.name, target: { ...projectTarget(i), source: source.sourceId } };
  }),
  // api/subjects/{login}/sources/{sourceName}: the subject's own source; the permission is on the subject.
  'sourceName@subjects': sideParam((i) => ({ value: i.w.scopes[i.side].subjectSource.name })),
  revisionNb: sideParam((i) => ({ value: String(i.w.scopes[i.side].subjectRevision) })),
  'name@organizations': sideParam((i) => ({ value: i.w.scopes[i.side].organization, target: { organization: i.w.scopes[i.side].organization } })),
  'name@source-data': fixed((i) => ({ value: i.w.sourceData })),
  'name@roles': sideParam((i) => ({ value: i.w.scopes[i.side].project, target: projectTarget(i) })),
  'authorityName@roles': fixed(() => ({ value: 'ROLE_PROJECT_AFFILIATE' })),
  'clientId@oauth-clients': fixed(() => ({ value: APP_CLIENT })),
  'producer@source-types': fixed((i) => ({ value: i.w.sourceType.producer })),
  'model@source-types': fixed((i) => ({ value: i.w.sourceType.model })),
  'version@source-types': fixed((i) => ({ value: i.w.sourceType.version })),
  'id@revisions': fixed((i) => ({ value: String(i.w.scopes.in.subjectRevision) })),
  'id@audits': fixed(() => ({ value: '1' })),
  'id@privacy': fixed(() => ({ value: '1' })),
  // api/account/sessions/{id}: a public session id nobody has (the callers use bearer tokens, so they have none).
  'id@account': fixed(() => ({ value: 'no-such-session' })),
  // A pairing link works once: every call gets a fresh one of the side's subject.
  'tokenName@meta-token': sideParam(async (i) => ({
    value: await i.w.throwaway.metaToken(i.w.scopes[i.side].subjectId),
    target: { ...projectTarget(i), subject: i.w.scopes[i.side].subject },
  })),
};

export const resourceOf = (path: string) => path.split('/').filter(Boolean)[1] ?? '';
export const paramNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
export const paramKey = (name: string, path: string) => (PARAMS[`${name}@${resourceOf(path)}`] ? `${name}@${resourceOf(path)}` : PARAMS[name] ? name : undefined);

// ---- the routes ----

const STRONG_PASSWORD = 'Route-Test-Password-1';

/** The user-scope narrowing of docs/permissions.md for a user that holds roles in `projects`. */
const covers = (token: AuthToken | undefined, permission: Permission, project: string) =>
  !!token && checkPermission(token, permission, { project, projectOrganization: ORGANIZATION_OF[project] });

/**
 * The catalogue rule (docs/catalogue.md, "Who may change a source type"), stricter than the matrix: a source type, and
 * its source data, is changed or deleted only by callers whose permission reaches every project using it (checked as
 * the matrix checks a project), and one that no project uses only by system and organization admins (or a client,
 * whose token is global). `usedBy` comes from the fixture: the projects the throw-away type was listed in.
 */
const catalogueRule = (permission: Permission) => (token: AuthToken | undefined, t: Target, declared: boolean) => {
  if (!declared || !token) return declared;
  const usedBy = t.usedBy ?? [];
  if (!usedBy.length) return token.clientCredentials || token.roles.some((r) => r.authority === 'ROLE_SYS_ADMIN' || r.authority === 'ROLE_ORGANIZATION_ADMIN');
  return usedBy.every((project) => covers(token, permission, project));
};
const CATALOGUE_WHY = 'a source type (and its source data) only by callers whose permission reaches every project using it; '
  + 'the throw-away type is used by the side\'s project, so out of scope the project-scoped staff are refused (docs/catalogue.md)';

const noAccountForClients = (token: AuthToken | undefined, _t: Target, declared: boolean) => declared && !token?.clientCredentials;
const NO_ACCOUNT = 'a client-credentials token names no user: 403, the route acts on the caller\'s own account';

export const ROUTES: Record<string, RouteSpec> = {
  'GET /api/account': { expect: noAccountForClients, why: NO_ACCOUNT },
  'POST /api/account': {
    write: 'the caller\'s own account with the values it already has',
    async prepare(i) {
      const login = i.caller.login ?? 'nobody';
      const [row] = await i.w.server.app.db.query<{ first_name: string | null; last_name: string | null; email: string | null; lang_key: string | null }>(
        'SELECT first_name, last_name, email, lang_key FROM radar_user WHERE login = $1', [login],
      );
      return {
        body: { json: { login, firstName: row?.first_name ?? login, lastName: row?.last_name ?? 'Tester', email: row?.email ?? `${login}@example.org`, langKey: row?.lang_key ?? 'en' } },
        target: i.caller.login ? { user: i.caller.login } : {},
      };
    },
  },
  'POST /api/account/change_password': {
    // A password change refuses every token of the user issued before it (docs/oauth.md, "Revocation"): a caller
    // changing its own password would lose its token for the calls after this one, so each call is made by a fresh
    // user with the caller's roles.
    write: 'the password of a throw-away user with the caller\'s roles, calling with its own token',
    prepare: async (i) => {
      if (!i.caller.login) return { body: { text: STRONG_PASSWORD } };
      const account = await i.w.throwaway.account(i.caller);
      return { body: { text: STRONG_PASSWORD }, target: { user: account.login }, as: { bearer: account.bearer, token: account.token } };
    },
    expect: noAccountForClients, why: NO_ACCOUNT,
  },
  'GET /api/account/two-factor': { expect: noAccountForClients, why: NO_ACCOUNT },
  'POST /api/account/two-factor/enrol': {
    write: 'an unconfirmed factor of the caller, replaced by the next enrolment; sign-in ignores it until confirmed',
    expect: noAccountForClients, why: NO_ACCOUNT,
  },
  'POST /api/account/two-factor/confirm': {
    write: 'a wrong code: 400 once the caller is known, nothing activated',
    prepare: () => ({ body: { json: { code: '000000' } } }),
    expect: noAccountForClients, why: NO_ACCOUNT,
  },
  'POST /api/account/two-factor/disable': {
    write: 'the caller has no active factor: nothing to disable',
    prepare: () => ({ body: { json: { code: '000000' } } }),
    expect: noAccountForClients, why: NO_ACCOUNT,
  },
  'GET /api/account/sessions': { expect: noAccountForClients, why: NO_ACCOUNT },
  'DELETE /api/account/sessions': {
    write: 'the callers sign in with bearer tokens only, so they have no browser session to end',
    expect: noAccountForClients, why: NO_ACCOUNT,
  },
  'DELETE /api/account/sessions/:id': { write: 'an id nobody has: 404', expect: noAccountForClients, why: NO_ACCOUNT },
  'DELETE /api/users/:login/sessions': { write: 'the side\'s staff user signs in with no browser, so there is no session to end' },
  'DELETE /api/users/:login/two-factor': { write: 'the side\'s staff user has no second factor: nothing to remove' },
  'POST /api/account/reset_password/init': { write: 'an address nobody has: 400', prepare: () => ({ body: { text: 'nobody@example.org' } }) },
  'POST /api/account/reset_password/finish': {
    write: 'a key that does not exist: 400',
    prepare: () => ({ body: { json: { key: 'no-such-key', newPassword: STRONG_PASSWORD } } }),
  },
  'POST /api/account/reset-activation/init': {
    scoped: true,
    // A user outside the caller's scope is answered as one that does not exist (docs/users.md), so that staff cannot
    // probe for logins; a caller without USER.UPDATE gets the 403 of the access declaration.
    deniedAs: (token) => (token && checkScope(token, 'USER.UPDATE') ? { status: 400, errorCode: 'error.emailNotRegistered' } : undefined),
    write: 'mails the side\'s staff user a new activation link (to the outbox)',
    prepare: (i) => ({
      body: { text: i.w.scopes[i.side].staff.login },
      target: { user: i.w.scopes[i.side].staff.login, userProjects: [i.w.scopes[i.side].project] },
    }),
    expect: (token, t, declared) => declared && coversSide(token, 'USER.UPDATE', t),
    why: 'the login in the body must lie in the caller\'s scope (docs/users.md): the narrowing of USER.UPDATE by the user\'s roles; refused as a login that is not registered (400)',
  },
  'GET /api/activate': { prepare: () => ({ query: 'key=no-such-key' }) },
  'POST /api/users': {
    scoped: true,
    write: 'a uniquely named user',
    prepare: (i) => {
      const login = i.w.unique('new-user');
      return {
        body: {
          json: {
            login, firstName: 'New', lastName: 'User', email: `${login}@example.org`, langKey: 'en',
            roles: [{ authorityName: 'ROLE_PROJECT_ANALYST', projectId: i.w.scopes[i.side].projectId }],
          },
        },
        target: { user: login, userProjects: [i.w.scopes[i.side].project] },
      };
    },
    expect: (token, t, declared) => declared && coversSide(token, 'USER.CREATE', t) && coversSide(token, 'ROLE.UPDATE', t),
    why: 'each role of the new user needs USER.CREATE and ROLE.UPDATE where it lives (docs/users.md)',
  },
  'PUT /api/users': {
    scoped: true,
    write: 'the side\'s staff user with the values and roles it already has',
    async prepare(i) {
      const { staff, project, projectId } = i.w.scopes[i.side];
      return {
        body: {
          json: {
            id: staff.id, login: staff.login, firstName: staff.login, lastName: 'Tester', email: `${staff.login}@example.org`, activated: true, langKey: 'en',
            roles: [{ authorityName: 'ROLE_PROJECT_AFFILIATE', projectId, projectName: project }],
          },
        },
        target: { user: staff.login, userProjects: [project] },
      };
    },
  },
  'DELETE /api/users/:login': {
    write: 'a throw-away user of the side',
    async prepare(i) {
      const user = await i.w.throwaway.user(i.side);
      return { params: { login: user.login }, target: { user: user.login, userProjects: [i.w.scopes[i.side].project] } };
    },
  },
  'PUT /api/users/:login/roles': {
    write: 'the roles the side\'s staff user already has (nothing added or removed)',
    prepare: (i) => ({ body: { json: [{ authorityName: 'ROLE_PROJECT_AFFILIATE', projectId: i.w.scopes[i.side].projectId }] } }),
  },
  // POST names an organization role, PUT a project role, so that both kinds of referent are covered.
  'POST /api/roles': {
    scoped: true,
    write: 'the side\'s ROLE_ORGANIZATION_ADMIN row, which exists (world.ts): 409 roleexists after the permission check',
    prepare: (i) => ({
      body: { json: { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationId: i.w.scopes[i.side].organizationId } },
      target: { organization: i.w.scopes[i.side].organization },
    }),
    expect: (token, t) => !!token && checkPermission(token, 'ROLE.CREATE', { organization: t.organization })
      && token.roles.some((r) => r.authority === 'ROLE_SYS_ADMIN' || (r.authority === 'ROLE_ORGANIZATION_ADMIN' && r.referent === t.organization)),
    why: 'ROLE.CREATE on the organization, and an organization role only from that organization or globally (docs/projects.md, "Roles")',
  },
  'PUT /api/roles': {
    scoped: true,
    write: 'the side\'s ROLE_PROJECT_AFFILIATE row as it is (an unchanged row writes nothing)',
    prepare: (i) => ({
      body: { json: { id: i.w.scopes[i.side].affiliateRoleId, authorityName: 'ROLE_PROJECT_AFFILIATE', projectId: i.w.scopes[i.side].projectId } },
      target: projectTarget(i),
    }),
  },
  'GET /oauth/authorize': {},
  'POST /oauth/authorize': { write: 'no client named: 400', prepare: () => ({ body: { form: {} } }) },
  'POST /oauth/token': {
    write: 'no client authentication: 401',
    prepare: () => ({ body: { form: { grant_type: 'client_credentials' } } }),
    expect: () => false, deniedStatus: 401,
    why: 'the token endpoint authenticates OAuth clients, never by a bearer token: 401 for every caller without client credentials',
  },
  'POST /api/oauth-clients': {
    write: 'a uniquely named client',
    prepare: (i) => ({ body: { json: clientBody(i.w.unique('new-client')) } }),
  },
  'PUT /api/oauth-clients': {
    write: 'a throw-away client',
    prepare: async (i) => ({ body: { json: clientBody(await i.w.throwaway.client()) } }),
  },
  'DELETE /api/oauth-clients/:clientId': {
    write: 'a throw-away client',
    prepare: async (i) => ({ params: { clientId: await i.w.throwaway.client() } }),
  },
  'GET /api/oauth-clients/pair': {
    scoped: true,
    prepare: (i) => ({
      query: `login=${i.w.scopes[i.side].subject}&clientId=${APP_CLIENT}`,
      target: { ...projectTarget(i), subject: i.w.scopes[i.side].subject },
    }),
    expect: noAccountForClients, why: 'only a signed-in user can pair an app (docs/oauth.md): 403 for a client-credentials token',
  },
  'DELETE /api/meta-token/:tokenName': { write: 'a fresh pairing link per call (PARAMS)' },
  'POST /api/login': { write: 'a new session of the caller', expect: noAccountForClients, why: NO_ACCOUNT },
  'POST /api/logout': { write: 'ends no session (none is sent)' },
  'POST /api/organizations': {
    write: 'a uniquely named organization',
    prepare: (i) => ({ body: { json: { name: i.w.unique('new-org'), description: 'x', location: 'y' } } }),
  },
  'PUT /api/organizations': {
    scoped: true,
    write: 'the side\'s organization with the values it already has',
    prepare: (i) => {
      const { organization, organizationId } = i.w.scopes[i.side];
      return { body: { json: { id: organizationId, name: organization, description: `${organization} description`, location: 'Utrecht' } }, target: { organization } };
    },
  },
  'DELETE /api/organizations/:name': { write: 'the organization still has projects: 409 after the permission check' },
  'POST /api/projects': {
    scoped: true,
    write: 'a uniquely named project',
    prepare: (i) => ({
      body: { json: { projectName: i.w.unique('new-project'), description: 'x', location: 'y', organization: { name: i.w.scopes[i.side].organization } } },
      target: { organization: i.w.scopes[i.side].organization },
    }),
  },
  'PUT /api/projects': {
    scoped: true,
    write: 'the side\'s project as GET answered it at the start',
    prepare: (i) => ({ body: { json: i.w.projectDtos[i.side] }, target: projectTarget(i) }),
  },
  'DELETE /api/projects/:projectName': { write: 'the project still has subjects: 409 after the permission check' },
  'POST /api/projects/:projectName/groups': {
    write: 'a uniquely named group',
    prepare: (i) => ({ body: { json: { name: i.w.unique('new-group') } } }),
  },
  'DELETE /api/projects/:projectName/groups/:groupName': {
    write: 'a throw-away group of the side',
    prepare: async (i) => ({ params: { groupName: await i.w.throwaway.group(i.side) } }),
  },
  'PATCH /api/projects/:projectName/groups/:groupName/subjects': { write: 'no operations', prepare: () => ({ body: { json: [] } }) },
  'POST /api/projects/:projectName/subjects/import': {
    write: 'a dry run (the default): it reports and writes nothing',
    prepare: (i) => ({ body: { text: `externalId\n${i.w.unique('import')}\n` } }),
    expect: (token, target, declared) => declared && checkPermission(token!, 'SUBJECT.UPDATE', entityOf('project', target)),
    why: 'rows may update subjects, so SUBJECT.UPDATE in the project is needed too (docs/subjects.md, "Import")',
  },
  'POST /api/users/import': {
    write: 'a dry run (the default): it reports and writes nothing',
    prepare: (i) => ({ body: { text: `login,email\n${i.w.unique('imported')},${i.w.unique('imported')}@example.org\n` } }),
  },
  'GET /api/subjects.csv': {
    scoped: true,
    prepare: (i) => ({ query: `projectName=${i.w.scopes[i.side].project}`, target: projectTarget(i) }),
  },
  'POST /api/projects/:projectName/pairing-sheet': {
    write: 'a new pairing link for the side\'s subject per call (links are no shared fixture)',
    prepare: (i) => ({ body: { json: { clientId: APP_CLIENT, logins: [i.w.scopes[i.side].subject] } } }),
    expect: noAccountForClients, why: 'only a signed-in user can pair an app (docs/oauth.md): 403 for a client-credentials token',
  },
  // The activity overviews: read-only, checked as the subject list (a project) or on the organization; an
  // organization's totals leave out the projects the caller may not read (docs/subjects.md, "Activity").
  'GET /api/projects/:projectName/overview': { scoped: true },
  'GET /api/organizations/:name/overview': { scoped: true },
  'GET /api/subjects': {
    scoped: true,
    prepare: (i) => ({ query: `projectName=${i.w.scopes[i.side].project}`, target: projectTarget(i) }),
  },
  'POST /api/subjects': {
    scoped: true,
    write: 'a uniquely named subject',
    prepare: (i) => ({ body: { json: { login: i.w.unique('new-subject'), project: subjectRef(i) } }, target: projectTarget(i) }),
  },
  'PUT /api/subjects': {
    scoped: true,
    write: 'a throw-away subject of the side (the participant\'s own, for the participant)',
    async prepare(i) {
      const s = await ownSubject(i);
      return { body: { json: { id: s.id, login: s.login, project: subjectRef(i) } }, target: { ...projectTarget(i), subject: s.login }, as: s.as };
    },
  },
  'PUT /api/subjects/discontinue': {
    scoped: true,
    write: 'a throw-away subject of the side (the participant\'s own, for the participant)',
    async prepare(i) {
      const s = await ownSubject(i);
      return { body: { json: { id: s.id, login: s.login, project: subjectRef(i) } }, target: { ...projectTarget(i), subject: s.login }, as: s.as };
    },
  },
  'DELETE /api/subjects/:login': {
    write: 'a throw-away subject of the side (the participant\'s own, for the participant)',
    async prepare(i) {
      const s = await ownSubject(i);
      return { params: { login: s.login }, target: { ...projectTarget(i), subject: s.login }, as: s.as };
    },
  },
  'POST /api/subjects/:login/erasure': {
    write: 'a throw-away subject of the side, erased once',
    async prepare(i) {
      const s = await ownSubject(i);
      return { params: { login: s.login }, body: { json: { reason: 'route test', confirmLogin: s.login } }, target: { ...projectTarget(i), subject: s.login }, as: s.as };
    },
  },
  'PUT /api/subjects/:login/restriction': {
    write: 'a throw-away subject of the side, restricted',
    async prepare(i) {
      const s = await ownSubject(i);
      return { params: { login: s.login }, body: { json: { reason: 'route test' } }, target: { ...projectTarget(i), subject: s.login }, as: s.as };
    },
  },
  'DELETE /api/subjects/:login/restriction': {
    write: 'a throw-away subject of the side (never restricted: nothing to lift)',
    async prepare(i) {
      const s = await ownSubject(i);
      return { params: { login: s.login }, target: { ...projectTarget(i), subject: s.login }, as: s.as };
    },
  },
  'PUT /api/projects/:projectName/privacy': {
    write: 'the side\'s project\'s privacy information as it is (never set: the defaults)',
    prepare: (i) => ({ body: { json: {} }, target: projectTarget(i) }),
  },
  'POST /api/source-types': {
    write: 'a uniquely named source type',
    prepare: (i) => ({ body: { json: { producer: 'acme', model: i.w.unique('new-model'), catalogVersion: 'v1', sourceTypeScope: 'PASSIVE' } } }),
  },
  'PUT /api/source-types': {
    scoped: true,
    write: 'a throw-away source type used by the side\'s project',
    async prepare(i) {
      const t = await i.w.throwaway.sourceType(i.side);
      return {
        body: { json: { id: t.id, producer: t.producer, model: t.model, catalogVersion: t.version, sourceTypeScope: 'PASSIVE' } },
        target: { usedBy: t.usedBy },
      };
    },
    expect: catalogueRule('SOURCETYPE.UPDATE'), why: CATALOGUE_WHY,
  },
  'DELETE /api/source-types/:producer/:model/:version': {
    // A type that a project uses is never deleted (403 error.sourceTypeInUse for everyone, docs/catalogue.md), so
    // the call is on a type no project uses: the other half of the catalogue rule.
    write: 'a throw-away source type no project uses',
    async prepare(i) {
      const t = await i.w.throwaway.sourceType();
      return { params: { producer: t.producer, model: t.model, version: t.version }, target: { usedBy: t.usedBy } };
    },
    expect: catalogueRule('SOURCETYPE.DELETE'),
    why: 'a source type no project uses only by system and organization admins (docs/catalogue.md); a used one is never deleted',
  },
  'POST /api/source-data': {
    write: 'a uniquely named source data row',
    prepare: (i) => ({ body: { json: { sourceDataName: i.w.unique('new-data'), sourceDataType: 'ACCELEROMETER' } } }),
  },
  'PUT /api/source-data': {
    scoped: true,
    write: 'a throw-away source data row of a throw-away type used by the side\'s project',
    async prepare(i) {
      const d = await i.w.throwaway.sourceData(i.side);
      return {
        body: { json: { id: d.id, sourceDataName: d.name, sourceDataType: 'ACCELEROMETER', sourceType: { id: d.typeId } } },
        target: { usedBy: d.usedBy },
      };
    },
    expect: catalogueRule('SOURCEDATA.UPDATE'), why: CATALOGUE_WHY,
  },
  'DELETE /api/source-data/:name': {
    scoped: true,
    write: 'a throw-away source data row of a throw-away type used by the side\'s project',
    async prepare(i) {
      const d = await i.w.throwaway.sourceData(i.side);
      return { params: { name: d.name }, target: { usedBy: d.usedBy } };
    },
    expect: catalogueRule('SOURCEDATA.DELETE'), why: CATALOGUE_WHY,
  },
  'POST /api/sources': {
    scoped: true,
    write: 'a uniquely named source',
    prepare: (i) => ({
      body: { json: { sourceName: i.w.unique('new-source'), assigned: false, sourceType: { id: i.w.sourceType.id }, project: { projectName: i.w.scopes[i.side].project } } },
      target: projectTarget(i),
    }),
  },
  'PUT /api/sources': {
    scoped: true,
    write: 'a throw-away source of the side',
    async prepare(i) {
      const s = await i.w.throwaway.source(i.side);
      return {
        body: { json: { id: s.id, sourceName: s.name, assigned: false, sourceType: { id: i.w.sourceType.id }, project: { projectName: i.w.scopes[i.side].project } } },
        target: { ...projectTarget(i), source: s.sourceId },
      };
    },
  },
  'DELETE /api/sources/:sourceName': {
    write: 'a throw-away source of the side',
    async prepare(i) {
      const s = await i.w.throwaway.source(i.side);
      return { params: { sourceName: s.name }, target: { ...projectTarget(i), source: s.sourceId } };
    },
  },
  'POST /api/subjects/:login/sources': {
    write: 'registers a source for a throw-away subject of the side (the participant\'s own, for the participant)',
    async prepare(i) {
      const s = await ownSubject(i);
      return { params: { login: s.login }, body: { json: { sourceTypeId: i.w.sourceType.id } }, target: { ...projectTarget(i), subject: s.login }, as: s.as };
    },
  },
  'POST /api/subjects/:login/sources/:sourceName': {
    write: 'the same attribute on the side\'s subject\'s source every time',
    prepare: () => ({ body: { json: { 'route-test': 'yes' } } }),
  },
  'PUT /management/logs': { write: 'a logger nobody uses', prepare: () => ({ body: { json: { name: 'route-test', level: 'WARN' } } }) },
};

/** The narrowing by scope for a user-bearing target: the user's projects all covered (each fixture user has one). */
function coversSide(token: AuthToken | undefined, permission: Permission, t: Target): boolean {
  return (t.userProjects ?? []).every((project) => covers(token, permission, project));
}

function clientBody(clientId: string) {
  return {
    clientId, scope: ['SUBJECT.READ'], resourceIds: ['res_ManagementPortal'], authorizedGrantTypes: ['client_credentials'],
    accessTokenValiditySeconds: 3600, refreshTokenValiditySeconds: 7200,
  };
}

export const routeKey = (entry: Pick<RouteEntry, 'method' | 'path'>) => `${entry.method} ${entry.path}`;

/** Whether a route is called in and out of scope (a parameter or its body names an entity of the side). */
export function isScoped(entry: RouteEntry): boolean {
  if (ROUTES[routeKey(entry)]?.scoped) return true;
  return paramNames(entry.path).some((name) => {
    const key = paramKey(name, entry.path);
    return key !== undefined && PARAMS[key].scoped === true;
  });
}

/** One request for a route, a side and a caller; throws when the tables do not cover the route. */
export async function buildCase(entry: RouteEntry, i: Input): Promise<Case> {
  const key = routeKey(entry);
  const spec = ROUTES[key] ?? {};
  if (entry.method !== 'GET' && !spec.write) throw new Error(`${key}: a write the route tables (route-cases.ts ROUTES) do not list; say why calling it is harmless`);
  const prepared = spec.prepare ? await spec.prepare(i) : {};
  const target: Target = {};
  const values: Record<string, string> = {};
  for (const name of paramNames(entry.path)) {
    if (prepared.params?.[name] !== undefined) {
      values[name] = prepared.params[name];
      continue;
    }
    const paramKeyName = paramKey(name, entry.path);
    if (!paramKeyName) throw new Error(`${key}: path parameter ${name} is unknown to the route tables (route-cases.ts PARAMS)`);
    const filled = await PARAMS[paramKeyName].fill(i);
    values[name] = filled.value;
    Object.assign(target, filled.target);
  }
  Object.assign(target, prepared.target);
  const optional = entry.body && (entry.body.kind === undefined || entry.body.kind === 'json') && entry.body.optional;
  if (entry.body && entry.body.kind !== 'raw' && !prepared.body && !optional) {
    throw new Error(`${key}: a route with a body that the route tables (route-cases.ts ROUTES) give none`);
  }
  const path = entry.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name]));
  return { path, query: prepared.query, body: prepared.body, target, as: prepared.as };
}

/** The entity a permission on `on` is checked against, for a target. */
export function entityOf(on: string, t: Target): EntityDetails {
  switch (on) {
    case 'global': return {};
    case 'organization': return { organization: t.organization };
    case 'project': return { project: t.project, projectOrganization: t.organization };
    case 'subject': return { project: t.project, projectOrganization: t.organization, subject: t.subject };
    case 'source': return { project: t.project, projectOrganization: t.organization, subject: t.subject, source: t.source };
    case 'user': return { user: t.user };
    default: throw new Error(`unknown entity kind ${on}`);
  }
}

/**
 * The case's query with every declared parameter that a parse can refuse given a value it refuses (a number, flag,
 * enum or sort property that is none); undefined when the route declares no such parameter. A caller refused on the
 * route must be refused the same with it (docs/permissions.md, "Refusal before validation").
 */
export function malformedQuery(entry: RouteEntry, query: string | undefined): string | undefined {
  const params = new URLSearchParams(query ?? '');
  let broken = false;
  for (const [name, param] of Object.entries(entry.query ?? {})) {
    const schema = param.schema.type === 'array' ? param.schema.items : param.schema;
    const bad = schema.type === 'integer' || schema.type === 'number' ? 'not-a-number'
      : schema.type === 'boolean' ? 'perhaps'
      : schema.type === 'enum' ? 'not-a-value'
      : name === 'sort' ? 'no-such-property'
      : undefined;
    if (bad === undefined) continue;
    params.delete(name);
    params.append(name, bad);
    broken = true;
  }
  return broken ? params.toString() : undefined;
}

/** The request init of a case's body. */
export function bodyInit(body: Body | undefined): RequestInit & { json?: unknown } {
  if (!body) return {};
  if ('json' in body) return { json: body.json };
  if ('text' in body) return { body: body.text, headers: { 'content-type': 'text/plain' } };
  return { body: new URLSearchParams(body.form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}
