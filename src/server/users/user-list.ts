// GET api/users (api.md §5.4): the contract's filters, Spring paging, and the caller's scope. Every role condition
// looks only at roles the caller may see, so a scoped admin finds only users holding a role inside its
// organizations or projects, and the filters reveal nothing about roles elsewhere. Pure participants are never
// listed; users without any role only to a system admin (and only without an authority filter).
import type { AuthToken } from '../../common/permission-check';
import { badRequest } from '../http/errors';
import { limitClause, orderByClause, parsePageable, type Pageable } from '../http/paging';
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

const KNOWN_PARAMS = new Set([
  'page', 'size', 'sort', 'login', 'email', 'authority', 'projectName', 'organization', 'includeUpperLevels', 'includeProvenance',
]);

export interface UserListQuery {
  pageable: Pageable;
  includeProvenance: boolean;
  /** WHERE clause over `radar_user u` and its parameters (the count and the page share them). */
  where: string;
  params: unknown[];
}

function booleanParam(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw badRequest(`${name}: must be true or false`);
}

/** `%value%` for LIKE with the wildcards of the value itself escaped. */
const contains = (value: string) => `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function userListQuery(query: URLSearchParams, token: AuthToken): UserListQuery {
  const unknown = [...new Set(query.keys())].filter((k) => !KNOWN_PARAMS.has(k));
  if (unknown.length) throw badRequest(`Unknown parameter ${unknown.join(', ')}`);
  const pageable = parsePageable(query, { defaultSize: 2000, sortable: USER_SORTABLE });
  const includeProvenance = booleanParam(query, 'includeProvenance', true);
  const upper = booleanParam(query, 'includeUpperLevels', false);
  const text = (name: string) => query.get(name)?.trim() || undefined;
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const visible = visibleRoleSql(token, 'USER.READ', params);
  const authority = text('authority');
  const staff = `r.authority_name NOT IN ('ROLE_PARTICIPANT', 'ROLE_INACTIVE_PARTICIPANT')`;
  const authorityCondition = authority ? ` AND lower(r.authority_name) LIKE ${param(contains(authority))} ESCAPE '\\'` : '';
  // A visible staff role of the user, matching the authority filter, and `extra`.
  const hasRole = (extra: string) =>
    `EXISTS (SELECT 1 FROM role_users ru JOIN radar_role r ON r.id = ru.role_id
       LEFT JOIN project p ON p.id = r.project_id
       LEFT JOIN radar_organization po ON po.id = p.organization_id
       LEFT JOIN radar_organization o ON o.id = r.organization_id
      WHERE ru.user_id = u.id AND ${staff} AND ${visible}${authorityCondition}${extra})`;
  const globalRole = `r.project_id IS NULL AND r.organization_id IS NULL`;
  const conditions: string[] = [];
  const projectName = text('projectName');
  const organization = text('organization');
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
    conditions.push(`(${hasRole('')} OR NOT EXISTS (SELECT 1 FROM role_users ru WHERE ru.user_id = u.id))`);
  }
  const login = text('login');
  const email = text('email');
  if (login) conditions.push(`lower(u.login) LIKE ${param(contains(login))} ESCAPE '\\'`);
  if (email) conditions.push(`lower(u.email) LIKE ${param(contains(email))} ESCAPE '\\'`);
  return { pageable, includeProvenance, where: conditions.join(' AND '), params };
}

/** The page's SQL and parameters (ORDER BY the requested sort, then id). */
export function userPageSql(q: UserListQuery, columns: string): { sql: string; params: unknown[] } {
  const params = [...q.params];
  const sql = `SELECT ${columns} FROM radar_user u WHERE ${q.where} ${orderByClause(q.pageable, 'u.id')} ${limitClause(q.pageable, params)}`;
  return { sql, params };
}
