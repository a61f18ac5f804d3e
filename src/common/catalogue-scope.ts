// Who may change or delete a source type or its source data (docs/catalogue.md, "Who may change a source type").
// A type belongs to no project, but the projects that list it depend on it (a changed topic breaks their data
// pipeline), so scoped staff may change it only when their permission reaches every project using it; a type no
// project uses belongs to no organization, so it needs a role that is not project-scoped. The server checks each
// project through its guard (server/source-types/catalogue-scope.ts); the client decides its Edit and Delete buttons
// with `catalogueRefusal` from the `usage` the source type answers carry.
import type { SourceTypeUsageDTO, UsingProjectDTO } from './dto';
import { checkPermission, referentsByScope, type AuthToken, type EntityDetails } from './permission-check';

export type CataloguePermission = 'SOURCETYPE.UPDATE' | 'SOURCETYPE.DELETE' | 'SOURCEDATA.UPDATE' | 'SOURCEDATA.DELETE';

/** A using project as the permission check sees it: its organization given, so no lookup is needed. */
export const usingProjectEntity = (project: UsingProjectDTO): EntityDetails => ({
  project: project.projectName,
  projectOrganization: project.organizationName ?? null,
});

/**
 * May the caller change a type no project uses (or a source data row without a type): the token carries the
 * permission and a role granted it is global (system admin; or the token is a client's) or an organization admin's
 * of any organization.
 */
export function mayChangeUnused(token: AuthToken, permission: CataloguePermission): boolean {
  if (!token.scopes.includes(permission)) return false;
  const reach = referentsByScope(token, permission);
  return reach.global || reach.organizations.length > 0;
}

/** Why the caller may not change a type: it is unused (a project-scoped caller), or used outside the caller's scope. */
export type CatalogueRefusal = 'unused' | 'outOfScope';

/**
 * The client's verdict for one type (undefined: allowed). `usage` lists the using projects the caller can see and
 * counts all of them; one it cannot see is outside its scope. A type whose usage is unknown (undefined) is left to
 * the server. The server applies the same rule to the full list of using projects.
 */
export function catalogueRefusal(token: AuthToken, permission: CataloguePermission, usage: SourceTypeUsageDTO | undefined): CatalogueRefusal | undefined {
  if (!usage) return undefined;
  if (usage.projectCount === 0) return mayChangeUnused(token, permission) ? undefined : 'unused';
  if (usage.projects.length < usage.projectCount) return checkPermission(token, permission) ? undefined : 'outOfScope';
  return usage.projects.every((p) => checkPermission(token, permission, usingProjectEntity(p))) ? undefined : 'outOfScope';
}
