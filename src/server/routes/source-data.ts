// api/source-data (api.md §5.12). Source data belongs to no project, so holding the scope through a role of the
// matrix is enough (the original's global checks made the writes system-admin-only by accident, §9.14). Every write
// runs in one transaction with its revision; a duplicate name is a 409, whoever wins a race.
import type { Principal } from '../auth/principal';
import { requireScope } from '../auth/guards';
import { first } from '../db/database';
import { created, ok, type RequestContext } from '../http/context';
import { HttpError, notFoundVm, validationFailed } from '../http/errors';
import { limitClause, orderByClause, pagingHeaders, parsePageable } from '../http/paging';
import { Router } from '../http/router';
import { writeTransaction } from '../db/write-transaction';
import { authorOf, recordRevision } from '../revisions/record';
import { catalogueAlert, idExists } from '../source-types/catalogue-alerts';
import { sourceDataErrors, toSourceDataInput, type SourceDataInput } from '../source-data/source-data-input';
import {
  assertNameFree, insertSourceData, loadSourceData, sourceDataNameTaken, sourceDataWithType, updateSourceData,
  SOURCE_DATA_WITH_TYPE_COLUMNS, type SourceDataWithTypeRow,
} from '../source-data/source-data-store';

const SORTABLE = {
  id: 'sd.id', sourceDataType: 'sd.source_data_type', sourceDataName: 'sd.source_data_name', processingState: 'sd.processing_state',
  keySchema: 'sd.key_schema', valueSchema: 'sd.value_schema', topic: 'sd.topic', frequency: 'sd.frequency', unit: 'sd.unit',
  enabled: 'sd.enabled', 'sourceType.id': 'sd.source_type_id', 'sourceType.producer': 'st.producer', 'sourceType.model': 'st.model',
};

async function list(ctx: RequestContext) {
  await requireScope(ctx, 'SOURCEDATA.READ');
  const pageable = parsePageable(ctx.query, { defaultSize: 2000, sortable: SORTABLE });
  const params: unknown[] = [];
  const rows = await ctx.app.db.query<SourceDataWithTypeRow>(
    `SELECT ${SOURCE_DATA_WITH_TYPE_COLUMNS} FROM source_data sd LEFT JOIN source_type st ON st.id = sd.source_type_id
      ${orderByClause(pageable, 'sd.id')} ${limitClause(pageable, params)}`,
    params,
  );
  const [{ total }] = await ctx.app.db.query<{ total: number }>('SELECT count(*)::int AS total FROM source_data');
  return ok(rows.map(sourceDataWithType), pagingHeaders('/api/source-data', pageable, total));
}

async function getOne(ctx: RequestContext) {
  await requireScope(ctx, 'SOURCEDATA.READ');
  const dto = await loadSourceData(ctx.app.db, 'sd.source_data_name = $1', ctx.params.name);
  if (!dto) throw notFoundVm();
  return ok(dto);
}

async function readBody(ctx: RequestContext): Promise<SourceDataInput> {
  const raw = await ctx.json();
  const errors = sourceDataErrors(raw);
  if (errors.length) throw validationFailed('sourceDataDTO', errors);
  return toSourceDataInput(raw);
}

async function save(ctx: RequestContext, principal: Principal, input: SourceDataInput) {
  const isNew = input.id === null;
  const dto = await writeTransaction(ctx, async (tx) => {
    if (input.sourceTypeId !== null && !(await first(tx, 'SELECT 1 FROM source_type WHERE id = $1', [input.sourceTypeId]))) {
      throw validationFailed('sourceDataDTO', [{ objectName: 'sourceDataDTO', field: 'sourceType.id', message: `NotFound: no source type with id ${input.sourceTypeId}` }]);
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
  const alert = catalogueAlert('sourceData', isNew ? 'created' : 'updated', input.sourceDataName);
  if (!isNew) return ok(dto, alert);
  return created(dto, `${ctx.app.config.basePath}/api/source-data/${encodeURIComponent(input.sourceDataName)}`, alert);
}

async function create(ctx: RequestContext) {
  const principal = await requireScope(ctx, 'SOURCEDATA.CREATE');
  const input = await readBody(ctx);
  if (input.id !== null) throw idExists('sourceData');
  return save(ctx, principal, input);
}

async function update(ctx: RequestContext) {
  const principal = await requireScope(ctx, 'SOURCEDATA.UPDATE');
  const input = await readBody(ctx);
  // As the original: an update without id is a create, with the create's permission too.
  if (input.id === null) await requireScope(ctx, 'SOURCEDATA.CREATE');
  return save(ctx, principal, input);
}

async function remove(ctx: RequestContext) {
  const principal = await requireScope(ctx, 'SOURCEDATA.DELETE');
  const name = ctx.params.name;
  await writeTransaction(ctx, async (tx) => {
    const dto = await loadSourceData(tx, 'sd.source_data_name = $1', name);
    if (!dto) throw new HttpError(404, undefined); // the contract's empty 404
    await tx.query('DELETE FROM source_data WHERE id = $1', [dto.id]);
    await recordRevision(tx, authorOf(principal), [{ kind: 'sourcedata', id: dto.id!, key: name, type: 'DEL', snapshot: dto }]);
  });
  return ok(undefined, catalogueAlert('sourceData', 'deleted', name));
}

export function sourceDataRoutes(): Router {
  return new Router()
    .get('/api/source-data', list)
    .post('/api/source-data', create)
    .put('/api/source-data', update)
    .get('/api/source-data/:name', getOne)
    .delete('/api/source-data/:name', remove);
}
