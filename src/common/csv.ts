// CSV as spreadsheet programs read and write it (RFC 4180): fields separated by `,` or `;`, records ended by CRLF or
// LF, a field holding the separator, a quote or a line end is quoted and its quotes doubled. A UTF-8 byte order mark
// at the start is dropped. Pure, shared by the server (imports, exports) and the client (previews, reports).
//
// Spreadsheet-safe cells: a spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (and, in some programs, a
// tab or CR) as a formula. `inertCell` puts an apostrophe in front of such a value, and in front of a value that
// already starts with an apostrophe, so that `readCell` can take exactly one apostrophe off again: an exported file
// imported as it is reads back the same values.

export type Separator = ',' | ';';

export interface CsvTable {
  separator: Separator;
  header: string[];
  /** Records after the header; each as many cells as it holds (short and long records are the reader's concern). */
  records: string[][];
  /** The 1-based line each record starts on (a quoted field may span lines). */
  lines: number[];
}

/** What is wrong with a file that cannot be read as CSV (import-error.ts gives each its English and translated text). */
export type CsvErrorCode = 'unclosedQuote' | 'textAfterQuote' | 'quoteInField';

export class CsvError extends Error {
  constructor(message: string, readonly line: number, readonly code: CsvErrorCode) {
    super(message);
  }
}

const BOM = '\uFEFF';

/** `;` when the header line holds more semicolons than commas outside quotes (the European spreadsheet default). */
export function detectSeparator(text: string): Separator {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c === ',') commas++;
    else if (!quoted && c === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * Parses the whole text. Blank lines are skipped. A quote inside an unquoted field, text after a closing quote, or a
 * quoted field left open at the end is a CsvError naming the 1-based line.
 */
export function parseCsv(input: string, separator?: Separator): CsvTable {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const sep = separator ?? detectSeparator(text);
  const rows: string[][] = [];
  const starts: number[] = [];
  let row: string[] = [];
  let rowLine = 1;
  let field = '';
  let line = 1;
  let i = 0;
  let fieldStarted = false;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '' || fieldStarted) {
      rows.push(row);
      starts.push(rowLine);
    }
    row = [];
    field = '';
    fieldStarted = false;
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '"' && !fieldStarted) {
      const startLine = line;
      i++;
      for (;;) {
        if (i >= text.length) throw new CsvError('A quoted field is not closed', startLine, 'unclosedQuote');
        const q = text[i];
        if (q === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (q === '\n') line++;
        field += q;
        i++;
      }
      fieldStarted = true;
      const next = text[i];
      if (next !== undefined && next !== sep && next !== '\r' && next !== '\n') throw new CsvError('Text after a closing quote', line, 'textAfterQuote');
      continue;
    }
    if (c === sep) {
      row.push(field);
      field = '';
      fieldStarted = false;
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endRow();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      rowLine = line;
      continue;
    }
    if (c === '"') throw new CsvError('A quote inside an unquoted field', line, 'quoteInField');
    field += c;
    fieldStarted = true;
    i++;
  }
  if (fieldStarted || row.length) endRow();
  const [header = [], ...records] = rows;
  return { separator: sep, header, records, lines: starts.slice(1) };
}

const FORMULA_START = /^[=+\-@\t\r']/;

/** The value made inert for spreadsheets (see the file comment). */
export const inertCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** The value `inertCell` was given: one leading apostrophe before a formula start (or an apostrophe) removed. */
export const readCell = (cell: string): string => (/^'[=+\-@\t\r']/.test(cell) ? cell.slice(1) : cell);

/** One field, quoted when it must be. */
export function csvField(value: string, separator: Separator = ','): string {
  return value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One record with its CRLF; every value made inert first. */
export const csvLine = (values: readonly string[], separator: Separator = ','): string =>
  values.map((v) => csvField(inertCell(v), separator)).join(separator) + '\r\n';

/** The byte order mark that makes spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = BOM;
