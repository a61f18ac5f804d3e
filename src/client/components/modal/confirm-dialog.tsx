// A yes/no dialog for deletes, discontinue, send-activation and erasure, large with a static backdrop like
// every popup. A dialog that asks for input before it may go ahead (erasure: a reason and the typed login) passes the
// fields as children, `ready` once they are filled, and `guardChanges` so typed input is not dropped by a stray click. Confirming runs `onConfirm`; while it runs the dialog is saving; when it succeeds
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
  /** False while the confirm button stays disabled (the children's fields are not filled yet). */
  ready?: boolean;
  /** Ask before closing with changes (the children's fields); off for a plain question. */
  guardChanges?: boolean;
  size?: 'md' | 'lg';
}

export function ConfirmDialog({ title, children, confirmLabel, tone = 'danger', onConfirm, onClose, canConfirm = true, ready = true, guardChanges = false, size }: ConfirmDialogProps): ReactNode {
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
        <button type="button" className={`button button--${tone}`} disabled={saving || !ready} onClick={() => void confirm()}>
          {confirmLabel ?? t('entity.action.delete')}
        </button>
      )}
    </>
  );
  return (
    <Modal title={title} footer={footer} onClose={onClose} saving={saving} guardChanges={guardChanges} size={size}>
      <div className="confirm-dialog__message">{children}</div>
      {failure && (
        <p className="confirm-dialog__error" role="alert">
          {alertText(i18n, failure)}
        </p>
      )}
    </Modal>
  );
}
