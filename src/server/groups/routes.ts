// Groups of a project: reading needs PROJECT.READ on the project, creating and deleting PROJECT.UPDATE, moving
// subjects SUBJECT.UPDATE. An invalid name is a 400 with field errors (ManagementPortal answers 404
// `error.groupNotFound`). Creating or deleting a group records the project (its `groups`) as modified. docs/projects.md.
import { arrayOf, ref } from '../../common/schema';
import { GROUP_RULES } from '../../common/validation';
import { first } from '../db/database';
import { writeTransaction } from '../db/write-transaction';
import { created, noContent, ok } from '../http/context';
import { apiError } from '../http/errors';
import { projectNotFound } from '../http/not-found';
import { perm, route, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { projectIdByName } from '../projects/project-dto';
import { applyGroupPatch, readGroupPatch, type GroupPatchBody } from './group-patch';
import { findGroup, groupNotFound, listGroups, recordProjectGroupsChanged, toGroupDTO } from './groups';

const groupExists = (name: string) =>
  apiError(409, 'error.groupExists', 'group', `A group named ${name} already exists in this project`, { groupName: name });

const GROUPS_PATH = { projectName: 'Project name' };
const GROUP_PATH = { projectName: 'Project name', groupName: 'Group name' };

export const groupRoutes: RouteEntry[] = [
  route({
    method: 'GET', path: '/api/projects/:projectName/groups', access: perm('PROJECT.READ', 'project'),
    find: ({ params }) => ({ project: params.projectName }),
    handler: async ({ ctx, params }) => ok(await listGroups(ctx.app.db, await projectIdByName(ctx.app.db, params.projectName))),
    doc: {
      tag: 'Groups', summary: 'Groups of a project', pathParams: GROUPS_PATH,
      success: doc.list('GroupDTO', 'Ordered by name'), errors: { 404: 'error.projectNameNotFound' },
    },
  }),

  route<{ name: string }>({
    method: 'POST', path: '/api/projects/:projectName/groups', access: perm('PROJECT.UPDATE', 'project'),
    body: { objectName: GROUP_RULES.objectName, schema: ref('GroupDTO'), rules: GROUP_RULES },
    find: ({ params }) => ({ project: params.projectName }),
    handler: async ({ ctx, principal, params, body }) => {
      const { projectName } = params;
      const { name } = body;
      const projectId = await projectIdByName(ctx.app.db, projectName);
      const dto = await writeTransaction(ctx, async (tx) => {
        if (await first(tx, 'SELECT 1 FROM radar_group WHERE project_id = $1 AND name = $2', [projectId, name])) throw groupExists(name);
        const [row] = await tx.query<{ id: number; project_id: number; name: string }>(
          'INSERT INTO radar_group (project_id, name) VALUES ($1, $2) RETURNING id, project_id, name',
          [projectId, name],
        );
        await recordProjectGroupsChanged(tx, principal, projectName, ctx.app.config.persistentMetaTokenTimeoutMs ?? undefined);
        return toGroupDTO(row);
      }, { unique: () => groupExists(name), foreignKey: () => projectNotFound(projectName) });
      const location = `${ctx.app.config.publicUrl}/api/projects/${encodeURIComponent(projectName)}/groups/${encodeURIComponent(name)}`;
      return created(dto, location);
    },
    doc: {
      tag: 'Groups', summary: 'Create a group', pathParams: GROUPS_PATH,
      success: { status: 201, description: 'Created (no alert)', schema: ref('GroupDTO'), headers: ['location'] },
      errors: { 400: 'Field errors', 404: 'error.projectNameNotFound', 409: 'error.groupExists' },
    },
  }),

  route({
    method: 'GET', path: '/api/projects/:projectName/groups/:groupName', access: perm('PROJECT.READ', 'project'),
    find: ({ params }) => ({ project: params.projectName }),
    handler: async ({ ctx, params }) => ok(await findGroup(ctx.app.db, params.projectName, params.groupName)),
    doc: {
      tag: 'Groups', summary: 'One group', pathParams: GROUP_PATH,
      success: doc.ok(ref('GroupDTO'), 'The group'), errors: { 404: 'error.groupNotFound' },
    },
  }),

  route<undefined, undefined, undefined, { unlinkSubjects?: boolean }>({
    method: 'DELETE', path: '/api/projects/:projectName/groups/:groupName', access: perm('PROJECT.UPDATE', 'project'),
    query: { unlinkSubjects: doc.flag('Take the group\'s subjects out of it first; without it a group with subjects is a 409', false) },
    find: ({ params }) => ({ project: params.projectName }),
    handler: async ({ ctx, principal, params, query }) => {
      const { projectName, groupName } = params;
      const group = await findGroup(ctx.app.db, projectName, groupName);
      await writeTransaction(ctx, async (tx) => {
        const [{ subjects }] = await tx.query<{ subjects: number }>('SELECT count(*)::int AS subjects FROM subject WHERE group_id = $1', [group.id]);
        if (subjects > 0 && !query.unlinkSubjects) {
          throw apiError(409, 'error.validation', 'group', `Group ${groupName} still has ${subjects} subject(s); unlink them first.`, {
            groupName,
            subjects: String(subjects),
          });
        }
        await tx.query('UPDATE subject SET group_id = NULL WHERE group_id = $1', [group.id]);
        await tx.query('DELETE FROM radar_group WHERE id = $1', [group.id]);
        await recordProjectGroupsChanged(tx, principal, projectName, ctx.app.config.persistentMetaTokenTimeoutMs ?? undefined);
      });
      return noContent();
    },
    doc: {
      tag: 'Groups', summary: 'Delete a group', pathParams: GROUP_PATH,
      success: doc.noContent('Deleted'), errors: { 404: 'error.groupNotFound', 409: 'error.validation: the group still has subjects' },
    },
  }),

  route<GroupPatchBody>({
    method: 'PATCH', path: '/api/projects/:projectName/groups/:groupName/subjects', access: perm('SUBJECT.UPDATE', 'project'),
    body: { objectName: 'group', schema: arrayOf(ref('GroupPatchOperation')), anyJson: true },
    find: ({ params }) => ({ project: params.projectName }),
    handler: async ({ ctx, params, body }) => {
      const { projectName, groupName } = params;
      const group = await findGroup(ctx.app.db, projectName, groupName);
      const patch = readGroupPatch(body);
      // A subject's group is not an audited reference (nor in ManagementPortal), so moving subjects records no revision.
      await writeTransaction(ctx, (tx) => applyGroupPatch(tx, patch, group.projectId!, group.id!), {
        foreignKey: () => groupNotFound(projectName, groupName),
      });
      return noContent();
    },
    doc: {
      tag: 'Groups', summary: 'Add subjects to or remove them from a group', description: 'Unknown ids and logins are ignored.',
      pathParams: GROUP_PATH,
      success: doc.noContent('Applied'),
      errors: { 400: 'error.validation: a bad operation, or a subject of another project', 404: 'error.groupNotFound' },
    },
  }),
];
