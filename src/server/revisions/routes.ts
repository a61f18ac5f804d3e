// Revisions, for system admins: the revisions page by page (sortable on id, timestamp and author) and one revision,
// each with all its changes grouped by type and entity kind. ManagementPortal fails (500) on every revision with
// changes; this is the shape it intends. docs/projects.md.
import { ref } from '../../common/schema';
import { ok } from '../http/context';
import { apiError, badRequest } from '../http/errors';
import { pagingHeaders, parsePageable } from '../http/paging';
import { route, SYS_ADMIN, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { findRevision, listRevisions, REVISION_SORT_COLUMNS } from './revision-info';
import type { RevisionInfoDTO } from '../../common/dto';
import { recordViews } from '../subjects/subject-views';

/** The subjects whose snapshots the revisions hold: reading them is a view of each (subjects/subject-views.ts). */
function subjectLogins(revisions: RevisionInfoDTO[]): string[] {
  const logins: string[] = [];
  for (const r of revisions) {
    for (const group of Object.values(r.changes)) {
      for (const snapshot of (group as Record<string, unknown[]>).subject ?? []) {
        const login = (snapshot as { login?: unknown } | null)?.login;
        if (typeof login === 'string') logins.push(login);
      }
    }
  }
  return logins;
}

export const revisionRoutes: RouteEntry[] = [
  route({
    method: 'GET', path: '/api/revisions', access: SYS_ADMIN, query: doc.pageable(2000, Object.keys(REVISION_SORT_COLUMNS)),
    handler: async ({ ctx, principal }) => {
      const pageable = parsePageable(ctx.query, { defaultSize: 2000, sortable: REVISION_SORT_COLUMNS, defaultSort: [{ property: 'id' }] });
      const { total, items } = await listRevisions(ctx.app.db, pageable);
      await recordViews(ctx.app.db, principal, subjectLogins(items));
      return ok(items, pagingHeaders('/api/revisions', pageable, total));
    },
    doc: { tag: 'Revisions', summary: 'List revisions', success: doc.paged('RevisionInfoDTO', 'One page, each with all its changes') },
  }),

  route({
    // Any segment matches, so that a non-number is a 400 rather than no route (404).
    method: 'GET', path: '/api/revisions/:id', access: SYS_ADMIN, patterns: { id: /^[^/]*$/ },
    handler: async ({ ctx, principal, params }) => {
      const raw = params.id;
      if (!/^\d{1,15}$/.test(raw)) throw badRequest(`id: must be a revision number, got "${raw}"`, 'revision');
      const revision = await findRevision(ctx.app.db, Number(raw));
      if (!revision) {
        throw apiError(404, 'error.revisionsNotFound', 'revision', `Revision not found with id ${raw}`, { 'revision-id': raw });
      }
      await recordViews(ctx.app.db, principal, subjectLogins([revision]));
      return ok(revision);
    },
    doc: {
      tag: 'Revisions', summary: 'One revision', pathParams: { id: 'Revision number' },
      success: doc.ok(ref('RevisionInfoDTO'), 'The revision with its changes'), errors: { 400: 'Not a revision number', 404: 'error.revisionsNotFound' },
    },
  }),
];
