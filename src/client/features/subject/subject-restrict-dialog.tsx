// subject/{login}/restrict and subject/{login}/lift-restriction (system and project admins): restriction of processing
// (GDPR art. 18, docs/privacy.md). Restricting asks for the reason (kept with the restriction) and stops the
// participant's app; lifting lets it work again. PUT / DELETE api/subjects/{login}/restriction; afterwards the
// subject page shows the state.
import { useState, type ReactNode } from 'react';
import type { SubjectDTO } from '../../../common/dto';
import { TextArea } from '../../components/form';
import { ConfirmDialog } from '../../components/modal';
import type { PopupProps } from '../../components/popup';
import { useHttp, useListEvents } from '../../components/services-react';
import { useI18n } from '../../lib/i18n-react';
import { subjectPath } from './use-subject';

const restrictionPath = (login: string) => `api/subjects/${encodeURIComponent(login)}/restriction`;

/** After a change the subject page reloads its privacy state (it listens for the subject's update). */
function useAnnounce(login: string): () => Promise<void> {
  const http = useHttp();
  const events = useListEvents();
  return async () => {
    const { data: subject } = await http.get<SubjectDTO>(subjectPath(login));
    events.emit('subjectListModification', { op: 'UPDATE', subject });
  };
}

export function SubjectRestrictDialog({ params, close }: PopupProps): ReactNode {
  const { t } = useI18n();
  const http = useHttp();
  const login = params.login;
  const announce = useAnnounce(login);
  const [reason, setReason] = useState('');

  const restrict = async () => {
    await http.put(restrictionPath(login), { body: { reason: reason.trim() } });
    await announce();
  };

  return (
    <ConfirmDialog
      title={t('managementPortalApp.subject.restrict.title')} confirmLabel={t('managementPortalApp.subject.restrict.confirm')}
      onConfirm={restrict} onClose={close} ready={reason.trim() !== ''} guardChanges size="md"
    >
      <p>{t('managementPortalApp.subject.restrict.explain', { login })}</p>
      <TextArea name="reason" label={t('managementPortalApp.subject.restrict.reason')} value={reason} onChange={setReason} required maxLength={1000} />
    </ConfirmDialog>
  );
}

export function SubjectLiftRestrictionDialog({ params, close }: PopupProps): ReactNode {
  const { t } = useI18n();
  const http = useHttp();
  const login = params.login;
  const announce = useAnnounce(login);

  const lift = async () => {
    await http.delete(restrictionPath(login));
    await announce();
  };

  return (
    <ConfirmDialog
      title={t('managementPortalApp.subject.liftRestriction.title')} confirmLabel={t('managementPortalApp.subject.liftRestriction.confirm')}
      onConfirm={lift} onClose={close} ready size="md"
    >
      <p>{t('managementPortalApp.subject.liftRestriction.explain', { login })}</p>
    </ConfirmDialog>
  );
}
