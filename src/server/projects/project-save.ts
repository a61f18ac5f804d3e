// Create and update of a project (POST and PUT api/projects; routes.ts checks who may). Create: 400 nameexists for a
// taken name, 404 for an unknown organization. Update: the name is immutable; moving the project to another
// organization needs PROJECT.UPDATE on the old and on the new organization. Each write records a revision.
import type { Principal } from '../auth/principal';
import { requireAccess } from '../auth/guards';
import { first } from '../db/database';
import { writeTransaction } from '../db/write-transaction';
import { entityAlert, failureAlert } from '../http/alerts';
import { created, ok, type Reply, type RequestContext } from '../http/context';
import { apiError } from '../http/errors';
import { organizationNotFound, projectNotFound } from '../http/not-found';
import { authorOf, recordRevision } from '../revisions/record';
import { loadProject } from './project-dto';
import type { ProjectInput } from './project-input';
import { insertProject, updateProject } from './project-write';

/** The project a PUT names by id, as its finder read it. */
export interface ExistingProject {
  project_name: string;
  org_name: string;
}

export const organizationRequired = () =>
  apiError(400, 'error.validation', 'project', 'A project needs an organization (organization.name or organizationName).');

export const projectIdNotFound = (id: number) =>
  apiError(404, 'error.projectIdNotFound', 'project', `Project not found with id ${id}`, { id: String(id) });

const timeoutOf = (ctx: RequestContext) => ctx.app.config.persistentMetaTokenTimeoutMs ?? undefined;

async function organizationId(ctx: RequestContext, name: string): Promise<number> {
  const row = await first<{ id: number }>(ctx.app.db, 'SELECT id FROM radar_organization WHERE name = $1', [name]);
  if (!row) throw organizationNotFound(name);
  return row.id;
}

/** Creates the project; the caller has checked PROJECT.CREATE on `input.organizationName`. */
export async function createProject(ctx: RequestContext, principal: Principal, input: ProjectInput): Promise<Reply> {
  const organizationName = input.organizationName!;
  const orgId = await organizationId(ctx, organizationName);
  const nameTaken = () => failureAlert(400, 'nameexists', 'project');
  const dto = await writeTransaction(ctx, async (tx) => {
    if (await first(tx, 'SELECT 1 FROM project WHERE project_name = $1', [input.projectName])) throw nameTaken();
    const id = await insertProject(tx, input, orgId);
    const saved = (await loadProject(tx, input.projectName, timeoutOf(ctx)))!;
    await recordRevision(tx, authorOf(principal), [{ kind: 'project', id, key: input.projectName, type: 'ADD', snapshot: saved }]);
    return saved;
  }, { unique: nameTaken, foreignKey: () => organizationNotFound(organizationName) });
  const location = `${ctx.app.config.basePath}/api/projects/${encodeURIComponent(input.projectName)}`;
  return created(dto, location, entityAlert('project', 'created', input.projectName));
}

/** Updates `existing` (PROJECT.UPDATE on it is checked); the name cannot change. */
export async function updateExistingProject(ctx: RequestContext, principal: Principal, input: ProjectInput & { id: number }, existing: ExistingProject): Promise<Reply> {
  const name = existing.project_name;
  if (input.projectName !== name) {
    throw apiError(400, 'error.validation', 'project', 'The project name cannot be modified.', { projectName: name });
  }
  const organizationName = input.organizationName;
  if (!organizationName) throw organizationRequired();
  if (organizationName !== existing.org_name) {
    await requireAccess(ctx.app.db, principal, 'PROJECT.UPDATE', { organization: existing.org_name });
    await requireAccess(ctx.app.db, principal, 'PROJECT.UPDATE', { organization: organizationName });
  }
  const orgId = await organizationId(ctx, organizationName);
  const dto = await writeTransaction(ctx, async (tx) => {
    if (!(await updateProject(tx, input.id, input, orgId))) throw projectNotFound(name); // deleted meanwhile
    const saved = (await loadProject(tx, name, timeoutOf(ctx)))!;
    await recordRevision(tx, authorOf(principal), [{ kind: 'project', id: input.id, key: name, type: 'MOD', snapshot: saved }]);
    return saved;
  }, { foreignKey: () => organizationNotFound(organizationName) });
  return ok(dto, entityAlert('project', 'updated', name));
}
