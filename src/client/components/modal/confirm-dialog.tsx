// A yes/no dialog for deletes, discontinue and send-activation, large with a static backdrop like
// every popup. Confirming runs `onConfirm`; while it runs the dialog is saving; when it succeeds
// the dialog closes, when it fails the reason shows inside it (a 409 on DELETE raises no global alert, so this is
// where the user learns about it).
import { useState, type ReactNode } from 'react';
import { alertText } from '../../lib/alerts';
import { alertForHttpError } from '../../lib/http-error-alerts';
import { useI18n } from '../../lib/i18n-react';
import type { AlertInit } from '../../lib/alerts';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  title: ReactNode;
  /** The question, e.g. "Are you sure you want to delete user jo?". */
  children?: ReactNode;
  /** Default: the translated "Delete". */
  confirmLabel?: ReactNode;
  tone?: 'danger' | 'primary';
  onConfirm: () => Promise<unknown> | unknown;
  onClose: () => void;
  /** False when the action cannot be taken (the dialog only explains why): no confirm button. */
  canConfirm?: boolean;
}

export function ConfirmDialog({ title, children, confirmLabel, tone = 'danger', onConfirm, onClose, canConfirm = true }: ConfirmDialogProps): ReactNode {
  const i18n = useI18n();
  const t = i18n.t;
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<AlertInit | null>(null);

  const confirm = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(alertForHttpError(error)[0] ?? null);
      setSaving(false);
      return;
    }
    setSaving(false);
    onClose();
  };

  const footer = (
    <>
      <button type="button" className="button button--secondary" disabled={saving} onClick={onClose}>
        {t('entity.action.cancel')}
      </button>
      {canConfirm && (
        <button type="button" className={`button button--${tone}`} disabled={saving} onClick={() => void confirm()}>
          {confirmLabel ?? t('entity.action.delete')}
        </button>
      )}
    </>
  );
  return (
    <Modal title={title} footer={footer} onClose={onClose} saving={saving} guardChanges={false}>
      <div className="confirm-dialog__message">{children}</div>
      {failure && (
        <p className="confirm-dialog__error" role="alert">
          {alertText(i18n, failure)}
        </p>
      )}
    </Modal>
  );
}
