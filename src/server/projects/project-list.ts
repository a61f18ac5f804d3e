// GET api/projects (docs/projects.md): one page of the projects in the caller's scope, full or minimal DTOs. The scope
// follows the caller's roles, so a bearer-token caller's page is read early (http/route.ts, EarlyRead) for the roles
// its token claims, in the same round trip as (and with the count carrying) its current roles; the handler answers
// that page only when the current roles ask for the very same statement, and reads again otherwise.
import type { MinimalProjectDetailsDTO } from '../../common/dto';
import { referentsByScope, type AuthToken } from '../../common/permission-check';
import { userAccessJsonSql } from '../auth/user-roles';
import type { Queryable } from '../db/database';
import { ok, type Reply } from '../http/context';
import { limitClause, orderByClause, pagingHeaders, parsePageable, type Pageable } from '../http/paging';
import type { SpeculativeRead } from '../http/route';
import { PROJECT_SELECT, projectDtosOf, type ProjectRow } from './project-dto';

export const PROJECT_SORTABLE: Readonly<Record<string, string>> = {
  id: 'p.id',
  projectName: 'p.project_name',
  description: 'p.description',
  location: 'p.location',
  startDate: 'p.start_date',
  endDate: 'p.end_date',
  projectStatus: 'p.project_status',
  organizationName: 'o.name',
  'organization.name': 'o.name',
};

const IN_SCOPE = '($1::boolean OR o.name = ANY($2::text[]) OR p.project_name = ANY($3::text[]))';

/** The page a caller's roles ask for; `key` tells two plans of one request apart (their scope is all that differs). */
export interface ProjectListPlan {
  pageable: Pageable;
  minimized: boolean;
  /** The scope's parameters ($1 to $3 of IN_SCOPE). */
  scope: unknown[];
  key: string;
}

/** The page `query` asks for within the scope of `token`'s roles; a bad page, size or sort is a 400. */
export function projectListPlan(query: URLSearchParams, minimized: boolean, token: AuthToken): ProjectListPlan {
  const pageable = parsePageable(query, { defaultSize: 2000, sortable: PROJECT_SORTABLE });
  const within = referentsByScope(token, 'PROJECT.READ');
  const scope: unknown[] = [within.global, within.organizations, within.projects];
  return { pageable, minimized, scope, key: JSON.stringify(scope) };
}

export interface ProjectListPage {
  /** The plan's key: which scope this page was read for. */
  key: string;
  reply: Reply;
}

/**
 * The plan's count and page (full form: each project with its attributes, groups and source types), sent together:
 * one round trip. Given `callerLogin`, the count also selects that user's access (userAccessJsonSql) as `caller`.
 */
export async function readProjectList(db: Queryable, plan: ProjectListPlan, timeoutMs: number | undefined, callerLogin?: string): Promise<SpeculativeRead<ProjectListPage>> {
  const { pageable, scope } = plan;
  const caller = callerLogin === undefined ? 'NULL' : userAccessJsonSql('$4::text');
  const counted = db.query<{ total: number; caller: unknown }>(
    `SELECT count(*)::int AS total, ${caller} AS caller FROM project p JOIN radar_organization o ON o.id = p.organization_id WHERE ${IN_SCOPE}`,
    callerLogin === undefined ? scope : [...scope, callerLogin],
  );
  const params = [...scope];
  const tail = `WHERE ${IN_SCOPE} ${orderByClause(pageable, 'p.id')} ${limitClause(pageable, params)}`;
  const sql = `${PROJECT_SELECT} ${tail}`;
  const answer = (total: number, body: unknown, callerValue: unknown): SpeculativeRead<ProjectListPage> =>
    ({ value: { key: plan.key, reply: ok(body, pagingHeaders('/api/projects', pageable, total)) }, caller: callerValue ?? undefined });
  if (plan.minimized) {
    const [[{ total, caller: callerValue }], rows] = await Promise.all([counted, db.query<ProjectRow>(sql, params)]);
    return answer(total, rows.map((r): MinimalProjectDetailsDTO => ({ id: r.id, projectName: r.project_name })), callerValue);
  }
  const [[{ total, caller: callerValue }], dtos] = await Promise.all([counted, projectDtosOf(db, tail, params, 'full', timeoutMs)]);
  return answer(total, dtos, callerValue);
}
