// Source data (docs/catalogue.md). Source data belongs to no project, so holding the scope through a role of the
// matrix is enough to read and create it. An update or delete also needs the permission on every project using the
// row's source type (before and after the update), or, for a row of an unused type or without one, a role that is not
// project-scoped (source-types/catalogue-scope.ts). Every write runs in one transaction with its revision; a
// duplicate name is a 409, whoever wins a race.
import { ref } from '../../common/schema';
import { requireTokenAccess } from '../auth/guards';
import type { Principal } from '../auth/principal';
import { first } from '../db/database';
import { writeTransaction } from '../db/write-transaction';
import { entityAlert, failureAlert } from '../http/alerts';
import { created, ok, type RequestContext } from '../http/context';
import { HttpError, notFoundVm, validationFailed } from '../http/errors';
import { limitClause, orderByClause, pagingHeaders, parsePageable, type Pageable } from '../http/paging';
import { route, scope, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { authorOf, recordRevision } from '../revisions/record';
import { requireCatalogueScope, touchedTypes } from '../source-types/catalogue-scope';
import { SOURCE_DATA_BODY, toSourceDataInput, type SourceDataInput } from './source-data-input';
import {
  assertNameFree, insertSourceData, loadSourceData, sourceDataNameTaken, sourceDataWithType, updateSourceData,
  SOURCE_DATA_WITH_TYPE_COLUMNS, type SourceDataWithTypeRow,
} from './source-data-store';

const SORTABLE = {
  id: 'sd.id', sourceDataType: 'sd.source_data_type', sourceDataName: 'sd.source_data_name', processingState: 'sd.processing_state',
  keySchema: 'sd.key_schema', valueSchema: 'sd.value_schema', topic: 'sd.topic', frequency: 'sd.frequency', unit: 'sd.unit',
  enabled: 'sd.enabled', 'sourceType.id': 'sd.source_type_id', 'sourceType.producer': 'st.producer', 'sourceType.model': 'st.model',
};
const TAG = 'Source data';
const OBJECT = SOURCE_DATA_BODY.objectName;

// The type a row has and the one an update gives it; nothing when the row does not exist (the update's 404).
const UPDATED_TYPES = `SELECT source_type_id AS type_id FROM source_data WHERE id = $1
  UNION SELECT st.id FROM source_type st WHERE st.id = $2 AND EXISTS (SELECT 1 FROM source_data WHERE id = $1)`;

async function save(ctx: RequestContext, principal: Principal, input: SourceDataInput) {
  const isNew = input.id === null;
  const dto = await writeTransaction(ctx, async (tx) => {
    if (!isNew) await requireCatalogueScope(tx, principal, 'SOURCEDATA.UPDATE', await touchedTypes(tx, UPDATED_TYPES, [input.id, input.sourceTypeId]));
    if (input.sourceTypeId !== null && !(await first(tx, 'SELECT 1 FROM source_type WHERE id = $1', [input.sourceTypeId]))) {
      throw validationFailed(OBJECT, [{ objectName: OBJECT, field: 'sourceType.id', message: `NotFound: no source type with id ${input.sourceTypeId}` }]);
    }
    if (input.id !== null && !(await first(tx, 'SELECT 1 FROM source_data WHERE id = $1', [input.id]))) throw notFoundVm();
    await assertNameFree(tx, input.sourceDataName, input.id);
    let id = input.id;
    if (id === null) id = await insertSourceData(tx, input, input.sourceTypeId);
    else if (!(await updateSourceData(tx, id, input, input.sourceTypeId))) throw notFoundVm();
    const saved = (await loadSourceData(tx, 'sd.id = $1', id))!;
    await recordRevision(tx, authorOf(principal), [{ kind: 'sourcedata', id, key: input.sourceDataName, type: isNew ? 'ADD' : 'MOD', snapshot: saved }]);
    return saved;
  }, { unique: () => sourceDataNameTaken(input.sourceDataName) });
  const alert = entityAlert('sourceData', isNew ? 'created' : 'updated', input.sourceDataName);
  if (!isNew) return ok(dto, alert);
  return created(dto, `${ctx.app.config.basePath}/api/source-data/${encodeURIComponent(input.sourceDataName)}`, alert);
}

export const sourceDataRoutes: RouteEntry[] = [
  route<undefined, undefined, undefined, Pageable>({
    method: 'GET', path: '/api/source-data', access: scope('SOURCEDATA.READ'),
    parseQuery: (query) => parsePageable(query, { defaultSize: 2000, sortable: SORTABLE }),
    query: doc.pageable(2000, Object.keys(SORTABLE)),
    handler: async ({ ctx, query: pageable }) => {
      const params: unknown[] = [];
      const rows = await ctx.app.db.query<SourceDataWithTypeRow>(
        `SELECT ${SOURCE_DATA_WITH_TYPE_COLUMNS} FROM source_data sd LEFT JOIN source_type st ON st.id = sd.source_type_id
          ${orderByClause(pageable, 'sd.id')} ${limitClause(pageable, params)}`,
        params,
      );
      const [{ total }] = await ctx.app.db.query<{ total: number }>('SELECT count(*)::int AS total FROM source_data');
      return ok(rows.map(sourceDataWithType), pagingHeaders('/api/source-data', pageable, total));
    },
    doc: { tag: TAG, summary: 'List source data', success: doc.paged('SourceDataDTO', 'One page, each with its minimal source type') },
  }),

  route({
    method: 'POST', path: '/api/source-data', access: scope('SOURCEDATA.CREATE'), body: SOURCE_DATA_BODY,
    handler: ({ ctx, principal, body }) => {
      const input = toSourceDataInput(body);
      if (input.id !== null) throw failureAlert(400, 'idexists', 'sourceData');
      return save(ctx, principal, input);
    },
    doc: {
      tag: TAG, summary: 'Create source data', description: 'Needs sourceDataType or topic.',
      success: doc.created(ref('SourceDataDTO'), 'Created; alert managementPortalApp.sourceData.created'),
      errors: { 400: 'Field errors, or idexists', 409: 'error.sourceDataNameAvailable' },
    },
  }),

  route({
    method: 'PUT', path: '/api/source-data', access: scope('SOURCEDATA.UPDATE'), body: SOURCE_DATA_BODY,
    handler: ({ ctx, principal, body }) => {
      const input = toSourceDataInput(body);
      // As the original: an update without id is a create, with the create's permission too.
      if (input.id === null) requireTokenAccess(principal, 'SOURCEDATA.CREATE');
      return save(ctx, principal, input);
    },
    doc: {
      tag: TAG, summary: 'Update source data', description: 'Without id it creates (and needs SOURCEDATA.CREATE).',
      success: doc.ok(ref('SourceDataDTO'), 'Saved', ['alert']),
      errors: {
        400: 'Field errors', 403: 'error.accessDenied: a project using the row\'s source type (or the one it is given) is outside the caller\'s scope, '
          + 'or no project uses it and the caller is project staff',
        404: 'No such source data', 409: 'error.sourceDataNameAvailable',
      },
    },
  }),

  route({
    method: 'GET', path: '/api/source-data/:name', access: scope('SOURCEDATA.READ'),
    handler: async ({ ctx, params }) => {
      const dto = await loadSourceData(ctx.app.db, 'sd.source_data_name = $1', params.name);
      if (!dto) throw notFoundVm();
      return ok(dto);
    },
    doc: {
      tag: TAG, summary: 'One source data', pathParams: { name: 'The source data name' },
      success: doc.ok(ref('SourceDataDTO'), 'The source data'), errors: { 404: '404 NOT_FOUND' },
    },
  }),

  route({
    method: 'DELETE', path: '/api/source-data/:name', access: scope('SOURCEDATA.DELETE'),
    handler: async ({ ctx, principal, params }) => {
      const name = params.name;
      await writeTransaction(ctx, async (tx) => {
        await requireCatalogueScope(tx, principal, 'SOURCEDATA.DELETE', await touchedTypes(tx, 'SELECT source_type_id AS type_id FROM source_data WHERE source_data_name = $1', [name]));
        const dto = await loadSourceData(tx, 'sd.source_data_name = $1', name);
        if (!dto) throw new HttpError(404, undefined); // an empty 404, as the original
        await tx.query('DELETE FROM source_data WHERE id = $1', [dto.id]);
        await recordRevision(tx, authorOf(principal), [{ kind: 'sourcedata', id: dto.id!, key: name, type: 'DEL', snapshot: dto }]);
      });
      return ok(undefined, entityAlert('sourceData', 'deleted', name));
    },
    doc: {
      tag: TAG, summary: 'Delete source data',
      success: doc.ok(undefined, 'Deleted', ['alert']),
      errors: {
        403: 'error.accessDenied: a project using the row\'s source type is outside the caller\'s scope, or no project uses it and the caller is project staff',
        404: 'Empty body: no such source data',
      },
    },
  }),
];
