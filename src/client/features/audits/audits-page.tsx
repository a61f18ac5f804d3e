// The audit log (spec 000 §2): a from/to date filter (default one month back to tomorrow), a table sorted by the
// server (date, principal, type) with the data as key: value pairs, 20 per page with an item count.
import { useEffect, useState, type ReactNode } from 'react';
import { DataTable, sortQuery, useSortParam, type Column, type SortState } from '../../components/data-table';
import { formatShortDateTime } from '../../components/format';
import { DateInput } from '../../components/form';
import { ItemCount, PAGE_SIZE, Pagination, usePageParam } from '../../components/pagination';
import type { PageProps } from '../../components/popup/popup-types';
import { useHttp } from '../../components/services-react';
import { readTotalCount } from '../../lib/http';
import { isAbortError } from '../../lib/http-errors';
import { useAbortScope } from '../../lib/http-react';
import { useT } from '../../lib/i18n-react';
import { AuditData } from './audit-data';
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
  const http = useHttp();
  const scope = useAbortScope();
  const [page, setPage] = usePageParam();
  const [sort] = useSortParam(DEFAULT_SORT);
  const [range, setRange] = useState(defaultAuditRange);
  const [events, setEvents] = useState<AuditRow[] | null>(null);
  const [total, setTotal] = useState(0);
  const sortKey = sort ? sortQuery(sort).join('|') : '';

  useEffect(() => {
    setEvents(null);
    http
      .get<AuditEvent[]>('management/audits', {
        query: { page: page - 1, size: PAGE_SIZE, sort: sortKey.split('|').filter(Boolean), fromDate: range.fromDate || undefined, toDate: range.toDate || undefined },
        signal: scope.takeLatest('audits'),
      })
      .then(
        ({ data, headers }) => {
          const rows = (Array.isArray(data) ? data : []).map((event, rowId) => ({ ...event, rowId }));
          setEvents(rows);
          setTotal(readTotalCount(headers) ?? rows.length);
        },
        (error) => !isAbortError(error) && setEvents([]),
      );
  }, [http, scope, page, sortKey, range.fromDate, range.toDate]);

  const changeRange = (patch: Partial<typeof range>) => {
    setRange((current) => ({ ...current, ...patch }));
    if (page !== 1) setPage(1);
  };

  const columns: Column<AuditRow>[] = [
    { key: 'date', header: t('audits.table.header.date'), sortField: 'auditEventDate', render: (e) => formatShortDateTime(e.timestamp) },
    { key: 'principal', header: t('audits.table.header.principal'), sortField: 'principal', render: (e) => e.principal ?? '' },
    { key: 'type', header: t('audits.table.header.status'), sortField: 'auditEventType', render: (e) => e.type ?? '' },
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
      </div>
      <DataTable columns={columns} rows={events ?? []} rowKey={(e) => e.rowId} defaultSort={DEFAULT_SORT} loading={events === null} />
      <ItemCount page={page} total={total} />
      <Pagination page={page} total={total} onPageChange={setPage} />
    </section>
  );
}
