// One problem of a CSV import file (subjects: docs/subjects.md, staff users: docs/users.md, "Import"): where it is
// (the row and column), what it is as a machine-readable code with its params, which the client shows in the reader's
// language, and the same in English (`message`, for API clients and older consumers). A field rule's violation keeps
// the rule's code and i18n key (validation.ts), so an import and a form say the same; every other problem has its
// code here, with its English text and its i18n key.
import type { CsvErrorCode } from './csv';
import { constraintMessage, RULE_CODES, toI18nMessage, type FieldViolation, type RuleCode } from './validation';

export type ImportErrorParams = Record<string, string | number>;

/** The problems of an import that are not field rules. */
export type ImportProblemCode =
  // the file as CSV (csv.ts)
  | CsvErrorCode
  // the header
  | 'emptyFile' | 'unknownColumn' | 'duplicateColumn' | 'missingColumn' | 'hiddenColumn' | 'attributeKeyLength'
  | 'tooManyAttributes'
  // a cell or a row on its own
  | 'cellCount' | 'unstorableText' | 'tooLong' | 'notDate' | 'notDateTime'
  // a row against the others and the database: subjects
  | 'loginNotFound' | 'duplicateLogin' | 'duplicateExternalId' | 'externalIdTaken' | 'unknownGroup' | 'subjectErased'
  // staff users and their roles
  | 'loginInUse' | 'emailInUse' | 'duplicateEmail' | 'notStaffRole' | 'unknownProject' | 'unknownOrganization'
  | 'roleNeeded' | 'roleNotAllowed' | 'globalRoleNotAllowed' | 'roleInvalid';

export type ImportErrorCode = RuleCode | ImportProblemCode;

export interface ImportError {
  /** The file's line (1 is the header). */
  row: number;
  /** The column's header name, '' for the whole row. */
  column: string;
  code: ImportErrorCode;
  /** The values the text names (`{{max}}`, `{{row}}`, ...). */
  params: ImportErrorParams;
  /** The problem in English. */
  message: string;
}

type Text = (p: ImportErrorParams) => string;

/** The English text of each problem; its translation is `managementPortalApp.participants.import.error.<code>`. */
const ENGLISH: Record<ImportProblemCode, Text> = {
  unclosedQuote: () => 'A quoted field is not closed',
  textAfterQuote: () => 'Text after a closing quote',
  quoteInField: () => 'A quote inside an unquoted field',
  tooManyRows: (p) => `The file has more than ${p.max} rows; split it into smaller files`,
  emptyFile: () => 'The file is empty; the first line names the columns',
  unknownColumn: () => 'Unknown column',
  duplicateColumn: () => 'The column appears twice',
  missingColumn: () => 'A required column is missing',
  hiddenColumn: () => 'This field is hidden by the site settings',
  attributeKeyLength: (p) => `An attribute key has 1 to ${p.max} characters`,
  tooManyAttributes: (p) => `A subject has at most ${p.max} attributes`,
  cellCount: (p) => `The row has ${p.cells} cells; the header names ${p.columns} columns`,
  unstorableText: () => 'The text holds a character that cannot be stored',
  tooLong: (p) => `At most ${p.max} characters`,
  notDate: () => 'Not a date (yyyy-MM-dd)',
  notDateTime: () => 'Not a date-time (ISO-8601, e.g. 2024-01-31T09:00:00Z)',
  loginNotFound: () => 'No subject of this project has this login',
  duplicateLogin: (p) => `The login is also on row ${p.row}`,
  duplicateExternalId: (p) => `Duplicate external id in the file (also on row ${p.row})`,
  externalIdTaken: () => 'Another subject of the project has this external id',
  unknownGroup: (p) => `Unknown group: ${p.group}`,
  subjectErased: () => 'The personal data of this subject was erased; an import cannot fill it again',
  loginInUse: () => 'Login already in use',
  emailInUse: () => 'Email already in use',
  duplicateEmail: (p) => `The e-mail is also on row ${p.row}`,
  notStaffRole: (p) => `Not a staff role: ${p.role}`,
  unknownProject: (p) => `Unknown project for ${p.role}: ${p.project || '(none)'}`,
  unknownOrganization: (p) => `Unknown organization for ${p.role}: ${p.organization || '(none)'}`,
  roleNeeded: () => 'A new user needs a role inside your organizations or projects',
  roleNotAllowed: (p) => `Not allowed to grant or remove ${p.role} in ${p.scope}`,
  globalRoleNotAllowed: (p) => `Not allowed to grant or remove ${p.role} in the whole platform`,
  roleInvalid: (p) => `${p.reason}`,
};

/** Problems whose text an existing key already says (the forms' length message). */
const SHARED_KEYS: Partial<Record<ImportProblemCode, string>> = { tooLong: 'entity.validation.maxlength' };

/** Every code, for the API document and for telling a known code from one a newer server sends. */
export const IMPORT_ERROR_CODES: readonly ImportErrorCode[] = [...RULE_CODES, ...(Object.keys(ENGLISH) as ImportProblemCode[])];

const isRuleCode = (code: string): code is RuleCode => (RULE_CODES as readonly string[]).includes(code);

/** A problem of the file at `row` (1: the header) and `column` ('' for the whole row). */
export function importError(row: number, column: string, code: ImportProblemCode, params: ImportErrorParams = {}): ImportError {
  return { row, column, code, params, message: ENGLISH[code](params) };
}

/** A field rule's violation as an import problem: the rule's code and params, bean validation's English message. */
export function ruleImportError(row: number, violation: FieldViolation): ImportError {
  return { row, column: violation.field, code: violation.code, params: violation.params, message: constraintMessage(violation) };
}

/** The i18n key and params of an error; undefined for a code this build does not know (show its `message`). */
export function importErrorI18n(error: Pick<ImportError, 'params'> & { code?: string }): { key: string; params: ImportErrorParams } | undefined {
  const { code, params = {} } = error;
  if (code === undefined) return undefined;
  if (isRuleCode(code)) return toI18nMessage({ field: '', code, params });
  if (!(code in ENGLISH)) return undefined;
  return { key: SHARED_KEYS[code as ImportProblemCode] ?? `managementPortalApp.participants.import.error.${code}`, params };
}
