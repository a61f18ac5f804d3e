// Source types, read side (api.md §5.11): the list every signed-in staff member's client loads, and one type by its
// (producer, model, catalogVersion). Source types are not scoped to a project, so holding the scope is enough
// (the original's global check made the list system-admin-only by accident). Writes come with the source-type issue.
import { ok } from '../http/context';
import { apiError } from '../http/errors';
import { limitClause, orderByClause, pagingHeaders, parsePageable } from '../http/paging';
import { Router } from '../http/router';
import { requireScope } from '../auth/guards';
import { fullSourceTypes, SOURCE_TYPE_COLUMNS, type SourceTypeRow } from '../source-types/source-type-dto';

const SORTABLE = { id: 'id', producer: 'producer', model: 'model', catalogVersion: 'catalog_version', sourceTypeScope: 'source_type_scope' };

export function sourceTypeRoutes(): Router {
  return new Router()
    .get('/api/source-types', async (ctx) => {
      await requireScope(ctx, 'SOURCETYPE.READ');
      const pageable = parsePageable(ctx.query, { defaultSize: 2000, sortable: SORTABLE });
      const params: unknown[] = [];
      const rows = await ctx.app.db.query<SourceTypeRow>(
        `SELECT ${SOURCE_TYPE_COLUMNS} FROM source_type ${orderByClause(pageable, 'id')} ${limitClause(pageable, params)}`,
        params,
      );
      const [{ total }] = await ctx.app.db.query<{ total: number }>('SELECT count(*) AS total FROM source_type');
      return ok(await fullSourceTypes(ctx.app.db, rows), pagingHeaders('/api/source-types', pageable, total));
    })
    .get('/api/source-types/:producer/:model/:version', async (ctx) => {
      await requireScope(ctx, 'SOURCETYPE.READ');
      const { producer, model, version } = ctx.params;
      const rows = await ctx.app.db.query<SourceTypeRow>(
        `SELECT ${SOURCE_TYPE_COLUMNS} FROM source_type WHERE producer = $1 AND model = $2 AND catalog_version = $3`,
        [producer, model, version],
      );
      if (!rows.length) {
        throw apiError(404, 'error.sourceTypeNotFound', 'sourceType', `Source type ${producer} ${model} ${version} not found`, {
          'producer-model-version': `${producer}-${model}-${version}`,
        });
      }
      const [dto] = await fullSourceTypes(ctx.app.db, rows);
      return ok(dto);
    });
}
