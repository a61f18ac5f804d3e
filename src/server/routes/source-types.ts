// api/source-types (api.md §5.11). Source types are not scoped to a project, so holding the scope through a role of
// the matrix is enough (the original's global checks made these system-admin-only by accident, §9.14): every staff
// member's client loads the list; project admins may create types, organization admins update and delete them.
import { requireScope } from '../auth/guards';
import type { Principal } from '../auth/principal';
import { created, ok, type RequestContext } from '../http/context';
import { limitClause, orderByClause, pagingHeaders, parsePageable } from '../http/paging';
import { Router } from '../http/router';
import { reducedSourceType } from '../projects/source-type-summary';
import { catalogueAlert, idExists } from '../source-types/catalogue-alerts';
import { deleteSourceType } from '../source-types/source-type-delete';
import { fullSourceTypes, SOURCE_TYPE_COLUMNS, type SourceTypeRow } from '../source-types/source-type-dto';
import { readSourceTypeInput, type SourceTypeInput } from '../source-types/source-type-input';
import { saveSourceType } from '../source-types/source-type-save';
import { loadSourceTypeRow, sourceTypeNotFound, typeLabel } from '../source-types/source-type-store';

const SORTABLE = { id: 'id', producer: 'producer', model: 'model', catalogVersion: 'catalog_version', sourceTypeScope: 'source_type_scope' };

async function list(ctx: RequestContext) {
  await requireScope(ctx, 'SOURCETYPE.READ');
  const pageable = parsePageable(ctx.query, { defaultSize: 2000, sortable: SORTABLE });
  const params: unknown[] = [];
  const rows = await ctx.app.db.query<SourceTypeRow>(
    `SELECT ${SOURCE_TYPE_COLUMNS} FROM source_type ${orderByClause(pageable, 'id')} ${limitClause(pageable, params)}`,
    params,
  );
  const [{ total }] = await ctx.app.db.query<{ total: number }>('SELECT count(*) AS total FROM source_type');
  return ok(await fullSourceTypes(ctx.app.db, rows), pagingHeaders('/api/source-types', pageable, total));
}

/** The reduced form of every version of a producer's types, or of one model's versions. */
async function reducedList(ctx: RequestContext) {
  await requireScope(ctx, 'SOURCETYPE.READ');
  const { producer, model } = ctx.params;
  const rows = await ctx.app.db.query<SourceTypeRow>(
    `SELECT ${SOURCE_TYPE_COLUMNS} FROM source_type WHERE producer = $1 AND ($2::text IS NULL OR model = $2) ORDER BY id`,
    [producer, model ?? null],
  );
  return ok(rows.map(reducedSourceType));
}

async function getOne(ctx: RequestContext) {
  await requireScope(ctx, 'SOURCETYPE.READ');
  const key = { producer: ctx.params.producer, model: ctx.params.model, catalogVersion: ctx.params.version };
  const row = await loadSourceTypeRow(ctx.app.db, key);
  if (!row) throw sourceTypeNotFound(key);
  return ok((await fullSourceTypes(ctx.app.db, [row]))[0]);
}

async function insert(ctx: RequestContext, principal: Principal, input: SourceTypeInput) {
  const dto = await saveSourceType(ctx, principal, input);
  const path = [dto.producer, dto.model, dto.catalogVersion].map(encodeURIComponent).join('/');
  return created(dto, `${ctx.app.config.basePath}/api/source-types/${path}`, catalogueAlert('sourceType', 'created', typeLabel(dto)));
}

async function create(ctx: RequestContext) {
  const principal = await requireScope(ctx, 'SOURCETYPE.CREATE');
  const input = readSourceTypeInput(await ctx.json());
  if (input.id !== null) throw idExists('sourceType');
  return insert(ctx, principal, input);
}

async function update(ctx: RequestContext) {
  const principal = await requireScope(ctx, 'SOURCETYPE.UPDATE');
  const input = readSourceTypeInput(await ctx.json());
  // As the original: an update without id is a create, with the create's permission too.
  if (input.id === null) return insert(ctx, await requireScope(ctx, 'SOURCETYPE.CREATE'), input);
  const dto = await saveSourceType(ctx, principal, input);
  return ok(dto, catalogueAlert('sourceType', 'updated', typeLabel(dto)));
}

async function remove(ctx: RequestContext) {
  const principal = await requireScope(ctx, 'SOURCETYPE.DELETE');
  const key = { producer: ctx.params.producer, model: ctx.params.model, catalogVersion: ctx.params.version };
  await deleteSourceType(ctx, principal, key);
  return ok(undefined, catalogueAlert('sourceType', 'deleted', typeLabel(key)));
}

export function sourceTypeRoutes(): Router {
  return new Router()
    .get('/api/source-types', list)
    .post('/api/source-types', create)
    .put('/api/source-types', update)
    .get('/api/source-types/:producer', reducedList)
    .get('/api/source-types/:producer/:model', reducedList)
    .get('/api/source-types/:producer/:model/:version', getOne)
    .delete('/api/source-types/:producer/:model/:version', remove);
}
