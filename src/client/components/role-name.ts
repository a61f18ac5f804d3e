// How a role reads for people: "Project admin, radar" instead of `ROLE_PROJECT_ADMIN: radar`. The authority's own
// name stays available (as the title of what shows the role) to those who configure permissions by it.
import type { RoleDTO } from '../../common/dto';
import type { Translate } from '../lib/i18n-react';

const KNOWN = /^ROLE_(SYS_ADMIN|ORGANIZATION_ADMIN|PROJECT_ADMIN|PROJECT_OWNER|PROJECT_AFFILIATE|PROJECT_ANALYST|PARTICIPANT|INACTIVE_PARTICIPANT)$/;

/** "Project admin"; an authority the client does not know keeps its own name. */
export function authorityLabel(t: Translate, authority: string): string {
  return KNOWN.test(authority) ? t(`authority.${authority}`) : authority;
}

/** "Project admin, radar", or "System admin" for a role without project or organization. */
export function roleLabel(t: Translate, role: Pick<RoleDTO, 'authorityName' | 'projectName' | 'organizationName'>): string {
  const target = role.organizationName ?? role.projectName;
  const name = authorityLabel(t, role.authorityName);
  return target ? t('authority.scoped', { role: name, target }) : name;
}

/** The wire form, for a title: `ROLE_PROJECT_ADMIN: radar`. */
export function roleAuthorityText(role: Pick<RoleDTO, 'authorityName' | 'projectName' | 'organizationName'>): string {
  const target = role.organizationName ?? role.projectName;
  return target ? `${role.authorityName}: ${target}` : role.authorityName;
}
