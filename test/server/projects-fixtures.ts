// A small world for the organization, project, group, role and revision tests: organizations `main` (seeded) and
// `other`, projects p1, p2 (main) and p3 (other) created through the API, and one caller per role the matrix
// distinguishes. Subjects and source types (other engineers' APIs) are written as rows.
import { asUser, createUser, type AsUser } from '../setup/auth';
import { startTestServer, type TestResponse, type TestServer } from '../setup/server';

export type Caller = 'sysAdmin' | 'mainAdmin' | 'otherAdmin' | 'p1Admin' | 'p2Admin' | 'p1Analyst' | 'p1Participant' | 'anonymous';

export interface World {
  server: TestServer;
  as: Record<Caller, AsUser>;
}

export const project = (projectName: string, organization: string, extra: Record<string, unknown> = {}) => ({
  projectName,
  description: `${projectName} description`,
  location: 'Amsterdam',
  organization: { name: organization },
  ...extra,
});

function expectStatus(res: TestResponse, status: number, what: string): TestResponse {
  if (res.status !== status) throw new Error(`fixture: ${what} answered ${res.status} ${res.text}`);
  return res;
}

export async function startWorld(env: Record<string, string> = {}): Promise<World> {
  const server = await startTestServer(env);
  const admin = await asUser(server, 'admin');
  expectStatus(await admin('POST', '/api/organizations', { json: { name: 'other', description: 'Other org', location: 'Utrecht' } }), 201, 'org other');
  for (const [name, org] of [['p1', 'main'], ['p2', 'main'], ['p3', 'other']]) {
    expectStatus(await admin('POST', '/api/projects', { json: project(name, org) }), 201, `project ${name}`);
  }
  await createUser(server, 'main-admin', [{ authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'main' }]);
  await createUser(server, 'other-admin', [{ authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'other' }]);
  await createUser(server, 'p1-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'p1' }]);
  await createUser(server, 'p2-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'p2' }]);
  await createUser(server, 'p1-analyst', [{ authority: 'ROLE_PROJECT_ANALYST', project: 'p1' }]);
  await createUser(server, 'p1-participant', [{ authority: 'ROLE_PARTICIPANT', project: 'p1' }]);
  const as: Record<Caller, AsUser> = {
    sysAdmin: admin,
    mainAdmin: await asUser(server, 'main-admin'),
    otherAdmin: await asUser(server, 'other-admin'),
    p1Admin: await asUser(server, 'p1-admin'),
    p2Admin: await asUser(server, 'p2-admin'),
    p1Analyst: await asUser(server, 'p1-analyst'),
    p1Participant: await asUser(server, 'p1-participant'),
    anonymous: (method, path, init) => server.request(method, path, init),
  };
  return { server, as };
}

/** Status per caller for one request (fresh body each time), for permission tables. */
export async function statuses(world: World, callers: Caller[], method: string, path: string, json?: () => unknown) {
  const result: Partial<Record<Caller, number>> = {};
  for (const c of callers) result[c] = (await world.as[c](method, path, json ? { json: json() } : {})).status;
  return result;
}

export async function count(server: TestServer, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await server.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params);
  return row.n;
}

/** Rows as a plain array (postgres.js answers an Array subclass, which deep equality tells apart). */
export async function rows<T = Record<string, unknown>>(server: TestServer, sql: string, params: unknown[] = []): Promise<T[]> {
  return [...(await server.app.db.query<T>(sql, params))];
}

export const revisionCount = (server: TestServer) => count(server, 'revision');

/** A subject (user row with a PARTICIPANT role, subject row) in a project, as the subjects API would make it. */
export async function createSubjectRow(server: TestServer, login: string, projectName: string): Promise<number> {
  const userId = await createUser(server, login, [{ authority: 'ROLE_PARTICIPANT', project: projectName }]);
  const [row] = await server.app.db.query<{ id: number }>(
    'INSERT INTO subject (user_id, login, project_id) SELECT $1, $2, id FROM project WHERE project_name = $3 RETURNING id',
    [userId, login, projectName],
  );
  return row.id;
}

export async function createSourceTypeRow(server: TestServer, producer: string, model: string): Promise<number> {
  const [row] = await server.app.db.query<{ id: number }>(
    "INSERT INTO source_type (producer, model, catalog_version, source_type_scope, name) VALUES ($1, $2, 'v1', 'PASSIVE', $3) RETURNING id",
    [producer, model, `${producer} ${model}`],
  );
  return row.id;
}
