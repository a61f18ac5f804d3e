// Who may call an operation, in words, from this portal's `x-required-permission` extension.
import type { Translate } from '../../lib/i18n-react';
import type { RequiredPermission } from './openapi-types';

const SIMPLE = ['public', 'client', 'authenticated', 'sysAdmin'];
const ENTITIES = ['global', 'organization', 'project', 'subject', 'source', 'user'];

export function permissionText(t: Translate, access: RequiredPermission | undefined): string {
  if (!access || typeof access !== 'object') return t('apiDocs.access.unknown');
  if (SIMPLE.includes(access.kind)) return t(`apiDocs.access.${access.kind}`);
  const permission = String(access.permission ?? '');
  if (access.kind === 'scope' && permission) return t('apiDocs.access.scope', { permission });
  if (access.kind === 'permission' && permission && ENTITIES.includes(String(access.on))) {
    return t(`apiDocs.access.permission.${access.on}`, { permission });
  }
  return t('apiDocs.access.unknown');
}
