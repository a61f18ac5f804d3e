// What each navbar menu lists, as data so the navbar stays a layout.
import { pathOf } from '../../lib/app-url';
import type { NavMenuItem } from './nav-menu';

type Translate = (key: string) => string;

export function entityMenuItems(t: Translate): NavMenuItem[] {
  return [
    { key: 'source', to: 'source', label: t('global.menu.entities.source') },
    { key: 'source-type', to: 'source-type', label: t('global.menu.entities.sourceType') },
    { key: 'source-data', to: 'source-data', label: t('global.menu.entities.sourceData') },
    { key: 'subject', to: 'subject', label: t('global.menu.entities.subject') },
  ];
}

export function organizationMenuItems(t: Translate, organizations: readonly { name: string }[]): NavMenuItem[] {
  if (organizations.length === 0) return [{ key: 'none', label: t('global.menu.organizations.none'), disabled: true }];
  return organizations.map((organization) => ({
    key: organization.name,
    to: pathOf('organization', organization.name),
    label: organization.name,
  }));
}

export function adminMenuItems(t: Translate, apiDocs: boolean): NavMenuItem[] {
  const items: NavMenuItem[] = [
    { key: 'user-management', to: 'user-management', label: t('global.menu.admin.userManagement') },
    { key: 'organization', to: 'organization', label: t('global.menu.admin.organization') },
    { key: 'oauth-client', to: 'oauth-client', label: t('global.menu.admin.oauthClient') },
    { key: 'metrics', to: 'jhi-metrics', label: t('global.menu.admin.metrics') },
    { key: 'health', to: 'jhi-health', label: t('global.menu.admin.health') },
    { key: 'audits', to: 'audits', label: t('global.menu.admin.audits') },
    { key: 'revisions', to: 'revisions', label: t('global.menu.admin.revisions') },
    { key: 'logs', to: 'logs', label: t('global.menu.admin.logs') },
    { key: 'processing-record', to: 'processing-record', label: t('global.menu.admin.processingRecord') },
  ];
  if (apiDocs) items.push({ key: 'docs', to: 'docs', label: t('global.menu.admin.apidocs') });
  return items;
}
