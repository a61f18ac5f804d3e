// A multi-line text input (descriptions).
import type { ReactNode, TextareaHTMLAttributes } from 'react';
import type { FieldMessage } from './field-message';
import { FieldFrame } from './field-frame';

type NativeTextArea = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'id' | 'children'>;

export interface TextAreaProps extends NativeTextArea {
  label: ReactNode;
  name: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  message?: FieldMessage;
  hint?: ReactNode;
}

export function TextArea({ label, value, onChange, message, hint, required, className, rows = 3, ...input }: TextAreaProps): ReactNode {
  return (
    <FieldFrame label={label} message={message} hint={hint} required={required} className={className}>
      {({ id, describedBy, invalid }) => (
        <textarea
          {...input}
          id={id}
          rows={rows}
          className="field__input field__input--multiline"
          value={value ?? ''}
          required={required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}
