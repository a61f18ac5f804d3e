// The audit log: a from/to date filter (default one month back to tomorrow), a table sorted by the
// server (date, principal, type) with the data as key: value pairs, 20 per page with an item count.
import { useState, type ReactNode } from 'react';
import { DataTable, sortQuery, useSortParam, type Column, type SortState } from '../../components/data-table';
import { formatShortDateTime } from '../../components/format';
import { DateInput } from '../../components/form';
import { LoadError } from '../../components/load-error';
import { ItemCount, Pagination, usePagedList } from '../../components/pagination';
import type { PageProps } from '../../components/popup/popup-types';
import { useT } from '../../lib/i18n-react';
import { AuditData } from './audit-data';
import { auditEventTypeLabel } from './audit-event-type';
import { AuditExportLinks, auditQueryParams, AuditTypePrincipalFilter, type AuditQuery } from './audit-filters';
import { useDebouncedValue } from '../../components/use-debounced';
import { defaultAuditRange } from './audit-range';

export interface AuditEvent {
  timestamp?: string;
  principal?: string;
  type?: string;
  data?: Record<string, string>;
}

type AuditRow = AuditEvent & { rowId: number };

const DEFAULT_SORT: SortState = { field: 'auditEventDate', ascending: false };

export function AuditsPage(_props: PageProps): ReactNode {
  const t = useT();
  const [sort] = useSortParam(DEFAULT_SORT);
  const [range, setRange] = useState<AuditQuery>(() => ({ ...defaultAuditRange(), type: '', principal: '', subject: '' }));
  // The principal is typed: ask the server once typing pauses.
  const principal = useDebouncedValue(range.principal, 300);
  const subject = useDebouncedValue(range.subject, 300);
  const settled = { ...range, principal, subject };
  const list = usePagedList<AuditEvent>({
    path: 'management/audits',
    sort: sort ? sortQuery(sort) : [],
    filters: auditQueryParams(settled),
  });
  const { page, setPage } = list;
  const events: AuditRow[] = list.rows.map((event, rowId) => ({ ...event, rowId }));

  const changeRange = (patch: Partial<typeof range>) => {
    setRange((current) => ({ ...current, ...patch }));
    if (page !== 1) setPage(1);
  };

  const columns: Column<AuditRow>[] = [
    { key: 'date', header: t('audits.table.header.date'), sortField: 'auditEventDate', render: (e) => formatShortDateTime(e.timestamp) },
    { key: 'principal', header: t('audits.table.header.principal'), sortField: 'principal', render: (e) => e.principal ?? '' },
    { key: 'type', header: t('audits.table.header.status'), sortField: 'auditEventType', render: (e) => <span title={e.type}>{auditEventTypeLabel(t, e.type)}</span> },
    { key: 'data', header: t('audits.table.header.data'), render: (e) => <AuditData data={e.data} /> },
  ];

  return (
    <section className="entity-page audits-page">
      <header className="entity-page__header">
        <h1 className="entity-page__title">{t('audits.title')}</h1>
      </header>
      <div className="audits-page__filter">
        <DateInput label={t('audits.filter.from')} name="fromDate" value={range.fromDate} onChange={(fromDate) => changeRange({ fromDate })} />
        <DateInput label={t('audits.filter.to')} name="toDate" value={range.toDate} onChange={(toDate) => changeRange({ toDate })} />
        <AuditTypePrincipalFilter query={range} onChange={changeRange} />
      </div>
      <AuditExportLinks query={settled} />
      {list.error !== undefined ? (
        <LoadError error={list.error} onRetry={list.retry} />
      ) : (
        <DataTable columns={columns} rows={events} rowKey={(e) => e.rowId} defaultSort={DEFAULT_SORT} loading={list.loading} />
      )}
      <ItemCount page={page} total={list.total} />
      <Pagination page={page} total={list.total} onPageChange={setPage} />
    </section>
  );
}
