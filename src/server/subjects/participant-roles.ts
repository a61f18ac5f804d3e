// A subject's roles (docs/subjects.md): exactly one PARTICIPANT role, of its active project (mirrored in
// subject.project_id, written in the same transaction), plus an INACTIVE_PARTICIPANT role for each project it left.
// Role rows are created on first use; a concurrent creator of the same row is absorbed by ON CONFLICT.
import { ROLE_INACTIVE_PARTICIPANT, ROLE_PARTICIPANT } from '../../common/authorities';
import type { Queryable } from '../db/database';

/** The id of the (authority, project) role row, created when missing. */
export async function projectRoleId(tx: Queryable, authority: string, projectId: number): Promise<number> {
  const inserted = await tx.query<{ id: number }>(
    'INSERT INTO radar_role (authority_name, project_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id',
    [authority, projectId],
  );
  if (inserted[0]) return inserted[0].id;
  const [row] = await tx.query<{ id: number }>(
    'SELECT id FROM radar_role WHERE authority_name = $1 AND project_id = $2 AND organization_id IS NULL',
    [authority, projectId],
  );
  return row.id;
}

/**
 * A new user's PARTICIPANT role in `projectId` in one statement: the role row is created when missing and granted. A
 * role row another transaction is creating at the same moment is not visible to this statement's snapshot; then
 * nothing is granted here and the two-step path below (a fresh snapshot) does it.
 */
export async function grantFirstParticipantRole(tx: Queryable, userId: number, projectId: number): Promise<void> {
  const granted = await tx.query(
    `WITH made AS (INSERT INTO radar_role (authority_name, project_id) VALUES ($1::text, $2::bigint) ON CONFLICT DO NOTHING RETURNING id),
          role AS (SELECT id FROM made UNION ALL
                   SELECT id FROM radar_role WHERE authority_name = $1::text AND project_id = $2::bigint AND organization_id IS NULL LIMIT 1)
     INSERT INTO role_users (role_id, user_id) SELECT id, $3::bigint FROM role ON CONFLICT DO NOTHING RETURNING role_id`,
    [ROLE_PARTICIPANT, projectId, userId],
  );
  if (!granted.length) await grant(tx, userId, await projectRoleId(tx, ROLE_PARTICIPANT, projectId));
}

async function grant(tx: Queryable, userId: number, roleId: number): Promise<void> {
  await tx.query('INSERT INTO role_users (role_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [roleId, userId]);
}

/**
 * Makes `projectId` the user's only PARTICIPANT project. The project it leaves (if any) becomes an
 * INACTIVE_PARTICIPANT role; an INACTIVE_PARTICIPANT role of the project it (re)joins is dropped.
 */
export async function setActiveProject(tx: Queryable, userId: number, previousProjectId: number | null, projectId: number): Promise<void> {
  await tx.query(
    `DELETE FROM role_users WHERE user_id = $1 AND role_id IN (
       SELECT id FROM radar_role WHERE (authority_name = $2 AND project_id IS DISTINCT FROM $3)
                                    OR (authority_name = $4 AND project_id = $3))`,
    [userId, ROLE_PARTICIPANT, projectId, ROLE_INACTIVE_PARTICIPANT],
  );
  if (previousProjectId !== null && previousProjectId !== projectId) {
    await grant(tx, userId, await projectRoleId(tx, ROLE_INACTIVE_PARTICIPANT, previousProjectId));
  }
  await grant(tx, userId, await projectRoleId(tx, ROLE_PARTICIPANT, projectId));
}
