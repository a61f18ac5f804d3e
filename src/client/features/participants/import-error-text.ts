// An import problem as the reader's language says it: by its code and params (common/import-error.ts), with a role
// named as people know it ("Project admin") and an empty name as "(none)"; a code this client does not know (a newer
// server) keeps the server's English message.
import { importErrorI18n, type ImportError } from '../../../common/import-error';
import type { TranslateParams } from '../../lib/i18n';
import type { Translate } from '../../lib/i18n-react';

/** An error as it arrives: an older server sends no code. */
export type ReceivedImportError = Pick<ImportError, 'row' | 'column' | 'message'> & Partial<Pick<ImportError, 'code' | 'params'>>;

export function importErrorText(t: Translate, error: ReceivedImportError): string {
  const message = importErrorI18n({ code: error.code, params: error.params ?? {} });
  if (!message) return error.message;
  const params: Record<string, TranslateParams[string]> = {};
  for (const [name, value] of Object.entries(message.params)) {
    if (value === '') params[name] = { key: 'managementPortalApp.participants.import.none' };
    else if (name === 'role' && typeof value === 'string') params[name] = { key: `authority.${value}`, fallback: value };
    else params[name] = value;
  }
  return t(message.key, params);
}

/** "column: reason", or the reason alone for the row as a whole. */
export const importErrorLine = (t: Translate, error: ReceivedImportError): string =>
  `${error.column ? `${error.column}: ` : ''}${importErrorText(t, error)}`;
