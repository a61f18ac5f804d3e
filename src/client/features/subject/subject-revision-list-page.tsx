// subject/{login}/revisions (spec 001 §2 "Subject revisions"): GET api/subjects/{login}/revisions, 20 per page,
// sortable (default user.login ascending, id as tie-breaker), with the item count and the pager; page and sort in
// the query. Each revision number opens that revision of the subject.
import { useEffect, useState, type ReactNode } from 'react';
import type { RevisionDTO, SubjectDTO } from '../../../common/dto';
import { DataTable, sortQuery, useSortParam, type Column, type SortState } from '../../components/data-table';
import { formatDateTime } from '../../components/format';
import { ItemCount, PAGE_SIZE, Pagination, usePageParam } from '../../components/pagination';
import type { PageProps } from '../../components/popup';
import { useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { readTotalCount } from '../../lib/http';
import { useAbortScope } from '../../lib/http-react';
import { useT } from '../../lib/i18n-react';
import { Link, useRouter } from '../../lib/router-react';
import { AttributeList, SourceLinks, SubjectStatusBadge } from './subject-cells';

const DEFAULT_SORT: SortState = { field: 'user.login', ascending: true };
type SubjectRevision = RevisionDTO<SubjectDTO>;

export function SubjectRevisionListPage({ params }: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const scope = useAbortScope();
  const router = useRouter();
  const login = params.login;
  const [page, setPage] = usePageParam();
  const [sort] = useSortParam(DEFAULT_SORT);
  const [rows, setRows] = useState<{ revisions: SubjectRevision[]; total: number; loading: boolean }>({ revisions: [], total: 0, loading: true });
  const sortKey = sort ? sortQuery(sort).join('|') : '';

  useEffect(() => {
    setRows((current) => ({ ...current, loading: true }));
    http
      .get<SubjectRevision[]>(`api/subjects/${encodeURIComponent(login)}/revisions`, {
        query: { page: page - 1, size: PAGE_SIZE, sort: sortKey.split('|').filter(Boolean) },
        signal: scope.takeLatest('revisions'),
      })
      .then(
        ({ data, headers }) => {
          const revisions = Array.isArray(data) ? data : [];
          setRows({ revisions, total: readTotalCount(headers) ?? revisions.length, loading: false });
        },
        () => setRows((current) => ({ ...current, loading: scope.aborted })),
      );
  }, [http, scope, login, page, sortKey]);

  const field = (name: string) => t(`managementPortalApp.subject.field.${name}`);
  const columns: Column<SubjectRevision>[] = [
    { key: 'id', header: t('managementPortalApp.subject.revisions.number'), sortField: 'id', render: (r) => <Link to={pathOf('subject', login, 'revisions', r.id)}>{r.id}</Link> },
    { key: 'revisionType', header: t('managementPortalApp.subject.revisions.type'), sortField: 'revisionType', render: (r) => r.revisionType.toLowerCase() },
    { key: 'author', header: t('managementPortalApp.subject.revisions.author'), sortField: 'author' },
    { key: 'timestamp', header: t('managementPortalApp.subject.revisions.timestamp'), sortField: 'timestamp', render: (r) => formatDateTime(r.timestamp) },
    { key: 'login', header: field('login'), sortField: 'user.login', render: (r) => r.entity?.login },
    { key: 'externalId', header: field('externalId'), sortField: 'externalId', render: (r) => r.entity?.externalId },
    { key: 'externalLink', header: field('externalLink'), sortField: 'externalLink', render: (r) => r.entity?.externalLink },
    { key: 'status', header: field('status'), sortField: 'status', render: (r) => <SubjectStatusBadge status={r.entity?.status} /> },
    {
      key: 'project',
      header: field('project'),
      render: (r) => r.entity?.project?.projectName && <Link to={pathOf('project', r.entity.project.projectName)}>{r.entity.project.projectName}</Link>,
    },
    { key: 'sources', header: field('sources'), render: (r) => <SourceLinks sources={r.entity?.sources} /> },
    { key: 'attributes', header: field('attributes'), render: (r) => <AttributeList attributes={r.entity?.attributes} /> },
  ];

  return (
    <section className="subject-revisions">
      <h1>
        {t('managementPortalApp.subject.revisions.title')} {login}
      </h1>
      <DataTable columns={columns} rows={rows.revisions} rowKey={(r) => r.id} defaultSort={DEFAULT_SORT} loading={rows.loading} />
      <ItemCount page={page} total={rows.total} />
      <Pagination page={page} total={rows.total} onPageChange={setPage} />
      <button type="button" className="button button--secondary" onClick={() => router.back()}>
        {t('entity.action.back')}
      </button>
    </section>
  );
}
