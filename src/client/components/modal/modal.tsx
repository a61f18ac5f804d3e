// The dialog every create/edit/delete/pair popup uses (large, static backdrop). Rendered over the page
// in a portal; focus moves in on open, stays inside, and goes back where it was on close. Escape closes, except
// while saving (a request is in flight and closing would hide its outcome). Clicking the backdrop does nothing.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../lib/i18n-react';
import { focusableIn, trapTab } from './focus-trap';

export interface ModalProps {
  /** The heading (already translated). */
  title: ReactNode;
  /** The body. */
  children?: ReactNode;
  /** Buttons, right-aligned (e.g. Cancel and Save). */
  footer?: ReactNode;
  onClose: () => void;
  /** While true, Escape and the close button do nothing. */
  saving?: boolean;
  size?: 'lg' | 'md';
  className?: string;
}

let openCount = 0;

export function Modal({ title, children, footer, onClose, saving = false, size = 'lg', className }: ModalProps): ReactNode {
  const t = useT();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) {
      // The first field of the body, else the dialog itself (never the close button: Enter would close).
      const body = dialog.querySelector<HTMLElement>('.modal__body');
      (focusableIn(body ?? dialog)[0] ?? dialog).focus();
    }
    openCount++;
    document.body.classList.add('modal-open');
    return () => {
      openCount--;
      if (openCount === 0) document.body.classList.remove('modal-open');
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!saving) onClose();
      return;
    }
    if (dialogRef.current) trapTab(dialogRef.current, event);
  };

  return createPortal(
    <div className="modal" onMouseDown={(event) => event.target === event.currentTarget && event.preventDefault()}>
      <div
        ref={dialogRef}
        className={`modal__dialog modal__dialog--${size}${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={saving}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label={t('entity.action.close')} disabled={saving} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
