// DELETE api/projects/{projectName}: only an empty project goes. While subjects, (not deleted) sources or users
// holding one of its roles remain, the answer is 409 `error.projectNotEmpty` naming what remains (ManagementPortal
// answers 400 with a database message). Its roles, groups, attributes and source-type links go with it; sources
// already flagged deleted are detached, since nobody can remove them through the API any more.
import type { Principal } from '../auth/principal';
import { first, type Queryable } from '../db/database';
import type { RequestContext } from '../http/context';
import { apiError } from '../http/errors';
import { projectNotFound } from '../http/not-found';
import { writeTransaction } from '../db/write-transaction';
import { authorOf, recordRevision, type EntityChange } from '../revisions/record';
import { loadProject } from './project-dto';
import { ROLE_SELECT, toRoleDTO, type RoleRow } from '../roles/role-dto';

interface Remaining {
  subjects: number;
  sources: number;
  users: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function notEmpty(projectName: string, left: Remaining) {
  const parts = [
    left.subjects && plural(left.subjects, 'subject'),
    left.sources && plural(left.sources, 'source'),
    left.users && `${plural(left.users, 'user')} with a role in it`,
  ].filter(Boolean);
  const what = parts.length ? parts.join(', ') : 'data that refers to it';
  return apiError(409, 'error.projectNotEmpty', 'project', `Project ${projectName} still has ${what}; remove them first.`, {
    projectName,
    subjects: String(left.subjects),
    sources: String(left.sources),
    users: String(left.users),
  });
}

async function remaining(tx: Queryable, id: number): Promise<Remaining> {
  const [row] = await tx.query<Remaining>(
    `SELECT (SELECT count(*)::int FROM subject WHERE project_id = $1) AS subjects,
            (SELECT count(*)::int FROM radar_source WHERE project_id = $1 AND NOT deleted) AS sources,
            (SELECT count(DISTINCT ru.user_id)::int FROM role_users ru JOIN radar_role r ON r.id = ru.role_id
              WHERE r.project_id = $1) AS users`,
    [id],
  );
  return row;
}

export async function deleteProject(ctx: RequestContext, principal: Principal, projectName: string): Promise<void> {
  const timeout = (ctx.app.config.persistentMetaTokenTimeoutMs ?? undefined);
  await writeTransaction(
    ctx,
    async (tx) => {
      const project = await first<{ id: number }>(tx, 'SELECT id FROM project WHERE project_name = $1 FOR UPDATE', [projectName]);
      if (!project) throw projectNotFound(projectName);
      const left = await remaining(tx, project.id);
      if (left.subjects || left.sources || left.users) throw notEmpty(projectName, left);
      const snapshot = (await loadProject(tx, projectName, timeout))!;
      const roles = await tx.query<RoleRow>(`${ROLE_SELECT} WHERE r.project_id = $1 ORDER BY r.id`, [project.id]);
      await tx.query('UPDATE radar_source SET project_id = NULL WHERE project_id = $1 AND deleted', [project.id]);
      await tx.query('DELETE FROM project WHERE id = $1', [project.id]);
      const changes: EntityChange[] = [
        { kind: 'project', id: project.id, key: projectName, type: 'DEL', snapshot },
        ...roles.map((r): EntityChange => ({ kind: 'role', id: r.id, key: `${projectName}:${r.authority_name}`, type: 'DEL', snapshot: toRoleDTO(r) })),
      ];
      await recordRevision(tx, authorOf(principal), changes);
    },
    // A subject or source added meanwhile blocks the delete through its foreign key.
    { foreignKey: () => notEmpty(projectName, { subjects: 0, sources: 0, users: 0 }) },
  );
}
