// Organizations: lists and details filtered to the caller's scope, create by system admins, update by them or the
// organization's admins (the name cannot change), and delete, refused while projects remain (docs/projects.md).
import type { OrganizationDTO } from '../../common/dto';
import { referentsByScope } from '../../common/permission-check';
import { ref } from '../../common/schema';
import { ORGANIZATION_RULES } from '../../common/validation';
import { requireAccess, requireTokenAccess } from '../auth/guards';
import type { Principal } from '../auth/principal';
import { first } from '../db/database';
import { writeTransaction } from '../db/write-transaction';
import { entityAlert, failureAlert } from '../http/alerts';
import { created, ok, type RequestContext } from '../http/context';
import { apiError } from '../http/errors';
import { organizationIdNotFound, organizationNotFound } from '../http/not-found';
import { perm, route, scope, type JsonBody, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { authorOf, recordRevision } from '../revisions/record';
import { deleteOrganization } from './organization-delete';
import { loadOrganization, organizationsInScope, projectsInScope } from './organization-dto';

type OrganizationBody = Pick<OrganizationDTO, 'name' | 'description' | 'location'> & { id?: number | null };

const BODY: JsonBody = { objectName: ORGANIZATION_RULES.objectName, schema: ref('OrganizationDTO'), rules: ORGANIZATION_RULES };

async function insert(ctx: RequestContext, principal: Principal, body: OrganizationBody) {
  const { name } = body;
  const nameTaken = () => failureAlert(409, 'nameexists', 'organization');
  const dto = await writeTransaction(ctx, async (tx) => {
    if (await first(tx, 'SELECT 1 FROM radar_organization WHERE name = $1', [name])) throw nameTaken();
    const [row] = await tx.query<{ id: number }>(
      'INSERT INTO radar_organization (name, description, location) VALUES ($1, $2, $3) RETURNING id',
      [name, body.description, body.location],
    );
    const saved: OrganizationDTO = { id: row.id, name, description: body.description, location: body.location, projects: [] };
    await recordRevision(tx, authorOf(principal), [{ kind: 'organization', id: row.id, key: name, type: 'ADD', snapshot: saved }]);
    return saved;
  }, { unique: nameTaken });
  const location = `${ctx.app.config.basePath}/api/organizations/${encodeURIComponent(name)}`;
  return created(dto, location, entityAlert('organization', 'created', name));
}

export const organizationRoutes: RouteEntry[] = [
  route({
    method: 'GET', path: '/api/organizations', access: scope('ORGANIZATION.READ'),
    handler: async ({ ctx, principal }) =>
      ok(await organizationsInScope(ctx.app.db, referentsByScope(principal.token, 'ORGANIZATION.READ'))),
    doc: {
      tag: 'Organizations', summary: 'List organizations',
      description: 'Those the caller has a role in or on one of their projects; nested projects are reduced to the caller\'s.',
      success: doc.list('OrganizationDTO', 'Not paged'),
    },
  }),

  route<OrganizationBody>({
    method: 'POST', path: '/api/organizations', access: perm('ORGANIZATION.CREATE', 'global'), body: BODY,
    handler: ({ ctx, principal, body }) => {
      if (body.id !== undefined && body.id !== null) throw failureAlert(400, 'idexists', 'organization');
      return insert(ctx, principal, body);
    },
    doc: {
      tag: 'Organizations', summary: 'Create an organization',
      success: doc.created(ref('OrganizationDTO'), 'Created; alert managementPortalApp.organization.created'),
      errors: { 400: 'Field errors, or idexists', 409: 'nameexists' },
    },
  }),

  route<OrganizationBody, { name: string } | undefined>({
    method: 'PUT', path: '/api/organizations', access: perm('ORGANIZATION.UPDATE', 'organization'), body: BODY,
    // Without an id this is a create, checked in the handler with the create's permission. An unknown id is checked
    // as a global update, so only system admins learn that it does not exist.
    findFromBody: true,
    find: async ({ ctx, body }) => {
      if (body.id === undefined || body.id === null) return { entity: {} };
      const existing = await first<{ name: string }>(ctx.app.db, 'SELECT name FROM radar_organization WHERE id = $1', [body.id]);
      return { entity: existing ? { organization: existing.name } : {}, found: existing };
    },
    handler: async ({ ctx, principal, body, found: existing }) => {
      if (body.id === undefined || body.id === null) {
        await requireAccess(ctx.app.db, principal, 'ORGANIZATION.CREATE', {});
        return insert(ctx, principal, body);
      }
      const id = body.id;
      if (!existing) throw organizationIdNotFound(id);
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
    },
    doc: {
      tag: 'Organizations', summary: 'Update an organization',
      description: 'Description and location; the name cannot change. Without id it creates (and needs ORGANIZATION.CREATE).',
      success: doc.ok(ref('OrganizationDTO'), 'Saved; alert managementPortalApp.organization.updated', ['alert']),
      errors: { 400: 'Field errors, or error.validation: the name cannot be modified', 404: 'error.organizationNotFound' },
    },
  }),

  route({
    method: 'GET', path: '/api/organizations/:name', access: perm('ORGANIZATION.READ', 'organization'),
    find: ({ params }) => ({ organization: params.name }),
    handler: async ({ ctx, principal, params }) => {
      const [dto] = await organizationsInScope(ctx.app.db, referentsByScope(principal.token, 'ORGANIZATION.READ'), params.name);
      if (!dto) throw organizationNotFound(params.name);
      return ok(dto);
    },
    doc: {
      tag: 'Organizations', summary: 'One organization', pathParams: { name: 'Organization name' },
      success: doc.ok(ref('OrganizationDTO'), 'With its (reduced) projects'), errors: { 404: 'error.organizationNameNotFound' },
    },
  }),

  route({
    method: 'DELETE', path: '/api/organizations/:name', access: perm('ORGANIZATION.DELETE', 'organization'),
    find: ({ params }) => ({ organization: params.name }),
    handler: async ({ ctx, principal, params }) => {
      await deleteOrganization(ctx, principal, params.name);
      return ok(undefined, entityAlert('organization', 'deleted', params.name));
    },
    doc: {
      tag: 'Organizations', summary: 'Delete an empty organization',
      success: doc.ok(undefined, 'Deleted', ['alert']),
      errors: { 404: 'error.organizationNameNotFound', 409: 'error.organizationNotEmpty: it still has projects' },
    },
  }),

  route({
    method: 'GET', path: '/api/organizations/:name/projects', access: perm('ORGANIZATION.READ', 'organization'),
    find: ({ params }) => ({ organization: params.name }),
    handler: async ({ ctx, principal, params }) => {
      // Full ProjectDTOs: all of them for system and organization admins, else the caller's own projects.
      requireTokenAccess(principal, 'PROJECT.READ');
      const org = await first<{ id: number }>(ctx.app.db, 'SELECT id FROM radar_organization WHERE name = $1', [params.name]);
      if (!org) throw organizationNotFound(params.name);
      const projectScope = referentsByScope(principal.token, 'PROJECT.READ');
      const { dtos } = await projectsInScope(ctx.app.db, projectScope, [org.id], 'full', ctx.app.config.persistentMetaTokenTimeoutMs ?? undefined);
      return ok(dtos);
    },
    doc: {
      tag: 'Organizations', summary: 'Projects of an organization',
      description: 'Also needs the PROJECT.READ scope. All of them for system and organization admins, else the caller\'s own.',
      success: doc.list('ProjectDTO', 'Full ProjectDTOs'), errors: { 404: 'error.organizationNameNotFound' },
    },
  }),
];
