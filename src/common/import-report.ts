// The answer of a CSV import (subjects: docs/subjects.md, "Import"; staff users: docs/users.md): the counts, the errors
// by row and column, and what each row does or would do. Written by the server, shown by the client.
import type { ImportError } from './import-error';

export type { ImportError, ImportErrorCode } from './import-error';

export type ImportAction = 'create' | 'update' | 'unchanged' | 'error';

export interface ImportReport<Row> {
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportError[];
  rows: Row[];
}

export interface SubjectImportRow {
  row: number;
  action: ImportAction;
  login: string | null;
  externalId: string | null;
}

export interface UserImportRow {
  row: number;
  action: 'create' | 'error';
  login: string | null;
  email: string | null;
}

export interface UserImportReport extends ImportReport<UserImportRow> {
  /** After a commit: the logins whose activation mail was not sent (over the mail limit, or no delivery). */
  notMailed?: string[];
}
