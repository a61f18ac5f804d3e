// The source lists (docs/subjects.md): GET api/sources and GET api/projects/{p}/sources. The general list is filtered
// to the caller's SOURCE.READ scope (ManagementPortal made it system-admin-only by accident): system admins see every
// source, organization admins those of their organizations' projects, project staff those of their projects.
// Deleted-flagged sources are never listed.
import { booleanParam } from '../http/query-params';
import { referentsByScope } from '../../common/permission-check';
import type { Principal } from '../auth/principal';
import { first } from '../db/database';
import { ok, type RequestContext } from '../http/context';
import { projectNotFound } from '../http/not-found';
import { encodeSegment, limitClause, orderByClause, pagingHeaders, parsePageable, type Pageable } from '../http/paging';
import { SOURCE_SELECT, toMinimalSource, toSourceDTO, type SourceRow } from './source-dto';

/** Sortable properties of both lists → SQL. */
export const SOURCE_SORT: Readonly<Record<string, string>> = {
  id: 'rs.id',
  sourceId: 'rs.source_id',
  sourceName: 'rs.source_name',
  expectedSourceName: 'rs.expected_source_name',
  assigned: 'rs.assigned',
  subjectLogin: 's.login',
  'sourceType.id': 'st.id',
  'sourceType.producer': 'st.producer',
  'sourceType.model': 'st.model',
  'sourceType.catalogVersion': 'st.catalog_version',
  'project.id': 'p.id',
  'project.projectName': 'p.project_name',
};

const COUNT_FROM = 'FROM radar_source rs LEFT JOIN project p ON p.id = rs.project_id';
const IN_SCOPE = `NOT rs.deleted AND ($1::boolean OR p.project_name = ANY($3::text[])
  OR p.organization_id IN (SELECT o.id FROM radar_organization o WHERE o.name = ANY($2::text[])))`;

export const parseSourcesQuery = (query: URLSearchParams): Pageable => parsePageable(query, { defaultSize: 2000, sortable: SOURCE_SORT });

export async function listSources(ctx: RequestContext, principal: Principal, pageable: Pageable) {
  const scope = referentsByScope(principal.token, 'SOURCE.READ');
  const params: unknown[] = [scope.global, scope.organizations, scope.projects];
  const [{ total }] = await ctx.app.db.query<{ total: number }>(`SELECT count(*)::int AS total ${COUNT_FROM} WHERE ${IN_SCOPE}`, params);
  const rows = await ctx.app.db.query<SourceRow>(
    `${SOURCE_SELECT} WHERE ${IN_SCOPE} ${orderByClause(pageable, 'rs.id')} ${limitClause(pageable, params)}`,
    params,
  );
  return ok(rows.map((r) => toSourceDTO(r)), pagingHeaders('/api/sources', pageable, total));
}

/** With `assigned`: every (un)assigned source, not paged; without: a page. */
export type ProjectSourcesQuery = { minimized: boolean } & ({ assigned: boolean } | { pageable: Pageable });

export function parseProjectSourcesQuery(query: URLSearchParams): ProjectSourcesQuery {
  const assignedRaw = query.get('assigned');
  const assigned = assignedRaw === null || assignedRaw === '' ? undefined : booleanParam(query, 'assigned', false);
  const minimized = booleanParam(query, 'minimized', false);
  if (assigned !== undefined) return { assigned, minimized };
  return { minimized, pageable: parsePageable(query, { defaultSize: 20, sortable: SOURCE_SORT }) };
}

/** `assigned` given: every matching source, unpaged; otherwise a page (default 20). `minimized` picks the DTO. */
export async function listProjectSources(ctx: RequestContext, name: string, query: ProjectSourcesQuery) {
  const project = await first<{ id: number }>(ctx.app.db, 'SELECT id FROM project WHERE project_name = $1', [name]);
  if (!project) throw projectNotFound(name);
  const toDto = (r: SourceRow) => (query.minimized ? toMinimalSource(r) : toSourceDTO(r, false));
  if ('assigned' in query) {
    const rows = await ctx.app.db.query<SourceRow>(
      `${SOURCE_SELECT} WHERE rs.project_id = $1 AND NOT rs.deleted AND rs.assigned = $2 ORDER BY rs.id`,
      [project.id, query.assigned],
    );
    return ok(rows.map(toDto));
  }
  const { pageable } = query;
  const params: unknown[] = [project.id];
  const [{ total }] = await ctx.app.db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM radar_source WHERE project_id = $1 AND NOT deleted',
    params,
  );
  const rows = await ctx.app.db.query<SourceRow>(
    `${SOURCE_SELECT} WHERE rs.project_id = $1 AND NOT rs.deleted ${orderByClause(pageable, 'rs.id')} ${limitClause(pageable, params)}`,
    params,
  );
  return ok(rows.map(toDto), pagingHeaders(`/api/projects/${encodeSegment(name)}/sources`, pageable, total));
}
