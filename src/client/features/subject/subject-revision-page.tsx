// subject/{login}/revisions/{revisionNb}: the subject as it stood at that revision
// (GET api/subjects/{login}/revisions/{n}), with the revision's number and timestamp. The timestamp comes from the
// subject's revision list, which every reader of the subject may see (api/revisions/{id} is for system admins).
import type { ReactNode } from 'react';
import type { RevisionDTO, SubjectDTO } from '../../../common/dto';
import { formatDate, formatDateTime } from '../../components/format';
import { LoadError } from '../../components/load-error';
import type { PageProps } from '../../components/popup';
import { useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { useResource } from '../../lib/resource-react';
import { Link, useRouter } from '../../lib/router-react';
import { AttributeList, ExternalId, SourceLinks, SubjectStatusBadge } from './subject-cells';
import { useHiddenSubjectFields } from './use-hidden-fields';

export function SubjectRevisionPage({ params }: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const router = useRouter();
  const hidden = useHiddenSubjectFields();
  const { login, revisionNb } = params;
  const base = `api/subjects/${encodeURIComponent(login)}/revisions`;
  const subjectLoad = useResource(['subject-revision', login, revisionNb], async (signal) =>
    (await http.get<SubjectDTO>(`${base}/${encodeURIComponent(revisionNb)}`, { signal })).data,
  );
  const timestampLoad = useResource(['subject-revision-time', login, revisionNb], async (signal) => {
    const { data } = await http.get<RevisionDTO[]>(base, { query: { page: 0, size: 2000, sort: 'id,desc' }, signal, silent: true });
    return (Array.isArray(data) ? data : []).find((r) => String(r.id) === revisionNb)?.timestamp ?? null;
  });
  const subject = subjectLoad.data;
  const timestamp = timestampLoad.data ?? null;

  const row = (label: string, value: ReactNode) => (
    <div className="subject-detail__row" key={label}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  const field = (name: string) => t(`managementPortalApp.subject.field.${name}`);

  return (
    <section className="subject-detail">
      <h1>
        {t('managementPortalApp.subject.revision.title')} {login}
      </h1>
      {subjectLoad.error !== undefined && <LoadError error={subjectLoad.error} onRetry={subjectLoad.retry} />}
      {timestampLoad.error !== undefined && <LoadError error={timestampLoad.error} onRetry={timestampLoad.retry} />}
      <dl className="subject-detail__fields">
        {row(t('managementPortalApp.subject.revisions.number'), revisionNb)}
        {row(t('managementPortalApp.subject.revisions.timestamp'), formatDateTime(timestamp))}
        {subject && [
          row(field('login'), subject.login),
          row(field('status'), <SubjectStatusBadge status={subject.status} />),
          row(field('externalLink'), subject.externalLink),
          row(field('externalId'), <ExternalId externalId={subject.externalId} externalLink={subject.externalLink} />),
          row(field('project'), subject.project?.projectName && <Link to={pathOf('project', subject.project.projectName)}>{subject.project.projectName}</Link>),
          !hidden.group && row(field('group'), subject.group),
          row(field('sources'), <SourceLinks sources={subject.sources} />),
          row(field('attributes'), <AttributeList attributes={subject.attributes} />),
          !hidden.personName && row(field('personName'), subject.personName),
          !hidden.dateOfBirth && row(field('dateOfBirth'), formatDate(subject.dateOfBirth)),
          row(field('enrollmentDate'), formatDateTime(subject.enrollmentDate)),
        ]}
      </dl>
      <button type="button" className="button button--secondary" onClick={() => router.back()}>
        {t('entity.action.back')}
      </button>
    </section>
  );
}
