// The frame shared by every form field: label, the control, an optional hint and the validation message, wired
// together with ids so screen readers read the message with the field.
import { useId, type ReactNode } from 'react';
import { useT } from '../../lib/i18n-react';
import type { FieldMessage } from './field-message';

export interface FieldFrameProps {
  label: ReactNode;
  message?: FieldMessage;
  hint?: ReactNode;
  required?: boolean;
  /** Renders the control with the ids it must carry. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  /** Checkboxes put the label after the control. */
  inline?: boolean;
  className?: string;
}

export function FieldFrame({ label, message, hint, required = false, children, inline = false, className }: FieldFrameProps): ReactNode {
  const t = useT();
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const messageId = message ? `${id}-message` : undefined;
  const describedBy = [hintId, messageId].filter(Boolean).join(' ') || undefined;
  const classes = ['field', inline && 'field--inline', message && 'field--invalid', className].filter(Boolean).join(' ');
  const labelElement = (
    <label className="field__label" htmlFor={id}>
      {label}
      {required && (
        <span className="field__required" aria-hidden="true">
          {' *'}
        </span>
      )}
    </label>
  );
  return (
    <div className={classes}>
      {!inline && labelElement}
      {children({ id, describedBy, invalid: message !== undefined })}
      {inline && labelElement}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {message && (
        <p id={messageId} className="field__message">
          {t(message.key, message.params)}
        </p>
      )}
    </div>
  );
}
