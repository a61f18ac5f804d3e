// A one-line text input (also email, password, number-as-text).
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldMessage } from './field-message';
import { FieldFrame } from './field-frame';

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'children'>;

export interface TextFieldProps extends NativeInput {
  label: ReactNode;
  name: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  message?: FieldMessage;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'url' | 'search' | 'tel';
}

export function TextField({ label, value, onChange, message, hint, required, className, type = 'text', ...input }: TextFieldProps): ReactNode {
  return (
    <FieldFrame label={label} message={message} hint={hint} required={required} className={className}>
      {({ id, describedBy, invalid }) => (
        <input
          {...input}
          id={id}
          type={type}
          className="field__input"
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
