// Fixtures for permission tests: users with roles written straight into the database, and bearer tokens minted
// with the server's own key. Flows that sign in through the browser or the OAuth endpoints use those instead.
import { PERMISSIONS } from '../../src/common/permission-matrix';
import { hashPassword } from '../../src/server/auth/password-hash';
import { mintAccessToken } from '../../src/server/auth/tokens';
import type { TestResponse, TestServer } from './server';

export interface RoleSpec {
  authority: string;
  project?: string;
  organization?: string;
}

/** Creates (or finds) the role row, creating project/organization rows it names only if they exist. */
async function roleId(server: TestServer, role: RoleSpec): Promise<number> {
  const db = server.app.db;
  const projectId = role.project
    ? (await db.query<{ id: number }>('SELECT id FROM project WHERE project_name = $1', [role.project]))[0]?.id
    : null;
  const orgId = role.organization
    ? (await db.query<{ id: number }>('SELECT id FROM radar_organization WHERE name = $1', [role.organization]))[0]?.id
    : null;
  if (role.project && !projectId) throw new Error(`fixture: no project ${role.project}`);
  if (role.organization && !orgId) throw new Error(`fixture: no organization ${role.organization}`);
  const found = await db.query<{ id: number }>(
    'SELECT id FROM radar_role WHERE authority_name = $1 AND project_id IS NOT DISTINCT FROM $2 AND organization_id IS NOT DISTINCT FROM $3',
    [role.authority, projectId, orgId],
  );
  if (found[0]) return found[0].id;
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO radar_role (authority_name, project_id, organization_id) VALUES ($1, $2, $3) RETURNING id',
    [role.authority, projectId, orgId],
  );
  return row.id;
}

export async function createUser(
  server: TestServer,
  login: string,
  roles: RoleSpec[] = [],
  options: { password?: string; email?: string; activated?: boolean; langKey?: string } = {},
): Promise<number> {
  const hash = options.password ? await hashPassword(options.password) : null;
  const [user] = await server.app.db.query<{ id: number }>(
    `INSERT INTO radar_user (login, password_hash, first_name, last_name, email, activated, lang_key, created_by, last_modified_by)
     VALUES ($1, $2, $3, 'Tester', $4, $5, $6, 'system', 'system') RETURNING id`,
    [login, hash, login, options.email ?? `${login}@example.org`, options.activated ?? true, options.langKey ?? 'en'],
  );
  for (const role of roles) {
    await server.app.db.query('INSERT INTO role_users (role_id, user_id) VALUES ($1, $2)', [await roleId(server, role), user.id]);
  }
  return user.id;
}

/** Organization and project rows for fixtures (the API tests create theirs through the API). */
export async function createProjectRow(server: TestServer, projectName: string, organization = 'main'): Promise<number> {
  const db = server.app.db;
  let org = (await db.query<{ id: number }>('SELECT id FROM radar_organization WHERE name = $1', [organization]))[0];
  if (!org) {
    [org] = await db.query<{ id: number }>("INSERT INTO radar_organization (name, description, location) VALUES ($1, 'fixture', '-') RETURNING id", [organization]);
  }
  const [p] = await db.query<{ id: number }>(
    "INSERT INTO project (project_name, description, location, organization_id) VALUES ($1, 'fixture', '-', $2) RETURNING id",
    [projectName, org.id],
  );
  return p.id;
}

/** A bearer token for an existing user with every scope its roles may be granted. */
export async function bearerFor(server: TestServer, login: string, scopes: string[] = [...PERMISSIONS]): Promise<string> {
  const [user] = await server.app.db.query<{ id: number }>('SELECT id FROM radar_user WHERE login = $1', [login]);
  if (!user) throw new Error(`fixture: no user ${login}`);
  const { token } = await mintAccessToken(server.app.db, server.app.keys, {
    clientId: 'ManagementPortalapp',
    scopes,
    ttlSeconds: 3600,
    grantType: 'authorization_code',
    userId: user.id,
  });
  return token;
}

export type AsUser = (method: string, path: string, init?: RequestInit & { json?: unknown }) => Promise<TestResponse>;

/** A request function that authenticates as `login` with a bearer token. */
export async function asUser(server: TestServer, login: string): Promise<AsUser> {
  const token = await bearerFor(server, login);
  return (method, path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    return server.request(method, path, { ...init, headers });
  };
}
