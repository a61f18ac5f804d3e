// The cast of the account and user tests: one user per role the permission rules tell apart, in two organizations.
//   main:  projects alpha, gamma      other: project beta
// `mixed` holds roles in both organizations, `roleless` none, `sub-1` is a participant (a subject) of alpha.
import { createProjectRow, createUser } from '../setup/auth';
import type { TestServer } from '../setup/server';

export const PASSWORD = 'Password-1234';

export const CAST = {
  sysAdmin: 'admin',
  mainAdmin: 'main-admin',
  otherAdmin: 'other-admin',
  alphaAdmin: 'alpha-admin',
  betaAdmin: 'beta-admin',
  alphaOwner: 'alpha-owner',
  alphaAnalyst: 'alpha-analyst',
  participant: 'sub-1',
  mixed: 'mixed',
  roleless: 'roleless',
} as const;

export interface Ids {
  alpha: number;
  beta: number;
  gamma: number;
  main: number;
  other: number;
}

export async function createCast(server: TestServer): Promise<Ids> {
  const alpha = await createProjectRow(server, 'alpha', 'main');
  const gamma = await createProjectRow(server, 'gamma', 'main');
  const beta = await createProjectRow(server, 'beta', 'other');
  const orgId = async (name: string) =>
    (await server.app.db.query<{ id: number }>('SELECT id FROM radar_organization WHERE name = $1', [name]))[0].id;
  const options = { password: PASSWORD };
  await createUser(server, CAST.mainAdmin, [{ authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'main' }], options);
  await createUser(server, CAST.otherAdmin, [{ authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'other' }], options);
  await createUser(server, CAST.alphaAdmin, [{ authority: 'ROLE_PROJECT_ADMIN', project: 'alpha' }], options);
  await createUser(server, CAST.betaAdmin, [{ authority: 'ROLE_PROJECT_ADMIN', project: 'beta' }], options);
  await createUser(server, CAST.alphaOwner, [{ authority: 'ROLE_PROJECT_OWNER', project: 'alpha' }], options);
  await createUser(server, CAST.alphaAnalyst, [{ authority: 'ROLE_PROJECT_ANALYST', project: 'alpha' }], options);
  const participant = await createUser(server, CAST.participant, [{ authority: 'ROLE_PARTICIPANT', project: 'alpha' }], options);
  await server.app.db.query('INSERT INTO subject (user_id, login, project_id) VALUES ($1, $2, $3)', [participant, CAST.participant, alpha]);
  await createUser(
    server,
    CAST.mixed,
    [
      { authority: 'ROLE_PROJECT_ADMIN', project: 'alpha' },
      { authority: 'ROLE_PROJECT_ADMIN', project: 'beta' },
    ],
    options,
  );
  await createUser(server, CAST.roleless, [], options);
  return { alpha, beta, gamma, main: await orgId('main'), other: await orgId('other') };
}

/** The logins of a user list answer, in order. */
export const logins = (body: { login: string }[]) => body.map((u) => u.login);

export async function userCount(server: TestServer): Promise<number> {
  const [{ n }] = await server.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM radar_user');
  return n;
}

export async function roleRowsOf(server: TestServer, login: string): Promise<string[]> {
  const rows = await server.app.db.query<{ name: string }>(
    `SELECT r.authority_name || ':' || coalesce(p.project_name, o.name, '-') AS name
       FROM role_users ru JOIN radar_user u ON u.id = ru.user_id JOIN radar_role r ON r.id = ru.role_id
       LEFT JOIN project p ON p.id = r.project_id LEFT JOIN radar_organization o ON o.id = r.organization_id
      WHERE u.login = $1 ORDER BY 1`,
    [login],
  );
  return rows.map((r) => r.name);
}

export async function revisionsOf(server: TestServer, login: string): Promise<{ change_type: string; author: string; snapshot: unknown }[]> {
  return server.app.db.query(
    `SELECT c.change_type, r.author, c.snapshot FROM revision_change c JOIN revision r ON r.id = c.revision_id
      WHERE c.entity_kind = 'user' AND c.entity_key = $1 ORDER BY c.id`,
    [login],
  );
}
