// subject/{login}: every field of the subject, with back, revisions (system and project admins),
// discontinue (system and project admins, ACTIVATED subjects only), delete (system admins only), and its privacy part:
// last viewed by, the erasure tombstone, the access export and erasure (system and project admins; subject-privacy.tsx).
import type { ReactNode } from 'react';
import { ROLE_PROJECT_ADMIN, ROLE_SYS_ADMIN } from '../../../common/authorities';
import { isHttpUrl } from '../../../common/safe-url';
import { AuthorityGate } from '../../components/authority-gate';
import { formatDate, formatDateTime } from '../../components/format';
import { LoadError } from '../../components/load-error';
import type { PageProps } from '../../components/popup';
import { buildAppUrl, pathOf } from '../../lib/app-url';
import { useT } from '../../lib/i18n-react';
import { Link, useLocation, useRouter } from '../../lib/router-react';
import { AttributeList, ExternalId, SourceLinks, SubjectStatusBadge } from './subject-cells';
import { useHiddenSubjectFields } from './use-hidden-fields';
import { useSubject } from './use-subject';
import { SubjectActivity, SourcesLastSeen } from './subject-activity';
import { SubjectPrivacy, SubjectPrivacyActions, useSubjectPrivacy } from './subject-privacy';

export function SubjectDetailPage({ params }: PageProps): ReactNode {
  const t = useT();
  const router = useRouter();
  const location = useLocation();
  // Discontinue and delete replace this entry (the original's replaceUrl), so "back" after either returns to the
  // page before this one instead of to a subject that is gone or no longer listed.
  const openInPlace = (popup: string) => {
    if (location.popup) return;
    router.navigate(buildAppUrl({ path: location.path, matrix: location.matrix, query: location.query, popup }), { replace: true });
  };
  const hidden = useHiddenSubjectFields();
  const login = params.login;
  const loaded = useSubject(login);
  const subject = loaded.data;
  const projectName = subject?.project?.projectName;
  const privacy = useSubjectPrivacy(subject ? login : null);
  const admins = [ROLE_SYS_ADMIN, ...(projectName ? [`${ROLE_PROJECT_ADMIN}:${projectName}`] : [])];

  const row = (key: string, value: ReactNode) => (
    <div className="subject-detail__row" key={key}>
      <dt>{t(`managementPortalApp.subject.field.${key}`)}</dt>
      <dd>{value}</dd>
    </div>
  );

  return (
    <section className="subject-detail">
      <h1>
        {t('managementPortalApp.subject.detail.title')} {login}
      </h1>
      {!subject && loaded.error === undefined && <p role="status">{t('global.loading')}</p>}
      {loaded.error !== undefined && (
        <LoadError error={loaded.error} onRetry={loaded.retry} message={t('managementPortalApp.subject.detail.notLoaded')} />
      )}
      {subject && (
        <dl className="subject-detail__fields">
          {row('login', subject.login)}
          {row('status', <SubjectStatusBadge status={subject.status} />)}
          {row('lastSeen', <SubjectActivity subject={subject} />)}
          {row('externalLink', isHttpUrl(subject.externalLink) ? <a href={subject.externalLink} target="_blank" rel="noopener noreferrer">{subject.externalLink}</a> : subject.externalLink)}
          {row('externalId', <ExternalId externalId={subject.externalId} externalLink={subject.externalLink} />)}
          {row('project', projectName ? <Link to={pathOf('project', projectName)}>{projectName}</Link> : null)}
          {!hidden.group && row('group', subject.group)}
          {row('sources', <SourceLinks sources={subject.sources} />)}
          {subject.sources.length > 0 && row('sourcesLastSeen', <SourcesLastSeen sources={subject.sources} />)}
          {row('attributes', <AttributeList attributes={subject.attributes} />)}
          {!hidden.personName && row('personName', subject.personName)}
          {!hidden.dateOfBirth && row('dateOfBirth', formatDate(subject.dateOfBirth))}
          {row('enrollmentDate', formatDateTime(subject.enrollmentDate))}
          {row('createdBy', subject.createdBy)}
          {row('createdDate', formatDateTime(subject.createdDate))}
          {row('lastModifiedBy', subject.lastModifiedBy)}
          {row('lastModifiedDate', formatDateTime(subject.lastModifiedDate))}
        </dl>
      )}
      {subject && <SubjectPrivacy view={privacy} />}
      <div className="subject-detail__actions">
        <button type="button" className="button button--secondary" onClick={() => router.back()}>
          {t('entity.action.back')}
        </button>
        <AuthorityGate authorities={admins}>
          <Link className="button button--secondary" to={pathOf('subject', login, 'revisions')}>
            {t('managementPortalApp.subject.action.revisions')}
          </Link>
          <button
            type="button"
            className="button button--secondary"
            disabled={subject?.status !== 'ACTIVATED'}
            onClick={() => openInPlace(pathOf('subject', login, 'discontinue'))}
          >
            {t('managementPortalApp.subject.action.discontinue')}
          </button>
        </AuthorityGate>
        {subject && (
          <SubjectPrivacyActions
            login={login} admins={admins} restricted={privacy.data?.restriction !== undefined}
            open={(popup) => openInPlace(pathOf('subject', login, popup))}
          />
        )}
        <AuthorityGate authorities={[ROLE_SYS_ADMIN]}>
          <button type="button" className="button button--danger" disabled={!subject} onClick={() => openInPlace(pathOf('subject', login, 'delete'))}>
            {t('entity.action.delete')}
          </button>
        </AuthorityGate>
      </div>
    </section>
  );
}
