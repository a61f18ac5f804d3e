// api/organizations (api.md §5.6, with the fixes of "Where this server deliberately differs"): lists and details
// filtered to the caller's scope, create by system admins, update by them or the organization's admin (alert
// `updated`, name immutable), and DELETE, refused with 409 `error.organizationNotEmpty` while projects remain.
import type { OrganizationDTO } from '../../common/dto';
import { referentsByScope } from '../../common/permission-check';
import { ORGANIZATION_RULES } from '../../common/validation';
import { hasPermission, requirePermission, requireScope } from '../auth/guards';
import { first } from '../db/database';
import { created, ok, type RequestContext } from '../http/context';
import { accessDenied, apiError } from '../http/errors';
import { Router } from '../http/router';
import { validBody, type Body } from '../organizations/body-fields';
import { entityAlert, failureAlert } from '../organizations/entity-alerts';
import { loadOrganization, organizationsInScope, projectsInScope } from '../organizations/organization-dto';
import { deleteOrganization } from '../organizations/organization-delete';
import { writeTransaction } from '../organizations/write-transaction';
import { persistentTokenTimeoutMs } from '../projects/token-timeout';
import { authorOf, recordRevision } from '../revisions/record';
import type { Principal } from '../auth/principal';

const TYPES = { id: 'number', name: 'string', description: 'string', location: 'string' } as const;

export const organizationNotFound = (name: string) =>
  apiError(404, 'error.organizationNameNotFound', 'organization', `Organization not found with name ${name}`, { name });

async function list(ctx: RequestContext) {
  const principal = await requireScope(ctx, 'ORGANIZATION.READ');
  return ok(await organizationsInScope(ctx.app.db, referentsByScope(principal.token, 'ORGANIZATION.READ')));
}

async function getOne(ctx: RequestContext) {
  const name = ctx.params.name;
  const principal = await requirePermission(ctx, 'ORGANIZATION.READ', { organization: name });
  const [dto] = await organizationsInScope(ctx.app.db, referentsByScope(principal.token, 'ORGANIZATION.READ'), name);
  if (!dto) throw organizationNotFound(name);
  return ok(dto);
}

/** Full ProjectDTOs of the organization: all for system and organization admins, else the caller's projects. */
async function projectsOf(ctx: RequestContext) {
  const name = ctx.params.name;
  const principal = await requireScope(ctx, 'PROJECT.READ');
  await requirePermission(ctx, 'ORGANIZATION.READ', { organization: name });
  const org = await first<{ id: number }>(ctx.app.db, 'SELECT id FROM radar_organization WHERE name = $1', [name]);
  if (!org) throw organizationNotFound(name);
  const scope = referentsByScope(principal.token, 'PROJECT.READ');
  const { dtos } = await projectsInScope(ctx.app.db, scope, [org.id], 'full', persistentTokenTimeoutMs(ctx.app.config));
  return ok(dtos);
}

async function insert(ctx: RequestContext, principal: Principal, body: Body) {
  const name = body.name as string;
  const nameTaken = () => failureAlert(409, 'nameexists', 'organization');
  const dto = await writeTransaction(ctx, async (tx) => {
    if (await first(tx, 'SELECT 1 FROM radar_organization WHERE name = $1', [name])) throw nameTaken();
    const [row] = await tx.query<{ id: number }>(
      'INSERT INTO radar_organization (name, description, location) VALUES ($1, $2, $3) RETURNING id',
      [name, body.description, body.location],
    );
    const created: OrganizationDTO = { id: row.id, name, description: body.description as string, location: body.location as string, projects: [] };
    await recordRevision(tx, authorOf(principal), [{ kind: 'organization', id: row.id, key: name, type: 'ADD', snapshot: created }]);
    return created;
  }, { unique: nameTaken });
  const location = `${ctx.app.config.basePath}/api/organizations/${encodeURIComponent(name)}`;
  return created(dto, location, entityAlert('organization', 'created', name));
}

async function create(ctx: RequestContext) {
  const principal = await requirePermission(ctx, 'ORGANIZATION.CREATE');
  const body = validBody(await ctx.json(), ORGANIZATION_RULES, TYPES);
  if (body.id !== undefined && body.id !== null) throw failureAlert(400, 'idexists', 'organization');
  return insert(ctx, principal, body);
}

async function update(ctx: RequestContext) {
  const principal = await requireScope(ctx, 'ORGANIZATION.UPDATE');
  const body = validBody(await ctx.json(), ORGANIZATION_RULES, TYPES);
  if (body.id === undefined || body.id === null) {
    // As the original: an update without id is a create, with the create's permission.
    await requirePermission(ctx, 'ORGANIZATION.CREATE');
    return insert(ctx, principal, body);
  }
  const id = body.id as number;
  const existing = await first<{ name: string }>(ctx.app.db, 'SELECT name FROM radar_organization WHERE id = $1', [id]);
  if (!existing) {
    if (!(await hasPermission(ctx, principal, 'ORGANIZATION.UPDATE'))) throw accessDenied('Missing permission ORGANIZATION.UPDATE');
    throw apiError(404, 'error.organizationNotFound', 'organization', `Organization not found with id ${id}`, { id: String(id) });
  }
  await requirePermission(ctx, 'ORGANIZATION.UPDATE', { organization: existing.name });
  if (body.name !== existing.name) {
    throw apiError(400, 'error.validation', 'organization', 'The organization name cannot be modified.', { name: existing.name });
  }
  const dto = await writeTransaction(ctx, async (tx) => {
    const updated = await tx.query('UPDATE radar_organization SET description = $2, location = $3 WHERE id = $1 RETURNING id', [id, body.description, body.location]);
    if (!updated.length) throw organizationNotFound(existing.name); // deleted meanwhile
    const saved = (await loadOrganization(tx, existing.name))!;
    await recordRevision(tx, authorOf(principal), [{ kind: 'organization', id, key: existing.name, type: 'MOD', snapshot: saved }]);
    return saved;
  });
  return ok(dto, entityAlert('organization', 'updated', existing.name));
}

async function remove(ctx: RequestContext) {
  const name = ctx.params.name;
  const principal = await requirePermission(ctx, 'ORGANIZATION.DELETE', { organization: name });
  await deleteOrganization(ctx, principal, name);
  return ok(undefined, entityAlert('organization', 'deleted', name));
}

export function organizationRoutes(): Router {
  return new Router()
    .get('/api/organizations', list)
    .post('/api/organizations', create)
    .put('/api/organizations', update)
    .get('/api/organizations/:name', getOne)
    .delete('/api/organizations/:name', remove)
    .get('/api/organizations/:name/projects', projectsOf);
}
