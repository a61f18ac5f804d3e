// subject/{login}/erase (system and project admins): "Erase personal data" (docs/subjects.md, "Erasure"). The admin
// gives the reason (kept in the tombstone) and types the subject's login; Erase is enabled only then. POST
// api/subjects/{login}/erasure; afterwards the subject page shows the emptied fields and the tombstone.
import { useState, type ReactNode } from 'react';
import type { SubjectDTO } from '../../../common/dto';
import { TextArea, TextField } from '../../components/form';
import { Modal } from '../../components/modal';
import type { PopupProps } from '../../components/popup';
import { useHttp, useListEvents } from '../../components/services-react';
import { alertText } from '../../lib/alerts';
import { alertForHttpError } from '../../lib/http-error-alerts';
import { useI18n } from '../../lib/i18n-react';
import type { AlertInit } from '../../lib/alerts';
import { subjectPath } from './use-subject';

export function SubjectEraseDialog({ params, close }: PopupProps): ReactNode {
  const i18n = useI18n();
  const t = i18n.t;
  const http = useHttp();
  const events = useListEvents();
  const login = params.login;
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<AlertInit | null>(null);
  const ready = reason.trim() !== '' && typed.trim().toLowerCase() === login.toLowerCase();

  const erase = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await http.post(`api/subjects/${encodeURIComponent(login)}/erasure`, { body: { reason: reason.trim(), confirmLogin: typed.trim() } });
      const { data: subject } = await http.get<SubjectDTO>(subjectPath(login));
      events.emit('subjectListModification', { op: 'UPDATE', subject });
    } catch (error) {
      setFailure(alertForHttpError(error)[0] ?? null);
      setSaving(false);
      return;
    }
    setSaving(false);
    close();
  };

  const footer = (
    <>
      <button type="button" className="button button--secondary" disabled={saving} onClick={close}>
        {t('entity.action.cancel')}
      </button>
      <button type="button" className="button button--danger" disabled={saving || !ready} onClick={() => void erase()}>
        {t('managementPortalApp.subject.erase.confirm')}
      </button>
    </>
  );
  return (
    <Modal title={t('managementPortalApp.subject.erase.title')} footer={footer} onClose={close} saving={saving} size="md">
      <p>{t('managementPortalApp.subject.erase.explain', { login })}</p>
      <TextArea name="reason" label={t('managementPortalApp.subject.erase.reason')} value={reason} onChange={setReason} required maxLength={1000} />
      <TextField
        name="confirmLogin" label={t('managementPortalApp.subject.erase.typeLogin', { login })} value={typed} onChange={setTyped}
        required autoComplete="off" spellCheck={false}
      />
      {failure && (
        <p className="confirm-dialog__error" role="alert">
          {alertText(i18n, failure)}
        </p>
      )}
    </Modal>
  );
}
