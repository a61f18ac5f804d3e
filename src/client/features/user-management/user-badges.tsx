// Small pieces the list and the detail share: the activated badge and the roles as badges.
import type { ReactNode } from 'react';
import type { RoleDTO } from '../../../common/dto';
import { Badge } from '../../components/badge';
import { useT } from '../../lib/i18n-react';
import { roleText } from './user-roles';

export function ActivatedBadge({ activated }: { activated: boolean }): ReactNode {
  const t = useT();
  return activated ? (
    <Badge tone="success">{t('userManagement.activated')}</Badge>
  ) : (
    <Badge tone="danger">{t('userManagement.deactivated')}</Badge>
  );
}

export function RoleBadges({ roles }: { roles: readonly RoleDTO[] | null | undefined }): ReactNode {
  if (!roles?.length) return null;
  return (
    <ul className="user-roles">
      {roles.map((role, index) => (
        <li key={`${roleText(role)}-${index}`}>
          <Badge tone="info">{roleText(role)}</Badge>
        </li>
      ))}
    </ul>
  );
}
