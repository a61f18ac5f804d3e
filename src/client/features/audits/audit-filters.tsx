// The audit screen's filter beyond the dates (docs/management.md, Audits): one event type and one principal, and the
// export links that download exactly what the filter selects. The links are plain navigations (the session cookie
// goes with them), so the browser streams the file to disk instead of the page holding it in memory.
import type { ReactNode } from 'react';
import { Select, TextField } from '../../components/form';
import { useHttp } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';

/** The types the server writes (oauth/audit.ts, audit/security-events.ts, subjects/subject-retire.ts). */
export const AUDIT_EVENT_TYPES = [
  'AUTHENTICATION_SUCCESS', 'AUTHENTICATION_FAILURE', 'GRANT_ACCESS_TOKEN', 'PAIR_CLIENT_REQUEST',
  'PAIRING_TOKEN_EXCHANGED', 'PAIRING_TOKEN_REVOKED', 'PASSWORD_CHANGED', 'PASSWORD_RESET', 'ROLE_GRANTED',
  'ROLE_REMOVED', 'USER_CREATED', 'USER_DEACTIVATED', 'USER_DELETED', 'OAUTH_CLIENT_CREATED', 'OAUTH_CLIENT_UPDATED',
  'OAUTH_CLIENT_DELETED', 'SESSION_ENDED', 'SESSIONS_ENDED', 'SUBJECT_DISCONTINUE', 'TWO_FACTOR_ENABLED',
  'TWO_FACTOR_DISABLED', 'TWO_FACTOR_RESET', 'TWO_FACTOR_USED', 'AUDIT_EXPORTED', 'CATALOGUE_IMPORTED',
] as const;

export interface AuditQuery {
  fromDate: string;
  toDate: string;
  type: string;
  principal: string;
}

/** The query parameters of a filter, blank ones left out. */
export function auditQueryParams(query: AuditQuery): Record<string, string | undefined> {
  return {
    fromDate: query.fromDate || undefined,
    toDate: query.toDate || undefined,
    type: query.type || undefined,
    principal: query.principal.trim() || undefined,
  };
}

export function AuditTypePrincipalFilter({ query, onChange }: { query: AuditQuery; onChange: (patch: Partial<AuditQuery>) => void }): ReactNode {
  const t = useT();
  return (
    <>
      <Select
        label={t('audits.filter.type')} name="type" value={query.type} placeholder={t('audits.filter.anyType')}
        options={AUDIT_EVENT_TYPES.map((type) => ({ value: type, label: type }))} onChange={(type) => onChange({ type })}
      />
      <TextField label={t('audits.filter.principal')} name="principal" value={query.principal} onChange={(principal) => onChange({ principal })} />
    </>
  );
}

export function AuditExportLinks({ query }: { query: AuditQuery }): ReactNode {
  const t = useT();
  const http = useHttp();
  const params = auditQueryParams(query);
  return (
    <div className="audits-page__export" role="group" aria-label={t('audits.export.label')}>
      {(['csv', 'json'] as const).map((format) => (
        <a key={format} className="button button--secondary" download href={http.url('management/audits/export', { format, ...params })}>
          {t(`audits.export.${format}`)}
        </a>
      ))}
    </div>
  );
}
