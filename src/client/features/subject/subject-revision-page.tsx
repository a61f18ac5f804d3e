// subject/{login}/revisions/{revisionNb} (spec 001 §2): the subject as it stood at that revision
// (GET api/subjects/{login}/revisions/{n}), with the revision's number and timestamp. The timestamp comes from the
// subject's revision list, which every reader of the subject may see (api/revisions/{id} is for system admins).
import { useEffect, useState, type ReactNode } from 'react';
import type { RevisionDTO, SubjectDTO } from '../../../common/dto';
import { formatDate, formatDateTime } from '../../components/format';
import type { PageProps } from '../../components/popup';
import { useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useAbortScope } from '../../lib/http-react';
import { useT } from '../../lib/i18n-react';
import { Link, useRouter } from '../../lib/router-react';
import { AttributeList, ExternalId, SourceLinks, SubjectStatusBadge } from './subject-cells';
import { useHiddenSubjectFields } from './use-hidden-fields';

export function SubjectRevisionPage({ params }: PageProps): ReactNode {
  const t = useT();
  const http = useHttp();
  const scope = useAbortScope();
  const router = useRouter();
  const hidden = useHiddenSubjectFields();
  const { login, revisionNb } = params;
  const [subject, setSubject] = useState<SubjectDTO | null>(null);
  const [timestamp, setTimestamp] = useState<string | null>(null);

  useEffect(() => {
    const base = `api/subjects/${encodeURIComponent(login)}/revisions`;
    http.get<SubjectDTO>(`${base}/${encodeURIComponent(revisionNb)}`, { signal: scope.signal }).then(({ data }) => setSubject(data), () => undefined);
    http
      .get<RevisionDTO[]>(base, { query: { page: 0, size: 2000, sort: 'id,desc' }, signal: scope.signal, silent: true })
      .then(({ data }) => setTimestamp((Array.isArray(data) ? data : []).find((r) => String(r.id) === revisionNb)?.timestamp ?? null), () => undefined);
  }, [http, scope, login, revisionNb]);

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
