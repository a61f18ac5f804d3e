// A drop-down with an optional empty first option ("Choose..."). Values are strings, as the DOM keeps them; map ids
// with String()/Number() at the edge.
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { useT } from '../../lib/i18n-react';
import type { FieldMessage } from './field-message';
import { FieldFrame } from './field-frame';

export interface SelectOption {
  value: string;
  /** Already translated. */
  label: string;
  disabled?: boolean;
}

type NativeSelect = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'id' | 'children'>;

export interface SelectProps extends NativeSelect {
  label: ReactNode;
  name: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** The empty option's text; `true` for the default "Choose...", false or absent for no empty option. */
  placeholder?: string | boolean;
  message?: FieldMessage;
  hint?: ReactNode;
}

export function Select({ label, value, onChange, options, placeholder, message, hint, required, className, ...select }: SelectProps): ReactNode {
  const t = useT();
  const empty = placeholder === true ? t('global.form.choose') : placeholder || null;
  return (
    <FieldFrame label={label} message={message} hint={hint} required={required} className={className}>
      {({ id, describedBy, invalid }) => (
        <select
          {...select}
          id={id}
          className="field__input field__input--select"
          value={value ?? ''}
          required={required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        >
          {empty !== null && <option value="">{empty}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
