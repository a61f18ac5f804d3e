// subject/{login}/revisions: GET api/subjects/{login}/revisions, 20 per page,
// sortable (default user.login ascending, id as tie-breaker), with the item count and the pager; page and sort in
// the query. Each revision number opens that revision of the subject.
import type { ReactNode } from 'react';
import type { RevisionDTO, SubjectDTO } from '../../../common/dto';
import { DataTable, sortQuery, useSortParam, type Column, type SortState } from '../../components/data-table';
import { formatDateTime } from '../../components/format';
import { LoadError } from '../../components/load-error';
import { ItemCount, Pagination, usePagedList } from '../../components/pagination';
import type { PageProps } from '../../components/popup';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { Link, useRouter } from '../../lib/router-react';
import { AttributeList, SourceLinks, SubjectStatusBadge } from './subject-cells';

const DEFAULT_SORT: SortState = { field: 'user.login', ascending: true };
type SubjectRevision = RevisionDTO<SubjectDTO>;

export function SubjectRevisionListPage({ params }: PageProps): ReactNode {
  const t = useT();
  const router = useRouter();
  const login = params.login;
  const [sort] = useSortParam(DEFAULT_SORT);
  const list = usePagedList<SubjectRevision>({ path: `api/subjects/${encodeURIComponent(login)}/revisions`, sort: sort ? sortQuery(sort) : [] });

  const field = (name: string) => t(`managementPortalApp.subject.field.${name}`);
  const columns: Column<SubjectRevision>[] = [
    { key: 'id', header: t('managementPortalApp.subject.revisions.number'), sortField: 'id', render: (r) => <Link to={pathOf('subject', login, 'revisions', r.id)}>{r.id}</Link> },
    { key: 'revisionType', header: t('managementPortalApp.subject.revisions.type'), sortField: 'revisionType', render: (r) => t(`managementPortalApp.revision.type.${r.revisionType}`) },
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
      {list.error !== undefined ? (
        <LoadError error={list.error} onRetry={list.retry} />
      ) : (
        <DataTable columns={columns} rows={list.rows} rowKey={(r) => r.id} defaultSort={DEFAULT_SORT} loading={list.loading} />
      )}
      <ItemCount page={list.page} total={list.total} />
      <Pagination page={list.page} total={list.total} onPageChange={list.setPage} />
      <button type="button" className="button button--secondary" onClick={() => router.back()}>
        {t('entity.action.back')}
      </button>
    </section>
  );
}
