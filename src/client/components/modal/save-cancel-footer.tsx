// The footer of every create/edit dialog: Cancel closes (asking first when something was changed, see
// discard-guard.ts), Save runs only while the form is valid and nothing is saving or loading. Both are plain buttons, so Enter in a field submits through the form instead.
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';
import { CancelButton } from './cancel-button';

export interface SaveCancelFooterProps {
  onCancel: () => void;
  onSave: () => void;
  /** False while the form is invalid or its data is still loading. */
  canSave: boolean;
  saving: boolean;
}

export function SaveCancelFooter({ onCancel, onSave, canSave, saving }: SaveCancelFooterProps): ReactNode {
  const t = useT();
  return (
    <>
      <CancelButton onCancel={onCancel} disabled={saving} />
      <button type="button" className="button button--primary" disabled={!canSave || saving} onClick={onSave}>
        {t('entity.action.save')}
      </button>
    </>
  );
}
