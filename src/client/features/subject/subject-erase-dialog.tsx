// subject/{login}/erase (system and project admins): "Erase personal data" (docs/subjects.md, "Erasure"). The admin
// gives the reason (kept in the tombstone) and types the subject's login; Erase is enabled only then. POST
// api/subjects/{login}/erasure; afterwards the subject page shows the emptied fields and the tombstone.
import { useState, type ReactNode } from 'react';
import type { SubjectDTO } from '../../../common/dto';
import { TextArea, TextField } from '../../components/form';
import { ConfirmDialog } from '../../components/modal';
import type { PopupProps } from '../../components/popup';
import { useHttp, useListEvents } from '../../components/services-react';
import { useI18n } from '../../lib/i18n-react';
import { subjectPath } from './use-subject';

export function SubjectEraseDialog({ params, close }: PopupProps): ReactNode {
  const { t } = useI18n();
  const http = useHttp();
  const events = useListEvents();
  const login = params.login;
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const ready = reason.trim() !== '' && typed.trim().toLowerCase() === login.toLowerCase();

  const erase = async () => {
    await http.post(`api/subjects/${encodeURIComponent(login)}/erasure`, { body: { reason: reason.trim(), confirmLogin: typed.trim() } });
    const { data: subject } = await http.get<SubjectDTO>(subjectPath(login));
    events.emit('subjectListModification', { op: 'UPDATE', subject });
  };

  return (
    <ConfirmDialog
      title={t('managementPortalApp.subject.erase.title')} confirmLabel={t('managementPortalApp.subject.erase.confirm')}
      onConfirm={erase} onClose={close} ready={ready} guardChanges size="md"
    >
      <p>{t('managementPortalApp.subject.erase.explain', { login })}</p>
      <TextArea name="reason" label={t('managementPortalApp.subject.erase.reason')} value={reason} onChange={setReason} required maxLength={1000} />
      <TextField
        name="confirmLogin" label={t('managementPortalApp.subject.erase.typeLogin', { login })} value={typed} onChange={setTyped}
        required autoComplete="off" spellCheck={false}
      />
    </ConfirmDialog>
  );
}
