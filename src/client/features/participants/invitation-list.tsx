// The Invitations tab of a project (docs/subjects.md, "Invitations"): its subjects' pairing links, newest first and
// paged, with their state; a pending one can be revoked, and an expired one replaced by a new link for the same
// subject and app.
import { useState, type ReactNode } from 'react';
import { Badge } from '../../components/badge';
import { DataTable, Truncated, type Column } from '../../components/data-table';
import { formatDateTime } from '../../components/format';
import { LoadError } from '../../components/load-error';
import { Pagination, usePagedList } from '../../components/pagination';
import { useHttp } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import type { MetaToken } from './participants-api';

// The portal's own date format (not the browser's locale, which need not be the interface's language); a date and
// an identifier never break inside (a cell breaks between them).
const when = (iso: string | null) => (iso ? <span className="data-table__nowrap">{formatDateTime(iso)}</span> : '');
const whole = (text: string) => <span className="data-table__nowrap">{text}</span>;
const TONE = { PENDING: 'info', USED: 'success', EXPIRED: 'danger' } as const;

export function InvitationList({ projectName }: { projectName: string }): ReactNode {
  const t = useT();
  const http = useHttp();
  const label = (key: string) => t(`managementPortalApp.participants.invitations.${key}`);
  const list = usePagedList<MetaToken>({ path: `api/projects/${encodeURIComponent(projectName)}/meta-tokens`, sort: [] });
  const [message, setMessage] = useState<string>();

  const revoke = async (token: MetaToken) => {
    await http.delete(`api/meta-token/${encodeURIComponent(token.tokenName)}`);
    setMessage(label('revoked'));
    list.retry();
  };
  const renew = async (token: MetaToken) => {
    const query = { login: token.subjectLogin ?? '', clientId: token.clientId, persistent: String(token.persistent) };
    await http.get('api/oauth-clients/pair', { query });
    setMessage(label('renewed'));
    list.retry();
  };

  const columns: Column<MetaToken>[] = [
    { key: 'subject', header: label('subject'), render: (m) => (m.externalId ? <>{whole(m.externalId)} {whole(`(${m.subjectLogin ?? ''})`)}</> : whole(m.subjectLogin ?? '')) },
    { key: 'clientId', header: label('app'), render: (m) => <Truncated text={m.clientId} max="14rem" /> },
    { key: 'status', header: label('status'), render: (m) => <Badge tone={TONE[m.status]}>{label(`state.${m.status}`)}</Badge> },
    { key: 'persistent', header: label('persistent'), render: (m) => label(m.persistent ? 'yes' : 'no') },
    { key: 'created', header: label('created'), render: (m) => <>{m.createdBy && <>{whole(m.createdBy)}{m.createdAt && ', '}</>}{when(m.createdAt)}</> },
    { key: 'expires', header: label('expires'), render: (m) => when(m.expiresAt) },
    { key: 'used', header: label('used'), render: (m) => when(m.usedAt) },
    {
      key: 'actions', header: label('actions'),
      render: (m) => (
        <span className="row-actions">
          {m.status === 'PENDING' && (
            <button type="button" className="button button--danger button--small" onClick={() => void revoke(m)} aria-label={`${label('revoke')} ${m.subjectLogin ?? ''}`}>{label('revoke')}</button>
          )}
          {m.status === 'EXPIRED' && m.subjectLogin && (
            <button type="button" className="button button--secondary button--small" onClick={() => void renew(m)} aria-label={`${label('renew')} ${m.subjectLogin}`}>{label('renew')}</button>
          )}
        </span>
      ),
    },
  ];
  if (list.error !== undefined) return <LoadError error={list.error} onRetry={list.retry} />;
  return (
    <div className="invitation-list">
      {message && <p className="notice" role="status">{message}</p>}
      {!list.loading && list.total === 0 && <p className="notice">{label('none')}</p>}
      <DataTable columns={columns} rows={list.rows} rowKey={(m) => m.tokenName} loading={list.loading} sort={null} onSortChange={() => undefined} />
      <Pagination page={list.page} total={list.total} onPageChange={list.setPage} />
    </div>
  );
}
