// The dialog every create/edit/delete/pair popup uses (large, static backdrop). Rendered over the page
// in a portal; focus moves in on open, stays inside, and goes back where it was on close. Escape closes, except
// while saving (a request is in flight and closing would hide its outcome). Clicking the backdrop does nothing.
// The heading is the dialog's name (aria-labelledby), followed by the entity the popup acts on.
// Once the user has changed something in the body, Escape, × and Cancel first ask whether to discard the changes
// (discard-guard.ts); a save that closes the dialog does not ask.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../lib/i18n-react';
import { popupEntity } from '../../lib/router';
import { useOptionalRoute } from '../../lib/router-react';
import { DiscardGuardContext, type DiscardGuard } from './discard-guard';
import { focusableIn, trapTab } from './focus-trap';
import { SessionNotice } from '../session-notice';

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
  /** False for dialogs whose inputs are no work of the user's to lose (a choice in a confirmation). */
  guardChanges?: boolean;
}

let openCount = 0;

export function Modal({ title, children, footer, onClose, saving = false, size = 'lg', className, guardChanges = true }: ModalProps): ReactNode {
  const t = useT();
  const titleId = useId();
  // The heading names what the popup in the URL acts on ("Edit subject abc"); dialogs a page opens itself (no popup
  // is open then) name their entity in their own words.
  const popup = useOptionalRoute()?.popup;
  const entity = popup ? popupEntity(popup.params) : '';
  const discardId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const keepEditingRef = useRef<HTMLButtonElement>(null);
  const changed = useRef(false);
  const state = useRef({ saving, guardChanges });
  state.current = { saving, guardChanges };
  // The close that waits for the answer to "discard the changes?".
  const [pendingClose, setPendingClose] = useState<(() => void) | null>(null);

  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const markChanged = () => (changed.current = true);
    body.addEventListener('input', markChanged);
    body.addEventListener('change', markChanged);
    return () => {
      body.removeEventListener('input', markChanged);
      body.removeEventListener('change', markChanged);
    };
  }, []);

  const lastField = useRef<HTMLElement | null>(null);
  const guard = useMemo<DiscardGuard>(() => ({
    requestClose(close) {
      if (state.current.saving) return;
      const active = document.activeElement;
      lastField.current = active instanceof HTMLElement && bodyRef.current?.contains(active) ? active : null;
      if (state.current.guardChanges && changed.current) setPendingClose(() => close);
      else close();
    },
  }), []);

  useEffect(() => {
    if (pendingClose) keepEditingRef.current?.focus();
  }, [pendingClose]);

  // Back to the field the user was in when they asked to close. Deferred: "Keep editing" pressed with Enter must not
  // hand the rest of that key press to a field (Enter in a field submits the form).
  // Until then the dialog itself holds focus: the focused "Keep editing" leaves the page with its footer, and focus on
  // the page's body would let an Escape or Tab pressed at once escape the dialog's keyboard handling.
  const keepEditing = () => {
    const dialog = dialogRef.current;
    dialog?.focus();
    setPendingClose(null);
    const body = dialog?.querySelector<HTMLElement>('.modal__body');
    const target = lastField.current?.isConnected ? lastField.current : dialog && (focusableIn(body ?? dialog)[0] ?? dialog);
    setTimeout(() => target?.focus(), 0);
  };

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
      if (pendingClose) keepEditing();
      else guard.requestClose(onClose);
      return;
    }
    if (dialogRef.current) trapTab(dialogRef.current, event);
  };

  return createPortal(
    <DiscardGuardContext.Provider value={guard}>
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
              {entity && <span className="modal__entity"> {entity}</span>}
            </h2>
            <button
              type="button"
              className="modal__close"
              aria-label={t('entity.action.close')}
              disabled={saving}
              onClick={() => guard.requestClose(onClose)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </header>
          <div ref={bodyRef} className="modal__body">
            <SessionNotice inDialog />
            {children}
          </div>
          {/* The footers are keyed apart: reusing nodes would turn the focused "Keep editing" into Save, and the rest of
              an Enter press would save. */}
          {pendingClose ? (
            <footer key="discard" className="modal__footer modal__footer--discard" role="group" aria-labelledby={discardId}>
              <p id={discardId} className="modal__discard-question" role="alert">
                {t('entity.discard.question')}
              </p>
              <button ref={keepEditingRef} type="button" className="button button--secondary" onClick={keepEditing}>
                {t('entity.discard.keepEditing')}
              </button>
              <button type="button" className="button button--danger" onClick={() => (setPendingClose(null), pendingClose())}>
                {t('entity.discard.discard')}
              </button>
            </footer>
          ) : (
            footer && (
              <footer key="actions" className="modal__footer">
                {footer}
              </footer>
            )
          )}
        </div>
      </div>
    </DiscardGuardContext.Provider>,
    document.body,
  );
}
