// The users a system admin's unfiltered user list shows, kept as rows (migration 058, listed_user): a database with
// users made before the migration gets the right rows, and after every kind of membership change (a new user with and
// without roles, a subject's user, a staff role added and removed, the last role removed, a role deleted, a user
// deleted, a transaction rolled back) the rows hold every staff user and every user without any role, and those are
// exactly the rows the list keeps (user_is_listed); a row more is allowed only for a user given a participant role
// since (the frequent write, a subject create, writes nothing there).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Database, Queryable } from '../../src/server/db/database';
import { loadMigrations, migrate } from '../../src/server/db/migrate';
import { seedSubjects } from '../../src/server/seed/bulk-subjects';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { openEmptyDatabase } from '../setup/database';

const t = suite('users: listed_user');
let db: Database;
let dropDatabase: () => Promise<void> = async () => {};

t.before(async () => {
  ({ db, drop: dropDatabase } = await openEmptyDatabase(3));
});
t.after(() => dropDatabase());

/** The definition: every user with a role other than a participant's, or with no role at all. */
const DEFINITION = `SELECT u.id FROM radar_user u
  WHERE NOT EXISTS (SELECT 1 FROM role_users ru WHERE ru.user_id = u.id)
     OR EXISTS (SELECT 1 FROM role_users ru JOIN radar_role r ON r.id = ru.role_id
                 WHERE ru.user_id = u.id AND r.authority_name NOT IN ('ROLE_PARTICIPANT', 'ROLE_INACTIVE_PARTICIPANT'))
  ORDER BY 1`;

async function assertExact(step: string, stale: number[] = []): Promise<void> {
  const kept = (await db.query<{ id: number }>('SELECT user_id AS id FROM listed_user ORDER BY 1')).map((r) => r.id);
  const listed = (await db.query<{ id: number }>('SELECT user_id AS id FROM listed_user WHERE user_is_listed(user_id) ORDER BY 1')).map((r) => r.id);
  const defined = (await db.query<{ id: number }>(DEFINITION)).map((r) => r.id);
  assert.equal(listed, defined, step);
  assert.equal(kept.filter((id) => !defined.includes(id)), stale, `${step}: rows beyond the definition`);
}

async function userId(q: Queryable, login: string): Promise<number> {
  const [row] = await q.query<{ id: number }>('INSERT INTO radar_user (login) VALUES ($1) RETURNING id', [login]);
  return row.id;
}

async function roleId(authority: string, project?: string): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `SELECT r.id FROM radar_role r LEFT JOIN project p ON p.id = r.project_id
      WHERE r.authority_name = $1 AND ($2::text IS NULL AND r.project_id IS NULL AND r.organization_id IS NULL OR p.project_name = $2::text)`,
    [authority, project ?? null]);
  if (row) return row.id;
  const [made] = await db.query<{ id: number }>(
    'INSERT INTO radar_role (authority_name, project_id) VALUES ($1, (SELECT id FROM project WHERE project_name = $2::text)) RETURNING id',
    [authority, project ?? null]);
  return made.id;
}

const grant = (q: Queryable, role: number, user: number) => q.query('INSERT INTO role_users (role_id, user_id) VALUES ($1, $2)', [role, user]);
const revoke = (role: number, user: number) => db.query('DELETE FROM role_users WHERE role_id = $1 AND user_id = $2', [role, user]);

t('users made before the migration are listed by the definition, and stay so through every change of memberships', async () => {
  const all = loadMigrations();
  await migrate(db, all.filter((m) => m.version < '058'));
  await db.transaction((tx) => seedDemoData(tx, '!test'));
  await seedSubjects(db, 300, { chunk: 100 });
  await db.query("INSERT INTO radar_user (login) VALUES ('roleless-before')");
  await migrate(db, all);
  await assertExact('after the migration');
  const listedBefore = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM listed_user'))[0].n;
  assert.ok(listedBefore > 1 && listedBefore < 300, `only staff and roleless users are listed (${listedBefore})`);

  const admin = await roleId('ROLE_PROJECT_ADMIN', 'radar');
  const participant = await roleId('ROLE_PARTICIPANT', 'radar');

  // A new user without a role is listed; one given a participant role in its transaction never is.
  const roleless = await userId(db, 'roleless');
  await assertExact('a new user without roles');
  const subjectUser = await db.transaction(async (tx) => {
    const id = await userId(tx, 'participant-1');
    await grant(tx, participant, id);
    return id;
  });
  await assertExact('a new participant');
  assert.not.ok((await db.query('SELECT 1 FROM listed_user WHERE user_id = $1', [subjectUser])).length);

  // More subjects through the bulk seed (their users and roles in one statement each).
  await seedSubjects(db, 50, { chunk: 50 });
  await assertExact('bulk subjects');

  // A participant that becomes staff, and back; its last role removed; a role given again.
  await grant(db, admin, subjectUser);
  await assertExact('a participant with a staff role');
  await revoke(admin, subjectUser);
  await assertExact('the staff role removed again');
  await revoke(participant, subjectUser);
  await assertExact('the last role removed');
  await grant(db, participant, subjectUser);
  await assertExact('a participant role given to a roleless user', [subjectUser]);
  await grant(db, admin, roleless);
  await assertExact('a roleless user becomes staff', [subjectUser]);
  await revoke(admin, roleless);
  await assertExact('its staff role removed again, roleless again', [subjectUser]);
  await grant(db, participant, roleless);
  await grant(db, admin, roleless);
  await revoke(admin, roleless);
  await assertExact('a participant that lost its staff role is no longer kept', [subjectUser]);
  await revoke(participant, subjectUser);
  await grant(db, admin, subjectUser);
  await revoke(admin, subjectUser);
  await grant(db, participant, subjectUser);
  await revoke(participant, roleless);

  // A role deleted with its memberships; a user deleted with its roles; a transaction rolled back.
  const analyst = await roleId('ROLE_PROJECT_ANALYST', 'radar');
  const analystUser = await userId(db, 'analyst');
  await grant(db, analyst, analystUser);
  await grant(db, participant, analystUser);
  await db.query('DELETE FROM radar_role WHERE id = $1', [analyst]);
  await assertExact('a role deleted', [subjectUser]);
  await db.query('DELETE FROM radar_user WHERE id = $1', [roleless]);
  await assertExact('a user deleted', [subjectUser]);
  await db.transaction(async (tx) => {
    const id = await userId(tx, 'deleted-in-its-transaction');
    await tx.query('DELETE FROM radar_user WHERE id = $1', [id]);
  });
  await assertExact('a user created and deleted in one transaction', [subjectUser]);
  await db.transaction(async (tx) => {
    await userId(tx, 'rolled-back');
    throw new Error('roll back');
  }).catch(() => {});
  await assertExact('a rolled-back user', [subjectUser]);
  const moved = await db.query<{ user_id: number }>('SELECT user_id FROM role_users WHERE role_id = $1 AND user_id <> $2 LIMIT 2', [participant, subjectUser]);
  await db.query('UPDATE role_users SET role_id = $1 WHERE user_id = ANY($2::int8[]) AND role_id = $3', [admin, moved.map((r) => r.user_id), participant]);
  await assertExact('memberships moved to a staff role by UPDATE', [subjectUser]);
});

t.run();
