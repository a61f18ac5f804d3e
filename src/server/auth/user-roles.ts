// A user's roles as the permission check sees them: authority plus referent (project or organization name), and for
// project roles the organization of that project.
import { jsonColumn, type Queryable } from '../db/database';
import { USER_ROLES_FROM } from './role-scope-join';
import type { TokenRole } from '../../common/permission-check';
import { REVOKED_CLIENTS_JSON, revokedClientsOf, type RevokedClients } from './client-revocation';

interface RoleJson {
  authority: string;
  project: string | null;
  projectOrg: string | null;
  org: string | null;
}

/** The roles of the user `u` as one JSON array (a correlated subquery, so a principal costs one statement). */
const ROLES_JSON = `(SELECT coalesce(json_agg(json_build_object('authority', r.authority_name, 'project', p.project_name,
        'projectOrg', po.name, 'org', o.name) ORDER BY r.authority_name, p.project_name, o.name), '[]'::json)
     ${USER_ROLES_FROM}
    WHERE ru.user_id = u.id)`;

const SOURCES_JSON = `(SELECT coalesce(json_agg(s.source_id::text ORDER BY s.id), '[]'::json)
     FROM radar_source s JOIN subject su ON su.id = s.subject_id
    WHERE su.user_id = u.id AND s.assigned AND NOT s.deleted)`;

const toTokenRoles = (roles: RoleJson[]): TokenRole[] =>
  roles.map((r) => ({ authority: r.authority, referent: r.project ?? r.org ?? undefined, projectOrganization: r.projectOrg ?? undefined }));

export interface UserAccess {
  id: number;
  login: string;
  activated: boolean;
  roles: TokenRole[];
  sources: string[];
  /** The whole second of the user's last credentials change (auth/credentials.ts); undefined when never changed. */
  credentialsChanged?: number;
  /** Recently deleted OAuth clients, read with the user for the token check (client-revocation.ts). */
  revokedClients?: RevokedClients;
}

/** The user `u`'s credentials_changed_at as whole epoch seconds (NULL when never changed). */
const CREDENTIALS_CHANGED = 'floor(extract(epoch FROM u.credentials_changed_at))::float8';

/** A user with its roles and assigned sources in one statement (every authenticated request needs them). */
export async function loadUserAccess(db: Queryable, by: { login: string } | { id: number }): Promise<UserAccess | undefined> {
  const [row] = await db.query<{
    id: number; login: string; activated: boolean; roles: RoleJson[]; sources: string[]; credentialsChanged: number | null; revokedClients: unknown;
  }>(
    `SELECT u.id, u.login, u.activated, ${USER_ROLES_AND_SOURCES_COLUMNS}, ${CREDENTIALS_CHANGED} AS "credentialsChanged",
            ${REVOKED_CLIENTS_JSON} AS "revokedClients"
       FROM radar_user u WHERE ${'login' in by ? 'u.login = $1' : 'u.id = $1'}`,
    ['login' in by ? by.login : by.id],
  );
  return row && accessOf(row);
}

/** Select-list columns `roles` and `sources` of the user aliased `u` in the caller's statement (see accessOf). */
export const USER_ROLES_AND_SOURCES_COLUMNS = `${ROLES_JSON} AS roles, ${SOURCES_JSON} AS sources`;

/** The UserAccess of a row holding USER_ROLES_AND_SOURCES_COLUMNS (and, for token checks, `credentialsChanged` and
 * `revokedClients`). */
export function accessOf(row: {
  id: number; login: string; activated: boolean; roles: unknown; sources: unknown; credentialsChanged?: unknown; revokedClients?: unknown;
}): UserAccess {
  const access: UserAccess = {
    id: Number(row.id), login: row.login, activated: row.activated, roles: toTokenRoles(row.roles as RoleJson[]), sources: row.sources as string[],
  };
  if (row.credentialsChanged !== null && row.credentialsChanged !== undefined) access.credentialsChanged = Number(row.credentialsChanged);
  if (row.revokedClients !== null && row.revokedClients !== undefined) access.revokedClients = revokedClientsOf(row.revokedClients);
  return access;
}

/**
 * The user whose login is `loginSql` (a placeholder such as `$3::text`) as one JSON value, or NULL: a scalar
 * subquery that a request's data statement can carry, so the caller loads in the same round trip as the data.
 */
export function userAccessJsonSql(loginSql: string): string {
  return `(SELECT json_build_object('id', u.id, 'login', u.login, 'activated', u.activated, 'roles', ${ROLES_JSON},
      'sources', ${SOURCES_JSON}, 'credentialsChanged', ${CREDENTIALS_CHANGED}, 'revokedClients', ${REVOKED_CLIENTS_JSON})
      FROM radar_user u WHERE u.login = ${loginSql})`;
}

/** The UserAccess of a userAccessJsonSql value (undefined for NULL: no such user). */
export function userAccessFromJson(json: unknown): UserAccess | undefined {
  if (json === null || json === undefined) return undefined;
  return accessOf(jsonColumn(json as Parameters<typeof accessOf>[0] | string));
}

/** The `roles` claim form: "project:ROLE_X", "org:ROLE_ORGANIZATION_ADMIN", or "ROLE_SYS_ADMIN". */
export function roleClaims(roles: TokenRole[]): string[] {
  return roles.map((r) => (r.referent ? `${r.referent}:${r.authority}` : r.authority));
}

/** The roles of a `roles` claim (the inverse of roleClaims; the referent is what precedes the last colon). */
export function parseRoleClaims(claims: string[]): TokenRole[] {
  return claims.map((claim) => {
    const colon = claim.lastIndexOf(':');
    return colon < 0 ? { authority: claim } : { authority: claim.slice(colon + 1), referent: claim.slice(0, colon) };
  });
}
