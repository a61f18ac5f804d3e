// A calendar date as yyyy-mm-dd (project start/end, date of birth, audit range, enrollment filters): the browser's
// date picker, whose value is always yyyy-mm-dd whatever the display locale. An unfinished or impossible date reads
// as '' (the browser's behaviour), so required-ness covers it.
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldMessage } from './field-message';
import { FieldFrame } from './field-frame';

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'type' | 'children'>;

export interface DateInputProps extends NativeInput {
  label: ReactNode;
  name: string;
  /** yyyy-mm-dd, or '' / null for none. */
  value: string | null | undefined;
  onChange: (value: string) => void;
  message?: FieldMessage;
  hint?: ReactNode;
}

export function DateInput({ label, value, onChange, message, hint, required, className, ...input }: DateInputProps): ReactNode {
  return (
    <FieldFrame label={label} message={message} hint={hint} required={required} className={className}>
      {({ id, describedBy, invalid }) => (
        <input
          {...input}
          id={id}
          type="date"
          className="field__input field__input--date"
          placeholder="yyyy-mm-dd"
          pattern="\d{4}-\d{2}-\d{2}"
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
