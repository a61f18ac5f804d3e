// api/revisions (api.md §5.15, §4.17), system admins only: the revisions page by page (sortable on id, timestamp and
// author) and one revision, each with all its changes grouped by type and entity kind. The original failed (500)
// on every revision with changes (quirk 1); this is the intended shape.
import { requireSysAdmin } from '../auth/guards';
import { ok, type RequestContext } from '../http/context';
import { apiError, badRequest } from '../http/errors';
import { pagingHeaders, parsePageable } from '../http/paging';
import { Router } from '../http/router';
import { findRevision, listRevisions, REVISION_SORT_COLUMNS } from '../revisions/revision-info';

async function list(ctx: RequestContext) {
  await requireSysAdmin(ctx);
  const pageable = parsePageable(ctx.query, { defaultSize: 2000, sortable: REVISION_SORT_COLUMNS, defaultSort: [{ property: 'id' }] });
  const { total, items } = await listRevisions(ctx.app.db, pageable);
  return ok(items, pagingHeaders('/api/revisions', pageable, total));
}

async function one(ctx: RequestContext) {
  await requireSysAdmin(ctx);
  const raw = ctx.params.id;
  if (!/^\d{1,15}$/.test(raw)) throw badRequest(`id: must be a revision number, got "${raw}"`, 'revision');
  const revision = await findRevision(ctx.app.db, Number(raw));
  if (!revision) {
    throw apiError(404, 'error.revisionsNotFound', 'revision', `Revision not found with id ${raw}`, { 'revision-id': raw });
  }
  return ok(revision);
}

export function revisionRoutes(): Router {
  return new Router().get('/api/revisions', list).get('/api/revisions/:id', one, { id: /^[^/]*$/ });
}
