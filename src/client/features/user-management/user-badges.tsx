// Small pieces the list and the detail share: the activated badge and the roles as badges.
import type { ReactNode } from 'react';
import type { RoleDTO } from '../../../common/dto';
import { Badge } from '../../components/badge';
import { roleAuthorityText, roleLabel } from '../../components/role-name';
import { useT } from '../../lib/i18n-react';

export function ActivatedBadge({ activated }: { activated: boolean }): ReactNode {
  const t = useT();
  return activated ? (
    <Badge tone="success">{t('userManagement.activated')}</Badge>
  ) : (
    <Badge tone="danger">{t('userManagement.deactivated')}</Badge>
  );
}

/** The roles by their readable names ("Project admin, radar"), each with its authority name as its title. */
export function RoleBadges({ roles }: { roles: readonly RoleDTO[] | null | undefined }): ReactNode {
  const t = useT();
  if (!roles?.length) return null;
  return (
    <ul className="user-roles">
      {roles.map((role, index) => (
        <li key={`${roleAuthorityText(role)}-${index}`} title={`${roleLabel(t, role)} (${roleAuthorityText(role)})`}>
          <Badge tone="info" className="truncated user-roles__role">{roleLabel(t, role)}</Badge>
        </li>
      ))}
    </ul>
  );
}
