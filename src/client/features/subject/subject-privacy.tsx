// The subject page's privacy part (docs/subjects.md, "Erasure", "Access export", "Who looked"): who looked at the
// subject last (someone other than you; GET api/subjects/{login}/privacy), the tombstone of an erasure, and for the
// project's administrators "Export everything" (the subject access export, a download through the session cookie)
// and "Erase personal data" (the popup subject/{login}/erase).
import type { ReactNode } from 'react';
import { AuthorityGate } from '../../components/authority-gate';
import { formatDateTime } from '../../components/format';
import { LoadError } from '../../components/load-error';
import { useHttp } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { useResource, type ResourceView } from '../../lib/resource-react';

export interface SubjectPrivacyVM {
  erasure?: { login: string; erasedBy: string; erasedAt: string; reason: string };
  lastViewed?: { by: string; at: string };
  restriction?: { login: string; restrictedBy: string; restrictedAt: string; reason: string };
}

const privacyPath = (login: string) => `api/subjects/${encodeURIComponent(login)}/privacy`;

/** The subject's privacy state, reloaded when the subject changes (an erasure emits its update). `login` null: the
 * subject is not (or no longer) there to ask about, e.g. a deleted one whose history is shown, so nothing is read. */
export function useSubjectPrivacy(login: string | null): ResourceView<SubjectPrivacyVM> {
  const http = useHttp();
  return useResource(login === null ? null : ['subject-privacy', login], async (signal) => (await http.get<SubjectPrivacyVM>(privacyPath(login!), { signal })).data, {
    // A deleted subject has no privacy state left to read.
    reloadOn: { subjectListModification: (change) => change.subject.login === login && change.op !== 'DELETE' },
  });
}

/** "Last viewed by" and the erasure notice. */
export function SubjectPrivacy({ view }: { view: ResourceView<SubjectPrivacyVM> }): ReactNode {
  const t = useT();
  const data = view.data;
  if (view.error !== undefined) {
    return <LoadError error={view.error} onRetry={view.retry} message={t('managementPortalApp.subject.privacy.notLoaded')} />;
  }
  // While it loads, its line is already there: the actions below stay where they are instead of moving down under a
  // pointer that is about to click one of them.
  if (!data) {
    return (
      <div className="subject-privacy">
        <p className="subject-privacy__viewed">{t('global.loading')}</p>
      </div>
    );
  }
  return (
    <div className="subject-privacy">
      {data.erasure && (
        <p className="subject-privacy__erased" role="status">
          {t('managementPortalApp.subject.privacy.erased', { by: data.erasure.erasedBy, at: formatDateTime(data.erasure.erasedAt) })}{' '}
          {t('managementPortalApp.subject.privacy.reason', { reason: data.erasure.reason })}
        </p>
      )}
      {data.restriction && (
        <p className="subject-privacy__erased" role="status">
          {t('managementPortalApp.subject.privacy.restricted', { by: data.restriction.restrictedBy, at: formatDateTime(data.restriction.restrictedAt) })}{' '}
          {t('managementPortalApp.subject.privacy.reason', { reason: data.restriction.reason })}
        </p>
      )}
      <p className="subject-privacy__viewed">
        {data.lastViewed
          ? t('managementPortalApp.subject.privacy.lastViewed', { by: data.lastViewed.by, at: formatDateTime(data.lastViewed.at) })
          : t('managementPortalApp.subject.privacy.notViewed')}
      </p>
    </div>
  );
}

/** The subject's popups these actions open. */
export type PrivacyPopup = 'erase' | 'restrict' | 'lift-restriction';

/** The actions, for the subject's administrators: the access export; restricting processing or lifting it; erasing
 * (also after an erasure: values entered since are erased by the next one, docs/privacy.md). */
export function SubjectPrivacyActions({ login, admins, restricted, open }: { login: string; admins: string[]; restricted: boolean; open: (popup: PrivacyPopup) => void }): ReactNode {
  const t = useT();
  const http = useHttp();
  return (
    <AuthorityGate authorities={admins}>
      <a className="button button--secondary" href={http.url(`api/subjects/${encodeURIComponent(login)}/access-export`)} download>
        {t('managementPortalApp.subject.action.accessExport')}
      </a>
      {restricted ? (
        <button type="button" className="button button--secondary" onClick={() => open('lift-restriction')}>
          {t('managementPortalApp.subject.action.liftRestriction')}
        </button>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => open('restrict')}>
          {t('managementPortalApp.subject.action.restrict')}
        </button>
      )}
      <button type="button" className="button button--danger" onClick={() => open('erase')}>
        {t('managementPortalApp.subject.action.erase')}
      </button>
    </AuthorityGate>
  );
}
