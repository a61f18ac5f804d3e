// The world of the generated route tests (permission-matrix.test.ts, malformed-input.test.ts): two organizations,
// each with one project, and in each project a subject with an assigned source, an unassigned source, a group and a
// staff user; one source type (with a source data row) used by both projects; an OAuth client; and one caller of
// every kind the permission matrix distinguishes (docs/permissions.md), all in organization org-a / project a1.
// "In scope" of those callers is org-a / a1, "out of scope" org-b / b1.
//
// The callers' tokens as the permission functions of src/common see them are written here from the fixtures (roles
// and scopes as the token would carry them), not read back from the server, so the expected outcomes do not come
// from the code under test.
import { randomUUID } from 'node:crypto';
import type { AuthToken, TokenRole } from '../../../src/common/permission-check';
import { grantableScopes, PERMISSIONS, type Permission } from '../../../src/common/permission-matrix';
import { mintAccessToken } from '../../../src/server/auth/tokens';
import { insertMetaToken } from '../../../src/server/meta-tokens/meta-token-store';
import { upsertClient } from '../../../src/server/oauth/client-store';
import { bearerFor, createUser } from '../../setup/auth';
import { startTestServer, type TestResponse, type TestServer } from '../../setup/server';

export type Side = 'in' | 'out';
export const SIDES: readonly Side[] = ['in', 'out'];

/** One scope: an organization, its project and what lives in it. */
export interface Scope {
  organization: string;
  organizationId: number;
  project: string;
  projectId: number;
  /** A subject with an assigned source (for the side `in`, the participant caller itself). */
  subject: string;
  subjectId: number;
  /** A revision number of `subject`. */
  subjectRevision: number;
  /** The source assigned to `subject`. */
  subjectSource: { name: string; sourceId: string };
  /** An unassigned source of the project. */
  source: { name: string; sourceId: string; id: number };
  group: string;
  /** A staff user holding one project role (ROLE_PROJECT_AFFILIATE) in the project. */
  staff: { login: string; id: number };
  /** The id of the role row ROLE_PROJECT_AFFILIATE of the project (held by `staff`). */
  affiliateRoleId: number;
}

/**
 * A subject that changed project (docs/permissions.md, "A subject that left"): created in `from`'s project, moved to
 * `to`'s and edited there. `secrets` are its personal values set after the move, which only callers who may read
 * subjects of `to`'s project may see; `firstRevision` is its first revision, whose snapshot holds `from`'s project.
 */
export interface Moved {
  login: string;
  from: Side;
  to: Side;
  secrets: string[];
  firstRevision: number;
}

export interface CallerSpec {
  name: string;
  /** The user the token names; absent for anonymous and client credentials. */
  login?: string;
  roles: { authority: string; project?: string; organization?: string }[];
  clientCredentials?: boolean;
  anonymous?: boolean;
}

export interface Caller extends CallerSpec {
  /** The bearer token, undefined for anonymous. */
  bearer?: string;
  /** The token as the permission functions see it; undefined for anonymous. */
  token?: AuthToken;
}

/** Scopes of the client-credentials token: reads plus a few writes, so both outcomes occur for it. */
export const SERVICE_SCOPES: Permission[] = [
  'SUBJECT.READ', 'SUBJECT.UPDATE', 'PROJECT.READ', 'ORGANIZATION.READ', 'SOURCE.READ', 'SOURCETYPE.READ', 'SOURCEDATA.READ',
  'MEASUREMENT.CREATE', 'OAUTHCLIENTS.READ', 'ROLE.READ', 'USER.READ',
];

/** Staff of the other organization (a project affiliate of b1): the moved-subject cases call as it too. */
export const OTHER_ORGANIZATION_STAFF: CallerSpec = { name: 'other-organization staff', login: 'b1-staff', roles: [{ authority: 'ROLE_PROJECT_AFFILIATE', project: 'b1' }] };

export const CALLER_SPECS: CallerSpec[] = [
  { name: 'anonymous', roles: [], anonymous: true },
  { name: 'system admin', login: 'admin', roles: [{ authority: 'ROLE_SYS_ADMIN' }] },
  { name: 'organization admin', login: 'oa-admin', roles: [{ authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'org-a' }] },
  { name: 'project admin', login: 'a1-admin', roles: [{ authority: 'ROLE_PROJECT_ADMIN', project: 'a1' }] },
  { name: 'project owner', login: 'a1-owner', roles: [{ authority: 'ROLE_PROJECT_OWNER', project: 'a1' }] },
  { name: 'project affiliate', login: 'a1-affiliate', roles: [{ authority: 'ROLE_PROJECT_AFFILIATE', project: 'a1' }] },
  { name: 'project analyst', login: 'a1-analyst', roles: [{ authority: 'ROLE_PROJECT_ANALYST', project: 'a1' }] },
  { name: 'participant', login: 'a1-p', roles: [{ authority: 'ROLE_PARTICIPANT', project: 'a1' }] },
  { name: 'inactive participant', login: 'a1-gone', roles: [{ authority: 'ROLE_INACTIVE_PARTICIPANT', project: 'a1' }] },
  { name: 'client credentials', roles: [], clientCredentials: true },
];

export const SERVICE_CLIENT = 'perm-service';
export const APP_CLIENT = 'perm-app';
const ORGANIZATION_OF: Record<string, string> = { a1: 'org-a', b1: 'org-b' };

export interface World {
  server: TestServer;
  scopes: Record<Side, Scope>;
  callers: Caller[];
  admin: (method: string, path: string, init?: RequestInit & { json?: unknown }) => Promise<TestResponse>;
  sourceType: { id: number; producer: string; model: string; version: string };
  sourceData: string;
  /** The project DTOs as GET api/projects/{name} answered them at the start (PUT bodies that change nothing). */
  projectDtos: Record<Side, Record<string, unknown>>;
  /** Subjects that moved from a1 to b1 (`outward`) and from b1 to a1 (`inward`). */
  moved: Record<'outward' | 'inward', Moved>;
  /** A name no other call of this process uses. */
  unique(prefix: string): string;
  /** As `request`, with a bearer token (or none). */
  call(bearer: string | undefined, method: string, path: string, init?: RequestInit & { json?: unknown }): Promise<TestResponse>;
  /** The token of a caller spec as the permission functions see it. */
  tokenOf(spec: CallerSpec, sources?: string[]): AuthToken;
  /** A bearer token for a user of the world (e.g. a fresh participant acting on itself). */
  bearerFor(login: string): Promise<string>;
  /** Throw-away entities for writes, so that no call depends on another. */
  throwaway: {
    subject(side: Side): Promise<{ login: string; id: number }>;
    user(side: Side): Promise<{ login: string; id: number }>;
    source(side: Side): Promise<{ name: string; id: number; sourceId: string }>;
    group(side: Side): Promise<string>;
    metaToken(subjectId: number): Promise<string>;
    client(): Promise<string>;
    /** A source type, used by the side's project when a side is given (and by no project without one). */
    sourceType(side?: Side): Promise<{ id: number; producer: string; model: string; version: string; usedBy: string[] }>;
    /** A source data row of a fresh source type used by the side's project (without a type when no side is given). */
    sourceData(side?: Side): Promise<{ id: number; name: string; typeId: number | null; usedBy: string[] }>;
    /**
     * A fresh user with the caller's roles and a bearer token for it, for calls that end the caller's tokens (a
     * password change refuses every token issued before it, docs/oauth.md "Revocation").
     */
    account(caller: Caller): Promise<{ login: string; bearer: string; token: AuthToken }>;
  };
}

function fail(res: TestResponse, what: string): never {
  throw new Error(`fixture: ${what} answered ${res.status} ${res.text}`);
}

export async function startWorld(): Promise<World> {
  // With the API document on, so that its routes answer too. The password-reset and activation mails are limited per
  // address and per account (RESET_MAIL_LIMITS, docs/users.md); these tests call those routes many times from one
  // address, so their server gets limits no test run reaches.
  const server = await startTestServer({ PROFILES: 'prod,api-docs', RESET_MAIL_LIMITS: '999999/1h,999999/1h' });
  const db = server.app.db;
  const adminBearer = await bearerFor(server, 'admin');
  const call = (bearer: string | undefined, method: string, path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    if (bearer) headers.set('authorization', `Bearer ${bearer}`);
    return server.request(method, path, { ...init, headers });
  };
  const admin = (method: string, path: string, init?: RequestInit & { json?: unknown }) => call(adminBearer, method, path, init);
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${++counter}`;

  for (const organization of ['org-a', 'org-b']) {
    const res = await admin('POST', '/api/organizations', { json: { name: organization, description: `${organization} description`, location: 'Utrecht' } });
    if (res.status !== 201) fail(res, `organization ${organization}`);
  }
  for (const [project, organization] of Object.entries(ORGANIZATION_OF)) {
    const res = await admin('POST', '/api/projects', {
      json: { projectName: project, description: `${project} description`, location: 'Utrecht', organization: { name: organization } },
    });
    if (res.status !== 201) fail(res, `project ${project}`);
  }
  const [type] = await db.query<{ id: number }>(
    `INSERT INTO source_type (producer, model, catalog_version, source_type_scope, name, dynamic_registration)
     VALUES ('acme', 'wear', 'v1', 'PASSIVE', 'acme wear', true) RETURNING id`,
  );
  await db.query("INSERT INTO project_source_type (project_id, source_type_id) SELECT id, $1 FROM project WHERE project_name IN ('a1', 'b1')", [type.id]);
  await db.query(
    "INSERT INTO source_data (source_data_type, source_data_name, source_type_id, topic) VALUES ('ACCELEROMETER', 'acme-wear-acc', $1, 'acme_wear_acc')",
    [type.id],
  );
  await upsertClient(db, {
    clientId: APP_CLIENT, secret: null, scopes: [...PERMISSIONS], resourceIds: ['res_ManagementPortal'],
    grantTypes: ['authorization_code', 'refresh_token'], redirectUris: ['http://app.example/callback'], authorities: [],
    autoApproveScopes: [], accessTokenValidity: 3600, refreshTokenValidity: 7200, additionalInformation: {},
  });

  for (const spec of CALLER_SPECS) {
    if (!spec.login || spec.login === 'admin' || spec.login === 'a1-p' || spec.login === 'a1-gone') continue;
    await createUser(server, spec.login, spec.roles);
  }
  // The inactive participant: an account whose only role is ROLE_INACTIVE_PARTICIPANT in a1 (its subject left a1).
  const goneId = await createUser(server, 'a1-gone', [{ authority: 'ROLE_INACTIVE_PARTICIPANT', project: 'a1' }]);
  await db.query('INSERT INTO subject (user_id, login, project_id) VALUES ($1, $2, NULL)', [goneId, 'a1-gone']);

  const projectIds: Record<string, number> = {};
  for (const row of await db.query<{ id: number; project_name: string }>('SELECT id, project_name FROM project')) projectIds[row.project_name] = row.id;
  const organizationIds: Record<string, number> = {};
  for (const row of await db.query<{ id: number; name: string }>('SELECT id, name FROM radar_organization')) organizationIds[row.name] = row.id;

  const insertSource = async (name: string, project: string, subjectId: number | null) => {
    const [row] = await db.query<{ id: number; source_id: string }>(
      `INSERT INTO radar_source (source_id, source_name, assigned, source_type_id, project_id, subject_id)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, source_id::text`,
      [randomUUID(), name, subjectId !== null, type.id, projectIds[project], subjectId],
    );
    return { name, id: row.id, sourceId: row.source_id };
  };

  const scopes = {} as Record<Side, Scope>;
  for (const [side, project] of [['in', 'a1'], ['out', 'b1']] as const) {
    const subject = side === 'in' ? 'a1-p' : 'b1-p';
    const created = await admin('POST', '/api/subjects', { json: { login: subject, project: { id: projectIds[project], projectName: project } } });
    if (created.status !== 201) fail(created, `subject ${subject}`);
    const subjectId = created.body.id as number;
    const revisions = await admin('GET', `/api/subjects/${subject}/revisions`);
    if (revisions.status !== 200 || !revisions.body.length) fail(revisions, 'subject revisions');
    const subjectSource = await insertSource(`${project}-p-src`, project, subjectId);
    const source = await insertSource(`${project}-src`, project, null);
    const group = `${project}-g`;
    const groupRes = await admin('POST', `/api/projects/${project}/groups`, { json: { name: group } });
    if (groupRes.status !== 201) fail(groupRes, `group ${group}`);
    const staffLogin = `${project}-staff`;
    const staffId = await createUser(server, staffLogin, [{ authority: 'ROLE_PROJECT_AFFILIATE', project }]);
    const [affiliateRole] = await db.query<{ id: number }>(
      "SELECT id FROM radar_role WHERE authority_name = 'ROLE_PROJECT_AFFILIATE' AND project_id = $1", [projectIds[project]],
    );
    scopes[side] = {
      organization: ORGANIZATION_OF[project], organizationId: organizationIds[ORGANIZATION_OF[project]], project, projectId: projectIds[project],
      subject, subjectId, subjectRevision: revisions.body[0].id, subjectSource, source, group, staff: { login: staffLogin, id: staffId },
      affiliateRoleId: affiliateRole.id,
    };
  }
  // Both organizations have a ROLE_ORGANIZATION_ADMIN row (org-a's is oa-admin's), so creating it again is a 409.
  await db.query(
    `INSERT INTO radar_role (authority_name, organization_id) SELECT 'ROLE_ORGANIZATION_ADMIN', o.id FROM radar_organization o
      WHERE o.name IN ('org-a', 'org-b') AND NOT EXISTS (SELECT 1 FROM radar_role r WHERE r.authority_name = 'ROLE_ORGANIZATION_ADMIN' AND r.organization_id = o.id)`,
  );
  const projectDtos = {} as Record<Side, Record<string, unknown>>;
  for (const side of SIDES) {
    const res = await admin('GET', `/api/projects/${scopes[side].project}`);
    if (res.status !== 200) fail(res, 'project dto');
    projectDtos[side] = res.body;
  }

  const moved = {} as World['moved'];
  for (const [name, from, to] of [['outward', 'in', 'out'], ['inward', 'out', 'in']] as const) {
    const login = `moved-${name}`;
    const project = (side: Side) => ({ id: scopes[side].projectId, projectName: scopes[side].project });
    const created = await admin('POST', '/api/subjects', {
      json: { login, project: project(from), externalId: `${name}-before`, personName: `${name} before`, attributes: { note: `${name} before` } },
    });
    if (created.status !== 201) fail(created, `moved subject ${login}`);
    const move = await admin('PUT', '/api/subjects', { json: { ...created.body, project: project(to) } });
    if (move.status !== 200) fail(move, `moving ${login}`);
    const secrets = [`${name}-secret-name`, `${name}-secret-ext`, `https://${name}.secret.example`, `${name}-secret-note`];
    const edit = await admin('PUT', '/api/subjects', {
      json: { ...move.body, project: project(to), personName: secrets[0], externalId: secrets[1], externalLink: secrets[2], attributes: { note: secrets[3] } },
    });
    if (edit.status !== 200) fail(edit, `editing ${login}`);
    const history = await admin('GET', `/api/subjects/${login}/revisions`);
    if (history.status !== 200 || history.body.length !== 3) fail(history, `revisions of ${login}`);
    moved[name] = { login, from, to, secrets, firstRevision: history.body[0].id };
  }

  const sourcesOf = async (login: string) =>
    (await db.query<{ source_id: string }>(
      'SELECT r.source_id::text FROM radar_source r JOIN subject s ON s.id = r.subject_id WHERE s.login = $1 AND r.assigned',
      [login],
    )).map((r) => r.source_id);

  const tokenOf = (spec: CallerSpec, sources: string[] = []): AuthToken => {
    if (spec.clientCredentials) return { scopes: SERVICE_SCOPES, roles: [], clientCredentials: true };
    const roles: TokenRole[] = spec.roles.map((r) => ({
      authority: r.authority,
      referent: r.project ?? r.organization,
      projectOrganization: r.project ? ORGANIZATION_OF[r.project] : undefined,
    }));
    // As bearerFor asks: every permission, reduced to what the roles may be granted (docs/oauth.md).
    const scopes = grantableScopes(spec.roles.map((r) => r.authority));
    return { scopes, roles, username: spec.login, sub: spec.login, sources, clientCredentials: false };
  };

  const callers: Caller[] = [];
  for (const spec of CALLER_SPECS) {
    if (spec.anonymous) {
      callers.push({ ...spec });
    } else if (spec.clientCredentials) {
      const { token } = await mintAccessToken(db, server.app.keys, {
        clientId: SERVICE_CLIENT, scopes: SERVICE_SCOPES, ttlSeconds: 3600, grantType: 'client_credentials',
      });
      callers.push({ ...spec, bearer: token, token: tokenOf(spec) });
    } else {
      callers.push({ ...spec, bearer: await bearerFor(server, spec.login!), token: tokenOf(spec, await sourcesOf(spec.login!)) });
    }
  }

  const throwaway: World['throwaway'] = {
    async subject(side) {
      const login = unique(`tmp-subject-${side}`);
      const project = scopes[side].project;
      const id = await createUser(server, login, [{ authority: 'ROLE_PARTICIPANT', project }]);
      const [row] = await db.query<{ id: number }>('INSERT INTO subject (user_id, login, project_id) VALUES ($1, $2, $3) RETURNING id', [id, login, projectIds[project]]);
      return { login, id: row.id };
    },
    async user(side) {
      const login = unique(`tmp-user-${side}`);
      return { login, id: await createUser(server, login, [{ authority: 'ROLE_PROJECT_AFFILIATE', project: scopes[side].project }]) };
    },
    source: (side) => insertSource(unique(`tmp-source-${side}`), scopes[side].project, null),
    async group(side) {
      const name = unique(`tmp-group-${side}`);
      await db.query('INSERT INTO radar_group (project_id, name) VALUES ($1, $2)', [scopes[side].projectId, name]);
      return name;
    },
    async metaToken(subjectId) {
      const token = await insertMetaToken(db, { subjectId, clientId: APP_CLIENT, persistent: false, timeoutMs: 3_600_000 });
      return token.name;
    },
    async client() {
      const clientId = unique('tmp-client');
      await upsertClient(db, {
        clientId, secret: null, scopes: ['SUBJECT.READ'], resourceIds: ['res_ManagementPortal'], grantTypes: ['authorization_code'],
        redirectUris: [], authorities: [], autoApproveScopes: [], accessTokenValidity: 3600, refreshTokenValidity: 7200, additionalInformation: {},
      });
      return clientId;
    },
    async sourceType(side) {
      const model = unique('tmp-model');
      const [row] = await db.query<{ id: number }>(
        "INSERT INTO source_type (producer, model, catalog_version, source_type_scope) VALUES ('acme', $1, 'v1', 'PASSIVE') RETURNING id",
        [model],
      );
      const usedBy = side ? [scopes[side].project] : [];
      for (const project of usedBy) {
        await db.query('INSERT INTO project_source_type (project_id, source_type_id) VALUES ($1, $2)', [projectIds[project], row.id]);
      }
      return { id: row.id, producer: 'acme', model, version: 'v1', usedBy };
    },
    async sourceData(side) {
      const type = side ? await throwaway.sourceType(side) : undefined;
      const name = unique('tmp-data');
      const [row] = await db.query<{ id: number }>(
        "INSERT INTO source_data (source_data_type, source_data_name, source_type_id) VALUES ('ACCELEROMETER', $1, $2) RETURNING id",
        [name, type?.id ?? null],
      );
      return { id: row.id, name, typeId: type?.id ?? null, usedBy: type?.usedBy ?? [] };
    },
    async account(caller) {
      const login = unique('tmp-account');
      await createUser(server, login, caller.roles);
      return { login, bearer: await bearerFor(server, login), token: tokenOf({ ...caller, login }) };
    },
  };

  return {
    server, scopes, callers, admin,
    sourceType: { id: type.id, producer: 'acme', model: 'wear', version: 'v1' },
    sourceData: 'acme-wear-acc',
    projectDtos,
    moved,
    unique,
    call,
    tokenOf,
    bearerFor: (login) => bearerFor(server, login),
    throwaway,
  };
}
