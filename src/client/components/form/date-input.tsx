// A calendar date as yyyy-mm-dd (project start/end, date of birth, audit range, enrollment filters): the browser's
// date picker, whose value is always yyyy-mm-dd whatever the display locale. An unfinished or impossible date reads
// as '' (the browser's behaviour), so required-ness covers it.
//
// The field keeps what the user types itself and is written to only when the value changes from outside (a form
// loaded, filters cleared). Chromium, Firefox and WebKitGTK all show it as segments (month, day, year) that report ''
// while they make no real date, e.g. 02/30 on the way from 11/30/1979 to 02/03/2001; written back on every change
// as React writes a controlled input (its value attribute too), Firefox dropped the segments typed so far and the
// rest of the date went nowhere.
import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldMessage } from './field-message';
import { FieldFrame } from './field-frame';

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'id' | 'type' | 'children'>;

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
  const field = useRef<HTMLInputElement>(null);
  const wanted = value ?? '';
  // The first value, as the field's default; later values are written by the effect below.
  const [initial] = useState(wanted);
  // The last value the field itself reported (or was given): a value equal to it is the user's own typing coming back.
  const current = useRef(wanted);
  useEffect(() => {
    if (wanted === current.current) return;
    current.current = wanted;
    if (field.current && field.current.value !== wanted) field.current.value = wanted;
  }, [wanted]);
  return (
    <FieldFrame label={label} message={message} hint={hint} required={required} className={className}>
      {({ id, describedBy, invalid }) => (
        <input
          {...input}
          ref={field}
          id={id}
          type="date"
          className="field__input field__input--date"
          placeholder="yyyy-mm-dd"
          pattern="\d{4}-\d{2}-\d{2}"
          defaultValue={initial}
          required={required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            current.current = event.target.value;
            onChange(event.target.value);
          }}
        />
      )}
    </FieldFrame>
  );
}
