// POST and PUT api/projects (api.md §5.7). Create: PROJECT.CREATE on the organization (system admin or its admin),
// 400 FA nameexists for a taken name, 404 for an unknown organization. Update: the name is immutable; moving the
// project to another organization needs PROJECT.UPDATE on the old and on the new organization.
import type { Principal } from '../auth/principal';
import { hasPermission, requirePermission, requireScope } from '../auth/guards';
import { first } from '../db/database';
import { created, ok, type RequestContext } from '../http/context';
import { accessDenied, apiError } from '../http/errors';
import { entityAlert, failureAlert } from '../http/alerts';
import { writeTransaction } from '../db/write-transaction';
import { authorOf, recordRevision } from '../revisions/record';
import { projectNotFound } from './project-delete';
import { loadProject } from './project-dto';
import { readProjectInput, type ProjectInput } from './project-input';
import { insertProject, updateProject } from './project-write';

const organizationRequired = () =>
  apiError(400, 'error.validation', 'project', 'A project needs an organization (organization.name or organizationName).');

const organizationNotFound = (name: string) =>
  apiError(404, 'error.organizationNameNotFound', 'organization', `Organization not found with name ${name}`, { name });

async function organizationId(ctx: RequestContext, name: string): Promise<number> {
  const row = await first<{ id: number }>(ctx.app.db, 'SELECT id FROM radar_organization WHERE name = $1', [name]);
  if (!row) throw organizationNotFound(name);
  return row.id;
}

async function insertAndAnswer(ctx: RequestContext, principal: Principal, input: ProjectInput) {
  if (!input.organizationName) throw organizationRequired();
  await requirePermission(ctx, 'PROJECT.CREATE', { organization: input.organizationName });
  const orgId = await organizationId(ctx, input.organizationName);
  const nameTaken = () => failureAlert(400, 'nameexists', 'project');
  const dto = await writeTransaction(ctx, async (tx) => {
    if (await first(tx, 'SELECT 1 FROM project WHERE project_name = $1', [input.projectName])) throw nameTaken();
    const id = await insertProject(tx, input, orgId);
    const saved = (await loadProject(tx, input.projectName, (ctx.app.config.persistentMetaTokenTimeoutMs ?? undefined)))!;
    await recordRevision(tx, authorOf(principal), [{ kind: 'project', id, key: input.projectName, type: 'ADD', snapshot: saved }]);
    return saved;
  }, { unique: nameTaken, foreignKey: () => organizationNotFound(input.organizationName!) });
  const location = `${ctx.app.config.basePath}/api/projects/${encodeURIComponent(input.projectName)}`;
  return created(dto, location, entityAlert('project', 'created', input.projectName));
}

export async function createProject(ctx: RequestContext) {
  const principal = await requireScope(ctx, 'PROJECT.CREATE');
  const input = readProjectInput(await ctx.json());
  if (input.id !== undefined) throw failureAlert(400, 'idexists', 'project');
  return insertAndAnswer(ctx, principal, input);
}

export async function updateProjectHandler(ctx: RequestContext) {
  const principal = await requireScope(ctx, 'PROJECT.UPDATE');
  const input = readProjectInput(await ctx.json());
  if (input.id === undefined) return insertAndAnswer(ctx, principal, input);
  const existing = await first<{ project_name: string; org_name: string }>(
    ctx.app.db,
    'SELECT p.project_name, o.name AS org_name FROM project p JOIN radar_organization o ON o.id = p.organization_id WHERE p.id = $1',
    [input.id],
  );
  if (!existing) {
    if (!(await hasPermission(ctx, principal, 'PROJECT.UPDATE'))) throw accessDenied('Missing permission PROJECT.UPDATE');
    throw apiError(404, 'error.projectIdNotFound', 'project', `Project not found with id ${input.id}`, { id: String(input.id) });
  }
  const name = existing.project_name;
  await requirePermission(ctx, 'PROJECT.UPDATE', { project: name });
  if (input.projectName !== name) {
    throw apiError(400, 'error.validation', 'project', 'The project name cannot be modified.', { projectName: name });
  }
  if (!input.organizationName) throw organizationRequired();
  if (input.organizationName !== existing.org_name) {
    await requirePermission(ctx, 'PROJECT.UPDATE', { organization: existing.org_name });
    await requirePermission(ctx, 'PROJECT.UPDATE', { organization: input.organizationName });
  }
  const orgId = await organizationId(ctx, input.organizationName);
  const dto = await writeTransaction(ctx, async (tx) => {
    if (!(await updateProject(tx, input.id!, input, orgId))) throw projectNotFound(name); // deleted meanwhile
    const saved = (await loadProject(tx, name, (ctx.app.config.persistentMetaTokenTimeoutMs ?? undefined)))!;
    await recordRevision(tx, authorOf(principal), [{ kind: 'project', id: input.id!, key: name, type: 'MOD', snapshot: saved }]);
    return saved;
  }, { foreignKey: () => organizationNotFound(input.organizationName!) });
  return ok(dto, entityAlert('project', 'updated', name));
}
