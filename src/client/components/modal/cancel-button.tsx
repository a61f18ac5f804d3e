// The Cancel button of a dialog: it closes through the dialog's unsaved-changes guard (discard-guard.ts).
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';
import { useGuardedClose } from './discard-guard';

export function CancelButton({ onCancel, disabled }: { onCancel: () => void; disabled?: boolean }): ReactNode {
  const t = useT();
  const cancel = useGuardedClose(onCancel);
  return (
    <button type="button" className="button button--secondary" disabled={disabled} onClick={cancel}>
      {t('entity.action.cancel')}
    </button>
  );
}
