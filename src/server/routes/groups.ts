// api/projects/{projectName}/groups (api.md §5.8). Reading needs PROJECT.READ on the project, creating and deleting
// PROJECT.UPDATE, moving subjects SUBJECT.UPDATE. An invalid name is a 400 with field errors (the original
// answered 404 `error.groupNotFound`). Creating or deleting a group records the project (its `groups`) as modified.
import { GROUP_RULES } from '../../common/validation';
import { requirePermission } from '../auth/guards';
import { first } from '../db/database';
import { created, noContent, ok, type RequestContext } from '../http/context';
import { apiError } from '../http/errors';
import { Router } from '../http/router';
import { validBody } from '../http/body-fields';
import { writeTransaction } from '../db/write-transaction';
import { applyGroupPatch, readGroupPatch } from '../projects/group-patch';
import { findGroup, groupNotFound, listGroups, projectIdByName, recordProjectGroupsChanged, toGroupDTO } from '../projects/groups';
import { projectNotFound } from '../projects/project-delete';
import { booleanParam } from '../http/query-params';

const groupExists = (name: string) =>
  apiError(409, 'error.groupExists', 'group', `A group named ${name} already exists in this project`, { groupName: name });

async function list(ctx: RequestContext) {
  const { projectName } = ctx.params;
  await requirePermission(ctx, 'PROJECT.READ', { project: projectName });
  return ok(await listGroups(ctx.app.db, await projectIdByName(ctx.app.db, projectName)));
}

async function getOne(ctx: RequestContext) {
  const { projectName, groupName } = ctx.params;
  await requirePermission(ctx, 'PROJECT.READ', { project: projectName });
  return ok(await findGroup(ctx.app.db, projectName, groupName));
}

async function create(ctx: RequestContext) {
  const { projectName } = ctx.params;
  const principal = await requirePermission(ctx, 'PROJECT.UPDATE', { project: projectName });
  const projectId = await projectIdByName(ctx.app.db, projectName);
  const body = validBody(await ctx.json(), GROUP_RULES, { name: 'string' });
  const name = body.name as string;
  const dto = await writeTransaction(ctx, async (tx) => {
    if (await first(tx, 'SELECT 1 FROM radar_group WHERE project_id = $1 AND name = $2', [projectId, name])) throw groupExists(name);
    const [row] = await tx.query<{ id: number; project_id: number; name: string }>(
      'INSERT INTO radar_group (project_id, name) VALUES ($1, $2) RETURNING id, project_id, name',
      [projectId, name],
    );
    await recordProjectGroupsChanged(tx, principal, projectName, (ctx.app.config.persistentMetaTokenTimeoutMs ?? undefined));
    return toGroupDTO(row);
  }, { unique: () => groupExists(name), foreignKey: () => projectNotFound(projectName) });
  const location = `${ctx.app.config.publicUrl}/api/projects/${encodeURIComponent(projectName)}/groups/${encodeURIComponent(name)}`;
  return created(dto, location);
}

async function remove(ctx: RequestContext) {
  const { projectName, groupName } = ctx.params;
  const principal = await requirePermission(ctx, 'PROJECT.UPDATE', { project: projectName });
  const unlink = booleanParam(ctx, 'unlinkSubjects', false);
  const group = await findGroup(ctx.app.db, projectName, groupName);
  await writeTransaction(ctx, async (tx) => {
    const [{ subjects }] = await tx.query<{ subjects: number }>('SELECT count(*)::int AS subjects FROM subject WHERE group_id = $1', [group.id]);
    if (subjects > 0 && !unlink) {
      throw apiError(409, 'error.validation', 'group', `Group ${groupName} still has ${subjects} subject(s); unlink them first.`, {
        groupName,
        subjects: String(subjects),
      });
    }
    await tx.query('UPDATE subject SET group_id = NULL WHERE group_id = $1', [group.id]);
    await tx.query('DELETE FROM radar_group WHERE id = $1', [group.id]);
    await recordProjectGroupsChanged(tx, principal, projectName, (ctx.app.config.persistentMetaTokenTimeoutMs ?? undefined));
  });
  return noContent();
}

async function patchSubjects(ctx: RequestContext) {
  const { projectName, groupName } = ctx.params;
  await requirePermission(ctx, 'SUBJECT.UPDATE', { project: projectName });
  const group = await findGroup(ctx.app.db, projectName, groupName);
  const patch = readGroupPatch(await ctx.json());
  // Subjects' group is not an audited reference (as in the original), so moving them records no revision.
  await writeTransaction(ctx, (tx) => applyGroupPatch(tx, patch, group.projectId!, group.id!), {
    foreignKey: () => groupNotFound(projectName, groupName),
  });
  return noContent();
}

export function groupRoutes(): Router {
  return new Router()
    .get('/api/projects/:projectName/groups', list)
    .post('/api/projects/:projectName/groups', create)
    .get('/api/projects/:projectName/groups/:groupName', getOne)
    .delete('/api/projects/:projectName/groups/:groupName', remove)
    .patch('/api/projects/:projectName/groups/:groupName/subjects', patchSubjects);
}
