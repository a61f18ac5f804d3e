// GET api/users (docs/users.md): the filters, Spring paging, and the caller's scope. Every role condition looks only
// at roles the caller may see, so a scoped admin finds only users holding a role inside its organizations or
// projects, and the filters reveal nothing about roles elsewhere. Pure participants are never listed; users without
// any role only to a system admin (and only without an authority filter). As the scope follows the caller's roles, a
// bearer-token caller's page is read early (http/route.ts, EarlyRead) for the roles its token claims, its current
// roles carried by the count; the handler answers that page only when the current roles ask for the same statement.
import type { AuthToken } from '../../common/permission-check';
import { userAccessJsonSql } from '../auth/user-roles';
import { USER_ROLES_FROM } from '../auth/role-scope-join';
import type { Queryable } from '../db/database';
import { booleanParam } from '../http/query-params';
import { string } from '../../common/schema';
import { badRequest } from '../http/errors';
import { limitClause, orderByClause, parsePageable, type Pageable } from '../http/paging';
import type { QueryParam, SpeculativeRead } from '../http/route';
import * as doc from '../http/route-docs';
import { USER_COLUMNS, type UserRow } from './user-dto';
import { USER_ROLES_JSON } from './user-roles';
import { coversEverything, visibleRoleSql } from './user-scope';

export const USER_SORTABLE: Readonly<Record<string, string>> = {
  id: 'u.id',
  login: 'u.login',
  email: 'u.email',
  firstName: 'u.first_name',
  lastName: 'u.last_name',
  activated: 'u.activated',
  langKey: 'u.lang_key',
  createdBy: 'u.created_by',
  createdDate: 'u.created_date',
  lastModifiedBy: 'u.last_modified_by',
  lastModifiedDate: 'u.last_modified_date',
};

/** The query parameters of the list; any other is a 400. */
export const USER_LIST_PARAMS: Record<string, QueryParam> = {
  ...doc.pageable(2000, Object.keys(USER_SORTABLE)),
  login: doc.param(string(), 'Contains, ignoring case'),
  email: doc.param(string(), 'Contains, ignoring case'),
  authority: doc.param(string(), 'Contains, ignoring case, e.g. admin'),
  projectName: doc.param(string(), 'Users with a role on a project whose name contains this'),
  organization: doc.param(string(), 'Used without projectName: users with a role on a matching organization'),
  includeUpperLevels: doc.flag('With projectName or organization: also organization admins above and system admins', false),
  includeProvenance: doc.flag('false leaves created/lastModified fields null (faster)', true),
};

/** What the query asks for, before the caller's scope is applied. */
export interface UserListCriteria {
  pageable: Pageable;
  includeProvenance: boolean;
  includeUpperLevels: boolean;
  login?: string;
  email?: string;
  authority?: string;
  projectName?: string;
  organization?: string;
}

export interface UserListQuery {
  pageable: Pageable;
  includeProvenance: boolean;
  /** WHERE clause over `radar_user u` and its parameters (the count and the page share them). */
  where: string;
  params: unknown[];
  /** Tells two queries of one request apart (the caller's scope is all that differs). */
  key: string;
}

/** Reads the query strictly: an unknown parameter, a bad boolean, page, size or sort is a 400. */
export function parseUserListQuery(query: URLSearchParams): UserListCriteria {
  const unknown = [...new Set(query.keys())].filter((k) => !Object.hasOwn(USER_LIST_PARAMS, k));
  if (unknown.length) throw badRequest(`Unknown parameter ${unknown.join(', ')}`);
  const pageable = parsePageable(query, { defaultSize: 2000, sortable: USER_SORTABLE });
  const includeProvenance = booleanParam(query, 'includeProvenance', true);
  const includeUpperLevels = booleanParam(query, 'includeUpperLevels', false);
  const text = (name: string) => query.get(name)?.trim() || undefined;
  return {
    pageable, includeProvenance, includeUpperLevels,
    login: text('login'), email: text('email'), authority: text('authority'), projectName: text('projectName'), organization: text('organization'),
  };
}

/** `%value%` for LIKE with the wildcards of the value itself escaped. */
const contains = (value: string) => `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function userListQuery(c: UserListCriteria, token: AuthToken): UserListQuery {
  const { pageable, includeProvenance, includeUpperLevels: upper, authority, projectName, organization, login, email } = c;
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const visible = visibleRoleSql(token, 'USER.READ', params);
  const staff = `r.authority_name NOT IN ('ROLE_PARTICIPANT', 'ROLE_INACTIVE_PARTICIPANT')`;
  const authorityCondition = authority ? ` AND lower(r.authority_name) LIKE ${param(contains(authority))} ESCAPE '\\'` : '';
  // A visible staff role of the user, matching the authority filter, and `extra`.
  const hasRole = (extra: string) =>
    `EXISTS (SELECT 1 ${USER_ROLES_FROM}
      WHERE ru.user_id = u.id AND ${staff} AND ${visible}${authorityCondition}${extra})`;
  const globalRole = `r.project_id IS NULL AND r.organization_id IS NULL`;
  const conditions: string[] = [];
  if (projectName) {
    const like = param(contains(projectName));
    const options = [hasRole(` AND lower(p.project_name) LIKE ${like} ESCAPE '\\'`)];
    if (upper) {
      options.push(
        hasRole(` AND EXISTS (SELECT 1 FROM project op WHERE op.organization_id = r.organization_id
                               AND lower(op.project_name) LIKE ${like} ESCAPE '\\')`),
        hasRole(` AND ${globalRole}`),
      );
    }
    conditions.push(`(${options.join(' OR ')})`);
  } else if (organization) {
    const options = [hasRole(` AND lower(o.name) LIKE ${param(contains(organization))} ESCAPE '\\'`)];
    if (upper) options.push(hasRole(` AND ${globalRole}`));
    conditions.push(`(${options.join(' OR ')})`);
  } else if (authority || !coversEverything(token, 'USER.READ')) {
    conditions.push(hasRole(''));
  } else {
    // Everything in view, unfiltered: the staff and the users without roles, among the rows of listed_user (migration
    // 058), which holds them all and perhaps a few users since given a participant role; never a test of every user,
    // which would cost as much as there are participants. The ids are gathered first and each user read by its primary
    // key: as `u.id IN (SELECT ...)` the planner, not knowing how few rows listed_user keeps, hashed a sequential scan
    // of every user, count and page alike. Each row is tested as user_is_listed() does, written out: PostgreSQL
    // cannot inline a SQL function whose body holds a subquery, so calling it ran (and planned) the function's query
    // for every row of the page and of the count. As one aggregate over the user's roles (NULL without roles), not
    // NOT EXISTS ... OR EXISTS ..., which the planner answered with hashes of every role membership, participants'
    // included.
    conditions.push(`u.id = ANY(ARRAY(SELECT lu.user_id FROM listed_user lu
      WHERE (SELECT bool_or(${staff}) FROM role_users ru JOIN radar_role r ON r.id = ru.role_id WHERE ru.user_id = lu.user_id) IS NOT FALSE))`);
  }
  if (login) conditions.push(`lower(u.login) LIKE ${param(contains(login))} ESCAPE '\\'`);
  if (email) conditions.push(`lower(u.email) LIKE ${param(contains(email))} ESCAPE '\\'`);
  const where = conditions.join(' AND ');
  return { pageable, includeProvenance, where, params, key: JSON.stringify([where, params]) };
}

/** A page of the list as read for the query `key` names: the count, and the users with their roles. */
export interface UserListPage {
  key: string;
  total: number;
  rows: (UserRow & { roles: unknown })[];
}

/**
 * The count and the page, each user with its roles, sent together: one round trip. Given `callerLogin`, the count also
 * selects that user's access (userAccessJsonSql) as `caller`.
 */
export async function readUserList(db: Queryable, q: UserListQuery, callerLogin?: string): Promise<SpeculativeRead<UserListPage>> {
  const countParams = [...q.params];
  const caller = callerLogin === undefined ? 'NULL' : userAccessJsonSql(`$${countParams.push(callerLogin)}::text`);
  const page = userPageSql(q, `${USER_COLUMNS}, ${USER_ROLES_JSON} AS roles`);
  const [[counted], rows] = await Promise.all([
    db.query<{ total: number; caller: unknown }>(`SELECT count(*)::int AS total, ${caller} AS caller FROM radar_user u WHERE ${q.where}`, countParams),
    db.query<UserRow & { roles: unknown }>(page.sql, page.params),
  ]);
  return { value: { key: q.key, total: counted.total, rows }, caller: counted.caller ?? undefined };
}

/** The page's SQL and parameters (ORDER BY the requested sort, then id). */
export function userPageSql(q: UserListQuery, columns: string): { sql: string; params: unknown[] } {
  const params = [...q.params];
  const sql = `SELECT ${columns} FROM radar_user u WHERE ${q.where} ${orderByClause(q.pageable, 'u.id')} ${limitClause(q.pageable, params)}`;
  return { sql, params };
}
