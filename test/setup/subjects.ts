// Fixtures for the subject tests: subjects, groups, source types and sources written straight into the database
// (one multi-row statement per table), plus readers the tests use to check what the database holds. Results are
// compared as plain arrays: postgres.js answers an Array subclass.
import { createUser } from './auth';
import type { TestServer } from './server';

export interface SubjectSpec {
  login: string;
  project: string;
  externalId?: string | null;
  externalLink?: string | null;
  personName?: string | null;
  dateOfBirth?: string | null;
  enrollmentDate?: string | null;
  group?: string | null;
  hrid?: string | null;
  activated?: boolean;
  removed?: boolean;
  /** Projects the subject left (INACTIVE_PARTICIPANT roles). */
  inactiveIn?: string[];
}

async function roleId(server: TestServer, authority: string, projectId: number): Promise<number> {
  const [row] = await server.app.db.query<{ id: number }>(
    `WITH ins AS (INSERT INTO radar_role (authority_name, project_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id)
     SELECT id FROM ins UNION ALL SELECT id FROM radar_role WHERE authority_name = $1 AND project_id = $2`,
    [authority, projectId],
  );
  return row.id;
}

export async function projectId(server: TestServer, name: string): Promise<number> {
  const [row] = await server.app.db.query<{ id: number }>('SELECT id FROM project WHERE project_name = $1', [name]);
  if (!row) throw new Error(`fixture: no project ${name}`);
  return row.id;
}

export async function createGroup(server: TestServer, project: string, name: string): Promise<number> {
  const [row] = await server.app.db.query<{ id: number }>(
    'INSERT INTO radar_group (project_id, name) VALUES ($1, $2) RETURNING id',
    [await projectId(server, project), name],
  );
  return row.id;
}

/** Inserts the subjects (users, subject rows, participant roles, Human-readable-identifier) and answers their ids. */
export async function insertSubjects(server: TestServer, specs: SubjectSpec[]): Promise<Map<string, number>> {
  const db = server.app.db;
  const projects = new Map<string, number>();
  const groups = new Map<string, number | null>();
  for (const s of specs) {
    for (const p of [s.project, ...(s.inactiveIn ?? [])]) if (!projects.has(p)) projects.set(p, await projectId(server, p));
    const key = `${s.project}/${s.group}`;
    if (s.group && !groups.has(key)) {
      const [g] = await db.query<{ id: number }>('SELECT id FROM radar_group WHERE project_id = $1 AND name = $2', [projects.get(s.project), s.group]);
      groups.set(key, g?.id ?? (await createGroup(server, s.project, s.group)));
    }
  }
  const col = <T>(f: (s: SubjectSpec) => T) => specs.map(f);
  await db.query(
    `INSERT INTO radar_user (login, activated, lang_key, created_by, last_modified_by)
     SELECT login, activated::boolean, 'en', 'system', 'system' FROM unnest($1::text[], $2::text[]) AS t(login, activated)`,
    // booleans travel as text: postgres.js serialises a boolean array wrongly
    [col((s) => s.login), col((s) => String(s.activated ?? true))],
  );
  const rows = await db.query<{ id: number; login: string }>(
    `INSERT INTO subject (user_id, login, project_id, external_id, external_link, person_name, date_of_birth, enrollment_date, group_id, removed)
     SELECT u.id, t.login, t.project_id, t.external_id, t.external_link, t.person_name, t.dob, t.enrolled, t.group_id, t.removed::boolean
       FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::date[], $7::timestamptz[], $8::bigint[], $9::text[])
            AS t(login, project_id, external_id, external_link, person_name, dob, enrolled, group_id, removed)
       JOIN radar_user u ON u.login = t.login
     RETURNING id, login`,
    [col((s) => s.login), col((s) => projects.get(s.project)), col((s) => s.externalId ?? null), col((s) => s.externalLink ?? null),
      col((s) => s.personName ?? null), col((s) => s.dateOfBirth ?? null), col((s) => s.enrollmentDate ?? null),
      col((s) => (s.group ? groups.get(`${s.project}/${s.group}`) : null)), col((s) => String(s.removed ?? false))],
  );
  const ids = new Map(rows.map((r) => [r.login, r.id]));
  const grants: [number, string][] = [];
  for (const s of specs) {
    grants.push([await roleId(server, 'ROLE_PARTICIPANT', projects.get(s.project)!), s.login]);
    for (const p of s.inactiveIn ?? []) grants.push([await roleId(server, 'ROLE_INACTIVE_PARTICIPANT', projects.get(p)!), s.login]);
  }
  await db.query(
    `INSERT INTO role_users (role_id, user_id) SELECT t.role_id, u.id FROM unnest($1::bigint[], $2::text[]) AS t(role_id, login)
       JOIN radar_user u ON u.login = t.login`,
    [grants.map((g) => g[0]), grants.map((g) => g[1])],
  );
  const hrids = specs.filter((s) => s.hrid != null);
  await db.query(
    `INSERT INTO subject_metadata (subject_id, attribute_key, attribute_value)
     SELECT s.id, 'Human-readable-identifier', t.v FROM unnest($1::text[], $2::text[]) AS t(login, v) JOIN subject s ON s.login = t.login`,
    [hrids.map((s) => s.login), hrids.map((s) => s.hrid)],
  );
  return ids;
}

/** A source type (created once) and an unassigned source of `project`; answers its sourceId. */
export async function createSource(server: TestServer, project: string, name: string): Promise<string> {
  const db = server.app.db;
  const [type] = await db.query<{ id: number }>(
    `WITH ins AS (INSERT INTO source_type (producer, model, catalog_version, source_type_scope) VALUES ('Empatica', 'E4', 'v1', 'PASSIVE')
                  ON CONFLICT DO NOTHING RETURNING id)
     SELECT id FROM ins UNION ALL SELECT id FROM source_type WHERE producer = 'Empatica' AND model = 'E4' AND catalog_version = 'v1'`,
  );
  const [row] = await db.query<{ source_id: string }>(
    `INSERT INTO radar_source (source_id, source_name, assigned, source_type_id, project_id)
     VALUES (gen_random_uuid(), $1, false, $2, $3) RETURNING source_id::text`,
    [name, type.id, await projectId(server, project)],
  );
  return row.source_id;
}

/** Row counts of the tables a subject write touches, to prove a refused request wrote nothing. */
export async function writeFootprint(server: TestServer): Promise<Record<string, number>> {
  const tables = ['radar_user', 'subject', 'subject_metadata', 'role_users', 'radar_role', 'revision', 'revision_change', 'audit_event'];
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = (await server.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`))[0].n;
  const [sources] = await server.app.db.query<{ state: string }>(
    "SELECT coalesce(string_agg(id || ':' || assigned || ':' || deleted || ':' || coalesce(subject_id::text, '-'), ',' ORDER BY id), '') AS state FROM radar_source",
  );
  out[`sources ${sources.state}`] = 1;
  return out;
}

/** The subject's participant roles as `AUTHORITY:project`, sorted, and its mirrored project. */
export async function participantState(server: TestServer, login: string): Promise<{ roles: string[]; project: string | null }> {
  const roles = await server.app.db.query<{ r: string }>(
    `SELECT r.authority_name || ':' || p.project_name AS r FROM radar_user u JOIN role_users ru ON ru.user_id = u.id
       JOIN radar_role r ON r.id = ru.role_id JOIN project p ON p.id = r.project_id WHERE u.login = $1 ORDER BY 1`,
    [login],
  );
  const [s] = await server.app.db.query<{ project_name: string | null }>(
    'SELECT p.project_name FROM subject s LEFT JOIN project p ON p.id = s.project_id WHERE s.login = $1',
    [login],
  );
  return { roles: roles.map((r) => r.r), project: s?.project_name ?? null };
}

/** The `project` of a SubjectDTO body: `{ id, projectName }` as the client sends it. */
export async function projectRef(server: TestServer, name: string): Promise<{ id: number; projectName: string }> {
  return { id: await projectId(server, name), projectName: name };
}

/** Staff and participants for permission tests: projects radar and radar2 (organization main) and pilot (other). */
export async function seedScopeActors(server: TestServer): Promise<void> {
  await createUser(server, 'main-admin', [{ authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'main' }]);
  await createUser(server, 'other-admin', [{ authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'other' }]);
  await createUser(server, 'radar-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  await createUser(server, 'radar-owner', [{ authority: 'ROLE_PROJECT_OWNER', project: 'radar' }]);
  await createUser(server, 'radar-affiliate', [{ authority: 'ROLE_PROJECT_AFFILIATE', project: 'radar' }]);
  await createUser(server, 'radar-analyst', [{ authority: 'ROLE_PROJECT_ANALYST', project: 'radar' }]);
  await createUser(server, 'pilot-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'pilot' }]);
  await insertSubjects(server, [
    { login: 'radar-participant', project: 'radar', externalId: 'P-1' },
    { login: 'radar-other', project: 'radar', externalId: 'P-2' },
    { login: 'left-radar', project: 'pilot', inactiveIn: ['radar'] },
  ]);
}
