// The audit screen's filter beyond the dates (docs/management.md, Audits): one event type, one principal and one subject, and the
// export links that download exactly what the filter selects. The links are plain navigations (the session cookie
// goes with them), so the browser streams the file to disk instead of the page holding it in memory.
import type { ReactNode } from 'react';
import { Select, TextField } from '../../components/form';
import { useHttp } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { auditEventTypeOptions } from './audit-event-type';

export interface AuditQuery {
  fromDate: string;
  toDate: string;
  type: string;
  principal: string;
  /** A subject's login: only the events about it. */
  subject: string;
}

/** The query parameters of a filter, blank ones left out. */
export function auditQueryParams(query: AuditQuery): Record<string, string | undefined> {
  return {
    fromDate: query.fromDate || undefined,
    toDate: query.toDate || undefined,
    type: query.type || undefined,
    principal: query.principal.trim() || undefined,
    subject: query.subject.trim() || undefined,
  };
}

export function AuditTypePrincipalFilter({ query, onChange }: { query: AuditQuery; onChange: (patch: Partial<AuditQuery>) => void }): ReactNode {
  const t = useT();
  return (
    <>
      <Select
        label={t('audits.filter.type')} name="type" value={query.type} placeholder={t('audits.filter.anyType')}
        options={auditEventTypeOptions(t)} onChange={(type) => onChange({ type })}
      />
      <TextField label={t('audits.filter.principal')} name="principal" value={query.principal} onChange={(principal) => onChange({ principal })} />
      <TextField label={t('audits.filter.subject')} name="subject" value={query.subject} onChange={(subject) => onChange({ subject })} />
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
