// Source types (docs/catalogue.md). They belong to no project, so holding the scope through a role of the matrix is
// enough to read and create them: every staff member's client loads the list, project admins may create types. An
// update or delete also needs the permission on every project using the type (or, for an unused type, a role that is
// not project-scoped): the projects that list a type depend on it (catalogue-scope.ts).
import { ref } from '../../common/schema';
import { requireTokenAccess } from '../auth/guards';
import type { Principal } from '../auth/principal';
import { entityAlert, failureAlert } from '../http/alerts';
import { created, ok, type RequestContext } from '../http/context';
import { limitClause, orderByClause, pagingHeaders, parsePageable, type Pageable } from '../http/paging';
import { route, scope, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { reducedSourceType } from '../projects/source-type-summary';
import { requireCatalogueScope, touchedTypes, withUsage } from './catalogue-scope';
import { deleteSourceType } from './source-type-delete';
import { fullSourceTypes, SOURCE_TYPE_COLUMNS, type SourceTypeRow } from './source-type-dto';
import { SOURCE_TYPE_BODY, toSourceTypeInput, type SourceTypeInput } from './source-type-input';
import { saveSourceType } from './source-type-save';
import { loadSourceTypeRow, typeLabel, typeNotFound, type TypeKey } from './source-type-store';

const SORTABLE = { id: 'id', producer: 'producer', model: 'model', catalogVersion: 'catalog_version', sourceTypeScope: 'source_type_scope' };
const TAG = 'Source types';
const LABEL = '"<producer> <model> <catalogVersion>"';

const keyOf = (params: Record<string, string>): TypeKey => ({ producer: params.producer, model: params.model, catalogVersion: params.version });

async function insert(ctx: RequestContext, principal: Principal, input: SourceTypeInput) {
  const dto = await saveSourceType(ctx, principal, input);
  const path = [dto.producer, dto.model, dto.catalogVersion].map(encodeURIComponent).join('/');
  return created(dto, `${ctx.app.config.basePath}/api/source-types/${path}`, entityAlert('sourceType', 'created', typeLabel(dto)));
}

/** The reduced form of every version of a producer's types, or of one model's versions. */
const reducedList = route({
  method: 'GET', path: '/api/source-types/:producer', access: scope('SOURCETYPE.READ'),
  handler: async ({ ctx, params }) => {
    const rows = await ctx.app.db.query<SourceTypeRow>(
      `SELECT ${SOURCE_TYPE_COLUMNS} FROM source_type WHERE producer = $1 AND ($2::text IS NULL OR model = $2) ORDER BY id`,
      [params.producer, params.model ?? null],
    );
    return ok(rows.map(reducedSourceType));
  },
  doc: {
    tag: TAG, summary: 'Source types of a producer', pathParams: { producer: 'e.g. Empatica' },
    success: doc.list('SourceTypeDTO', 'Reduced source types, every model and version'),
  },
});

export const sourceTypeRoutes: RouteEntry[] = [
  route<undefined, undefined, undefined, Pageable>({
    method: 'GET', path: '/api/source-types', access: scope('SOURCETYPE.READ'),
    parseQuery: (query) => parsePageable(query, { defaultSize: 2000, sortable: SORTABLE }),
    query: doc.pageable(2000, Object.keys(SORTABLE)),
    handler: async ({ ctx, principal, query: pageable }) => {
      const params: unknown[] = [];
      const rows = await ctx.app.db.query<SourceTypeRow>(
        `SELECT ${SOURCE_TYPE_COLUMNS} FROM source_type ${orderByClause(pageable, 'id')} ${limitClause(pageable, params)}`,
        params,
      );
      const [{ total }] = await ctx.app.db.query<{ total: number }>('SELECT count(*) AS total FROM source_type');
      return ok(await withUsage(ctx.app.db, principal, await fullSourceTypes(ctx.app.db, rows)), pagingHeaders('/api/source-types', pageable, total));
    },
    doc: { tag: TAG, summary: 'List source types', success: doc.paged('SourceTypeDTO', 'One page of full source types (with their source data and usage)') },
  }),

  route({
    method: 'POST', path: '/api/source-types', access: scope('SOURCETYPE.CREATE'), body: SOURCE_TYPE_BODY,
    handler: ({ ctx, principal, body }) => {
      const input = toSourceTypeInput(body);
      if (input.id !== null) throw failureAlert(400, 'idexists', 'sourceType');
      return insert(ctx, principal, input);
    },
    doc: {
      tag: TAG, summary: 'Create a source type', description: 'sourceData items are created with it.',
      success: doc.created(ref('SourceTypeDTO'), `Created; alert managementPortalApp.sourceType.created with ${LABEL}`),
      errors: { 400: 'Field errors, or idexists', 409: 'error.sourceTypeExists' },
    },
  }),

  route({
    method: 'PUT', path: '/api/source-types', access: scope('SOURCETYPE.UPDATE'), body: SOURCE_TYPE_BODY,
    handler: async ({ ctx, principal, body }) => {
      const input = toSourceTypeInput(body);
      // As the original: an update without id is a create, with the create's permission too.
      if (input.id === null) {
        requireTokenAccess(principal, 'SOURCETYPE.CREATE');
        return insert(ctx, principal, input);
      }
      // An unknown id touches nothing here and is the save's 404.
      await requireCatalogueScope(ctx.app.db, principal, 'SOURCETYPE.UPDATE', await touchedTypes(ctx.app.db, 'SELECT id AS type_id FROM source_type WHERE id = $1', [input.id]));
      const dto = await saveSourceType(ctx, principal, input);
      return ok(dto, entityAlert('sourceType', 'updated', typeLabel(dto)));
    },
    doc: {
      tag: TAG, summary: 'Update a source type', description: 'Without id it creates (and needs SOURCETYPE.CREATE).',
      success: doc.ok(ref('SourceTypeDTO'), 'Saved', ['alert']),
      errors: {
        400: 'Field errors', 403: 'error.accessDenied: a project using the type is outside the caller\'s scope, or no project uses it and the caller is project staff',
        404: 'error.sourceTypeNotFound', 409: 'error.sourceTypeExists',
      },
    },
  }),

  reducedList,

  route({
    ...reducedList, path: '/api/source-types/:producer/:model',
    doc: { tag: TAG, summary: 'Versions of a source type model', success: doc.list('SourceTypeDTO', 'Reduced source types, every version') },
  }),

  route({
    method: 'GET', path: '/api/source-types/:producer/:model/:version', access: scope('SOURCETYPE.READ'),
    handler: async ({ ctx, principal, params }) => {
      const key = keyOf(params);
      const row = await loadSourceTypeRow(ctx.app.db, key);
      if (!row) throw typeNotFound(key);
      return ok((await withUsage(ctx.app.db, principal, await fullSourceTypes(ctx.app.db, [row])))[0]);
    },
    doc: {
      tag: TAG, summary: 'One source type', pathParams: { version: 'The catalog version' },
      success: doc.ok(ref('SourceTypeDTO'), 'The full source type, with its usage'), errors: { 404: 'error.sourceTypeNotFound' },
    },
  }),

  route({
    method: 'DELETE', path: '/api/source-types/:producer/:model/:version', access: scope('SOURCETYPE.DELETE'),
    handler: async ({ ctx, principal, params }) => {
      const key = keyOf(params);
      const types = await touchedTypes(ctx.app.db, 'SELECT id AS type_id FROM source_type WHERE producer = $1 AND model = $2 AND catalog_version = $3', [key.producer, key.model, key.catalogVersion]);
      await requireCatalogueScope(ctx.app.db, principal, 'SOURCETYPE.DELETE', types);
      await deleteSourceType(ctx, principal, key);
      return ok(undefined, entityAlert('sourceType', 'deleted', typeLabel(key)));
    },
    doc: {
      tag: TAG, summary: 'Delete a source type', description: 'Its source data go with it.',
      success: doc.ok(undefined, 'Deleted', ['alert']),
      errors: {
        403: 'error.accessDenied: no project uses the type and the caller is project staff, or a project using it is outside the caller\'s scope; '
          + 'error.sourceTypeInUse: projects still include it, or sources are of this type',
        404: 'error.sourceTypeNotFound',
      },
    },
  }),
];
