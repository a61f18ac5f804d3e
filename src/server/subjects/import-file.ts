// Reading a subject import file (docs/subjects.md, "Import"): the header maps columns to fields, each record becomes
// the values it gives, and every problem that needs no database is a row error naming the row (the file's line),
// the column and the reason. The columns an export writes that an import does not set (login, status, project,
// sources, paired, lastPairedAt) are accepted so an exported file can be imported as it is: login matches the
// subject, the others are ignored.
import { importError, ruleImportError, type ImportError, type ImportErrorParams, type ImportProblemCode } from '../../common/import-error';
import { CsvError, parseCsv, readCell, type CsvTable } from '../../common/csv';
import { MAX_SUBJECT_ATTRIBUTES } from '../../common/validation';
import { setImmediate } from 'node:timers/promises';
import { readImportTable } from '../http/import-table';
import { SUBJECT_RULES, validate } from '../../common/validation';
import { unstorable } from '../../common/schema';
import { parseLocalDateInput, parseZonedDateTime } from '../http/zoned-date-time';

export const ATTRIBUTE_PREFIX = 'attribute:';
export const FIELD_COLUMNS = ['externalId', 'externalLink', 'personName', 'dateOfBirth', 'enrollmentDate', 'group'] as const;
export const READ_ONLY_COLUMNS = ['login', 'status', 'project', 'sources', 'paired', 'lastPairedAt'] as const;
export type FieldColumn = (typeof FIELD_COLUMNS)[number];

/** The site-setting name (HIDDEN_SUBJECT_FIELDS) of each hideable column. */
const HIDEABLE: Partial<Record<FieldColumn, string>> = { personName: 'person_name', dateOfBirth: 'date_of_birth', group: 'group' };
const MAX_TEXT = 255;
const MAX_GROUP = 50;

/** What one record gives: a field that is absent from the header is undefined, an empty cell null. */
export interface ImportValues {
  login?: string;
  externalId?: string | null;
  externalLink?: string | null;
  personName?: string | null;
  dateOfBirth?: string | null;
  /** Empty keeps the stored date (a new subject is enrolled now). */
  enrollmentDate?: Date | null;
  group?: string | null;
  /** Per attribute column: the value, or null to remove the key. */
  attributes: Record<string, string | null>;
}

export interface ImportRecord {
  row: number;
  values: ImportValues;
  errors: ImportError[];
}

export interface ImportFile {
  /** Errors of the file as a whole (row 1: the header), which make every record moot. */
  fileErrors: ImportError[];
  records: ImportRecord[];
  attributeKeys: string[];
}

const headerError = (column: string, code: ImportProblemCode, params?: ImportErrorParams): ImportError => importError(1, column, code, params);

interface Column {
  index: number;
  name: string;
  field?: FieldColumn;
  attribute?: string;
  login?: boolean;
}

function mapHeader(header: string[], hidden: readonly string[], errors: ImportError[]): Column[] {
  const columns: Column[] = [];
  const seen = new Set<string>();
  let attributeColumns = 0;
  header.forEach((raw, index) => {
    const name = raw.trim();
    if (seen.has(name)) {
      errors.push(headerError(name, 'duplicateColumn'));
      return;
    }
    seen.add(name);
    if (name.startsWith(ATTRIBUTE_PREFIX)) {
      const key = name.slice(ATTRIBUTE_PREFIX.length);
      if (!key.trim() || key.length > MAX_TEXT) errors.push(headerError(name, 'attributeKeyLength', { max: MAX_TEXT }));
      else if (++attributeColumns > MAX_SUBJECT_ATTRIBUTES) {
        // One error names the first column over the limit (a file of 30,000 columns gets one, not 29,900).
        if (attributeColumns === MAX_SUBJECT_ATTRIBUTES + 1) errors.push(headerError(name, 'tooManyAttributes', { max: MAX_SUBJECT_ATTRIBUTES }));
      } else columns.push({ index, name, attribute: key });
      return;
    }
    const field = (FIELD_COLUMNS as readonly string[]).includes(name) ? (name as FieldColumn) : undefined;
    if (field) {
      const setting = HIDEABLE[field];
      if (setting && hidden.includes(setting)) errors.push(headerError(name, 'hiddenColumn'));
      else columns.push({ index, name, field });
    } else if (name === 'login') columns.push({ index, name, login: true });
    else if (!(READ_ONLY_COLUMNS as readonly string[]).includes(name)) errors.push(headerError(name || `(column ${index + 1})`, 'unknownColumn'));
  });
  return columns;
}

function readValue(column: Column, cell: string, values: ImportValues, errors: ImportError[], row: number): void {
  const error = (code: ImportProblemCode, params?: ImportErrorParams) => errors.push(importError(row, column.name, code, params));
  if (unstorable(cell)) return void error('unstorableText');
  if (column.attribute !== undefined) {
    if (cell.length > MAX_TEXT) error('tooLong', { max: MAX_TEXT });
    values.attributes[column.attribute] = cell === '' ? null : cell;
    return;
  }
  if (column.login) {
    if (cell !== '') values.login = cell.toLowerCase();
    return;
  }
  const empty = cell.trim() === '';
  switch (column.field!) {
    case 'dateOfBirth': {
      if (empty) values.dateOfBirth = null;
      else {
        const date = parseLocalDateInput(cell.trim());
        if (date === undefined) error('notDate');
        else values.dateOfBirth = date;
      }
      return;
    }
    case 'enrollmentDate': {
      if (empty) values.enrollmentDate = null;
      else {
        const date = parseZonedDateTime(cell.trim());
        if (!date || Number.isNaN(date.getTime())) error('notDateTime');
        else values.enrollmentDate = date;
      }
      return;
    }
    case 'group':
      if (cell.length > MAX_GROUP) error('tooLong', { max: MAX_GROUP });
      values.group = empty ? null : cell;
      return;
    default:
      values[column.field as 'externalId' | 'externalLink' | 'personName'] = cell === '' ? null : cell;
  }
}

/** The same field rules as the subject dialog and the API (pattern, length). */
function ruleErrors(values: ImportValues, row: number): ImportError[] {
  const fields = { externalId: values.externalId, externalLink: values.externalLink, personName: values.personName, login: values.login };
  return validate(SUBJECT_RULES, fields)
    .filter((v) => v.field !== 'project')
    .map((v) => ruleImportError(row, v));
}

const unreadable = (error: CsvError): ImportFile => ({ fileErrors: [importError(error.line, '', error.code)], records: [], attributeKeys: [] });

/** Reads the file; `hidden` are the site's hidden subject fields. Never throws for bad input. */
export function readImportFile(text: string, hidden: readonly string[]): ImportFile {
  let table;
  try {
    table = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) return unreadable(error);
    throw error;
  }
  return importFileOf(table, hidden);
}

/** readImportFile for the import: more than `maxRows` records is a 413 (http/import-table.ts), thrown while reading. */
export async function readImportFileBounded(text: string, hidden: readonly string[], maxRows: number): Promise<ImportFile> {
  let table;
  try {
    table = await readImportTable(text, maxRows, 'subject');
  } catch (error) {
    if (error instanceof CsvError) return unreadable(error);
    throw error;
  }
  const fileErrors: ImportError[] = [];
  const columns = headerOf(table, hidden, fileErrors);
  const records: ImportRecord[] = [];
  for (const [i, cells] of table.records.entries()) {
    // Reading a record takes some 20 µs (the field rules): other requests are answered between chunks.
    if (i % 500 === 499) await setImmediate();
    records.push(recordOf(table, columns, cells, i));
  }
  return { fileErrors, records, attributeKeys: attributeKeysOf(columns) };
}

function headerOf(table: CsvTable, hidden: readonly string[], fileErrors: ImportError[]): Column[] {
  if (!table.header.length) fileErrors.push(headerError('', 'emptyFile'));
  return mapHeader(table.header, hidden, fileErrors);
}

const attributeKeysOf = (columns: Column[]) => columns.flatMap((c) => (c.attribute === undefined ? [] : [c.attribute]));

function recordOf(table: CsvTable, columns: Column[], cells: string[], i: number): ImportRecord {
  const row = table.lines[i];
  const errors: ImportError[] = [];
  const values: ImportValues = { attributes: {} };
  if (cells.length !== table.header.length) {
    errors.push(importError(row, '', 'cellCount', { cells: cells.length, columns: table.header.length }));
  }
  for (const column of columns) readValue(column, readCell(cells[column.index] ?? ''), values, errors, row);
  errors.push(...ruleErrors(values, row));
  return { row, values, errors };
}

function importFileOf(table: CsvTable, hidden: readonly string[]): ImportFile {
  const fileErrors: ImportError[] = [];
  const columns = headerOf(table, hidden, fileErrors);
  const records = table.records.map((cells, i) => recordOf(table, columns, cells, i));
  return { fileErrors, records, attributeKeys: attributeKeysOf(columns) };
}
