// The evaluation algorithm of docs/permissions.md (radar-auth's MPAuthorizationOracle). Pure functions over a token and
// entity details: the server fills the details (including organizations looked up from the database) and calls
// these; the client may call them too with the same data.
import { parseAuthority, type RoleAuthority } from './authorities';
import { ROLE_PERMISSIONS, permissionEntity, type Permission, type PermissionEntity } from './permission-matrix';

export interface TokenRole {
  /** Authority name, e.g. `ROLE_PROJECT_ADMIN`; unparsable names are ignored. */
  authority: string;
  /** Project name (PROJECT roles) or organization name (ORGANIZATION roles); absent for the GLOBAL role. */
  referent?: string;
  /**
   * For PROJECT roles: the organization the referent project belongs to. Lets a project role reach its own
   * organization when the entity names only the organization (the ORGANIZATION rule of docs/permissions.md). Filled by the server.
  */
  projectOrganization?: string;
}

export interface AuthToken {
  /** Granted scopes, `ENTITY.OPERATION`. */
  scopes: readonly string[];
  roles: readonly TokenRole[];
  /** `user_name` claim: the login of the user. */
  username?: string;
  /** `sub` claim: for participants the subject login. */
  sub?: string;
  /** Source ids (UUID strings) the subject may use. */
  sources?: readonly string[];
  clientCredentials: boolean;
}

/** What the permission is checked against; a field counts as set when it is neither undefined nor null. */
export interface EntityDetails {
  organization?: string | null;
  project?: string | null;
  /** The stored organization of `project`, filled from the database by the server. */
  projectOrganization?: string | null;
  subject?: string | null;
  user?: string | null;
  source?: string | null;
}

/** Filter for lists (docs/permissions.md, "Lists filtered by scope"). */
export interface ReferentsByScope {
  global: boolean;
  organizations: string[];
  /** Projects of non-personal PROJECT roles. */
  projects: string[];
  /** Projects of personal (participant) roles. */
  personalProjects: string[];
}

interface ParsedRole {
  role: RoleAuthority;
  referent?: string;
  projectOrganization?: string;
}

function parsedRoles(token: AuthToken): ParsedRole[] {
  const result: ParsedRole[] = [];
  for (const { authority, referent, projectOrganization } of token.roles) {
    const role = parseAuthority(authority);
    if (role) result.push({ role, referent, projectOrganization });
  }
  return result;
}

const has = (value: string | null | undefined): value is string => value !== undefined && value !== null;

const grants = (role: RoleAuthority, permission: Permission) => ROLE_PERMISSIONS.get(role.name)!.has(permission);

/**
 * The organization the entity lives in. The stored organization of the project wins over a caller-named one:
 * the server fills `projectOrganization` from the database, so a request body naming another organization
 * cannot move the check into a scope the caller administers. Without a project it is `organization`.
 */
export function organizationOf(entity: EntityDetails): string | undefined {
  if (has(entity.projectOrganization)) return entity.projectOrganization;
  return has(entity.organization) ? entity.organization : undefined;
}

/** The most specific set field, in the order user > source > subject > project > organization. */
export function minEntity(entity: EntityDetails): PermissionEntity | undefined {
  if (has(entity.user)) return 'USER';
  if (has(entity.source)) return 'SOURCE';
  if (has(entity.subject)) return 'SUBJECT';
  if (has(entity.project)) return 'PROJECT';
  if (has(entity.organization)) return 'ORGANIZATION';
  return undefined;
}

function authorizes(level: PermissionEntity, ref: ParsedRole, token: AuthToken, entity: EntityDetails): boolean {
  const { role, referent } = ref;
  switch (level) {
    case 'MEASUREMENT':
      return authorizes('SOURCE', ref, token, entity);
    case 'SOURCE':
      return (
        (!role.personal || !has(entity.source) || (token.sources ?? []).includes(entity.source)) &&
        authorizes('SUBJECT', ref, token, entity)
      );
    case 'SUBJECT':
      return (!role.personal || (has(entity.subject) && entity.subject === token.sub)) &&
        authorizes('PROJECT', ref, token, entity);
    case 'PROJECT':
      if (role.scope === 'PROJECT') return has(referent) && referent === entity.project;
      if (role.scope === 'ORGANIZATION') return has(referent) && organizationOf(entity) === referent;
      return false;
    case 'ORGANIZATION':
      if (role.scope === 'PROJECT') {
        if (!has(referent)) return false;
        const organization = organizationOf(entity);
        return referent === entity.project || (has(ref.projectOrganization) && ref.projectOrganization === organization);
      }
      if (role.scope === 'ORGANIZATION') return has(referent) && organizationOf(entity) === referent;
      return false;
    case 'USER':
      return (has(entity.user) && entity.user === token.username) || !role.personal;
    default:
      // ROLE, SOURCETYPE, SOURCEDATA, OAUTHCLIENTS, AUDIT, AUTHORITY: no entity restriction.
      return true;
  }
}

/** `scope(P)`: the token carries P and (client credentials or) one of its roles may be granted P. No entity check. */
export function checkScope(token: AuthToken, permission: Permission): boolean {
  if (!token.scopes.includes(permission)) return false;
  if (token.clientCredentials) return true;
  return parsedRoles(token).some(({ role }) => grants(role, permission));
}

/** `perm(P, E)`: the entity check of docs/permissions.md. An empty entity (`perm(P, global)`) passes only for global roles. */
export function checkPermission(token: AuthToken, permission: Permission, entity: EntityDetails = {}): boolean {
  if (!token.scopes.includes(permission)) return false;
  if (token.clientCredentials) return true;
  const target = permissionEntity(permission);
  const smallest = minEntity(entity);
  return parsedRoles(token).some((ref) => {
    if (!grants(ref.role, permission)) return false;
    if (ref.role.scope === 'GLOBAL') return true;
    if (smallest === undefined) return false;
    return (
      authorizes(target, ref, token, entity) &&
      (smallest === target || authorizes(smallest, ref, token, entity))
    );
  });
}

/** Which referents the token may use permission P on, for filtering lists. Does not look at scopes. */
export function referentsByScope(token: AuthToken, permission: Permission): ReferentsByScope {
  if (token.clientCredentials) return { global: true, organizations: [], projects: [], personalProjects: [] };
  const organizations = new Set<string>();
  const projects = new Set<string>();
  const personalProjects = new Set<string>();
  let global = false;
  for (const { role, referent } of parsedRoles(token)) {
    if (!grants(role, permission)) continue;
    if (role.scope === 'GLOBAL') global = true;
    else if (!has(referent)) continue;
    else if (role.scope === 'ORGANIZATION') organizations.add(referent);
    else if (role.personal) personalProjects.add(referent);
    else projects.add(referent);
  }
  return { global, organizations: [...organizations], projects: [...projects], personalProjects: [...personalProjects] };
}
