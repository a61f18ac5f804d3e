// Whether the signed-in user may change or delete a source type or a source data row (docs/catalogue.md, "Who may
// change a source type"): the rule of common/catalogue-scope.ts, applied to the account's roles and the `usage` the
// session's cached source types carry. The server enforces it; this only disables the buttons with the reason.
import type { AccountWithRoles } from '../../../common/authority-match';
import { catalogueRefusal, type CatalogueRefusal } from '../../../common/catalogue-scope';
import type { MinimalSourceTypeDTO, SourceTypeDTO, SourceTypeUsageDTO } from '../../../common/dto';
import { parseAuthority } from '../../../common/authorities';
import type { AuthToken } from '../../../common/permission-check';
import { PERMISSIONS } from '../../../common/permission-matrix';

/** The account as a token of the permission check: every permission its roles may be granted, each role with its referent. */
export function accountToken(account: AccountWithRoles | null | undefined): AuthToken {
  const roles = (account?.roles ?? []).map((role) => {
    const scope = parseAuthority(role.authorityName)?.scope;
    const referent = scope === 'PROJECT' ? role.projectName : scope === 'ORGANIZATION' ? role.organizationName : undefined;
    return { authority: role.authorityName, ...(referent ? { referent } : {}) };
  });
  return { scopes: PERMISSIONS, roles, clientCredentials: false };
}

export interface CatalogueRefusals {
  /** Why Edit is disabled; undefined when it is not. */
  edit?: CatalogueRefusal;
  /** Why Delete is disabled; undefined when it is not. */
  delete?: CatalogueRefusal;
}

/** For a source type: its own usage (a type the cache does not describe is left to the server). */
export function sourceTypeRefusals(account: AccountWithRoles | null | undefined, usage: SourceTypeUsageDTO | undefined): CatalogueRefusals {
  const token = accountToken(account);
  return { edit: catalogueRefusal(token, 'SOURCETYPE.UPDATE', usage), delete: catalogueRefusal(token, 'SOURCETYPE.DELETE', usage) };
}

const NO_PROJECT: SourceTypeUsageDTO = { projectCount: 0, projects: [] };

/** The usage that decides for a source data row: its type's, from the cached types; a row without a type is used by none. */
export function rowUsage(sourceType: Pick<MinimalSourceTypeDTO, 'id'> | null | undefined, sourceTypes: readonly SourceTypeDTO[]): SourceTypeUsageDTO | undefined {
  if (sourceType?.id === undefined || sourceType.id === null) return NO_PROJECT;
  return sourceTypes.find((type) => type.id === sourceType.id)?.usage;
}

/** For a source data row, from its type's usage (see rowUsage). */
export function sourceDataRefusals(account: AccountWithRoles | null | undefined, usage: SourceTypeUsageDTO | undefined): CatalogueRefusals {
  const token = accountToken(account);
  return { edit: catalogueRefusal(token, 'SOURCEDATA.UPDATE', usage), delete: catalogueRefusal(token, 'SOURCEDATA.DELETE', usage) };
}
