// A checkbox with its label after it.
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldMessage } from './field-message';
import { FieldFrame } from './field-frame';

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'checked' | 'onChange' | 'id' | 'type' | 'children'>;

export interface CheckboxProps extends NativeInput {
  label: ReactNode;
  name: string;
  value: boolean | null | undefined;
  onChange: (checked: boolean) => void;
  message?: FieldMessage;
  hint?: ReactNode;
}

export function Checkbox({ label, value, onChange, message, hint, className, ...input }: CheckboxProps): ReactNode {
  return (
    <FieldFrame label={label} message={message} hint={hint} className={className} inline>
      {({ id, describedBy, invalid }) => (
        <input
          {...input}
          id={id}
          type="checkbox"
          className="field__checkbox"
          checked={value === true}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.checked)}
        />
      )}
    </FieldFrame>
  );
}
