// The 32 account languages as select options, each in its own language.
import type { SelectOption } from '../../components/form';
import { LANGUAGE_CODES, LANGUAGE_NAMES } from '../../lib/language-names';

export const LANGUAGE_OPTIONS: readonly SelectOption[] = LANGUAGE_CODES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }));
