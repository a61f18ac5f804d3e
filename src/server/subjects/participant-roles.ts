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
 * A new user's PARTICIPANT role when the statement that created the user could not grant it (its role row was being
 * created by another transaction, invisible to that statement's snapshot): granted now, with a fresh snapshot.
 */
export async function grantParticipantRoleAgain(tx: Queryable, userId: number, projectId: number): Promise<void> {
  await grant(tx, userId, await projectRoleId(tx, ROLE_PARTICIPANT, projectId));
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
