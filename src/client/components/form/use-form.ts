// Form state for dialogs and settings: values, which fields the user has changed (dirty), errors from the shared
// rule sets of src/common (the same rules the server applies) plus any form-specific checks, validity and the saving
// flag. A field shows its message only once it is dirty and invalid.
import { useCallback, useMemo, useRef, useState } from 'react';
import { isAbortError, isHttpError } from '../../lib/http-errors';
import { firstViolationByField, validate, type RuleSet } from '../../../common/validation';
import { violationMessage, type FieldMessage, type MessageOverrides } from './field-message';

type Values = Record<string, unknown>;

export interface UseFormOptions<T extends Values> {
  initial: T;
  /** A shared rule set, e.g. USER_RULES; keys of `values` are its field names. */
  rules?: RuleSet;
  /** Extra checks (conditional rules, cross-field rules): field -> message. */
  check?: (values: T) => Partial<Record<string, FieldMessage>>;
  messages?: MessageOverrides;
}

/** What a field component takes: spread it, `<TextField label=".." {...form.field('login')} />`. */
export interface FieldBinding<V> {
  name: string;
  value: V;
  onChange: (value: V) => void;
  /** Present once the field is dirty and invalid. */
  message?: FieldMessage;
}

export interface Form<T extends Values> {
  values: T;
  set<K extends keyof T & string>(name: K, value: T[K]): void;
  /** Merges values without marking them dirty (e.g. after loading the entity). */
  load(values: Partial<T>): void;
  dirty: Readonly<Partial<Record<keyof T & string, boolean>>>;
  /** Every current error, dirty or not. */
  errors: Readonly<Record<string, FieldMessage>>;
  valid: boolean;
  saving: boolean;
  /** The message to show under a field: only once it is dirty. */
  messageFor(name: string): FieldMessage | undefined;
  field<K extends keyof T & string>(name: K): FieldBinding<T[K]>;
  /**
   * Runs `save` with the values while `saving` is set. Resolves true on success; on an HTTP failure (already shown
   * as an alert) clears `saving` and resolves false. Other errors are bugs and are rethrown.
   */
  submit(save: (values: T) => unknown): Promise<boolean>;
  /** New initial values, nothing dirty. */
  reset(values?: T): void;
}

export function useForm<T extends Values>(options: UseFormOptions<T>): Form<T> {
  const { rules, check, messages } = options;
  const [values, setValues] = useState<T>(options.initial);
  const [dirty, setDirty] = useState<Partial<Record<keyof T & string, boolean>>>({});
  const [saving, setSaving] = useState(false);
  // The values a save sees. Written when they change, not only on render: a change from a widget event is not a
  // discrete React event, and a Save pressed before its re-render must still send it.
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const replaceValues = (next: T) => {
    valuesRef.current = next;
    setValues(next);
  };

  const errors = useMemo(() => {
    const found: Record<string, FieldMessage> = {};
    if (rules) {
      for (const [field, violation] of firstViolationByField(validate(rules, values))) {
        found[field] = violationMessage(violation, rules.fields[field], messages);
      }
    }
    for (const [field, message] of Object.entries(check?.(values) ?? {})) {
      if (message && !found[field]) found[field] = message;
    }
    return found;
  }, [values, rules, check, messages]);

  const set = useCallback(<K extends keyof T & string>(name: K, value: T[K]) => {
    replaceValues({ ...valuesRef.current, [name]: value });
    setDirty((current) => (current[name] ? current : { ...current, [name]: true }));
  }, []);

  const messageFor = (name: string) => (dirty[name as keyof T & string] ? errors[name] : undefined);

  return {
    values,
    set,
    load: (patch) => replaceValues({ ...valuesRef.current, ...patch }),
    dirty,
    errors,
    valid: Object.keys(errors).length === 0,
    saving,
    messageFor,
    field: (name) => ({ name, value: values[name], onChange: (value) => set(name, value), message: messageFor(name) }),
    async submit(save) {
      setSaving(true);
      try {
        await save(valuesRef.current);
        return true;
      } catch (error) {
        if (isHttpError(error) || isAbortError(error)) return false;
        throw error;
      } finally {
        setSaving(false);
      }
    },
    reset(next) {
      replaceValues(next ?? options.initial);
      setDirty({});
    },
  };
}
