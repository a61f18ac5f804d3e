// CSV as spreadsheet programs read and write it (RFC 4180): fields separated by `,` or `;`, records ended by CRLF or
// LF, a field holding the separator, a quote or a line end is quoted and its quotes doubled. A UTF-8 byte order mark
// at the start is dropped. Pure, shared by the server (imports, exports) and the client (previews, reports).
//
// Spreadsheet-safe cells (OWASP "CSV Injection"; issue #34): a spreadsheet runs a cell that starts with `=`, `+`, `-`
// or `@` (and, in some programs, a tab or CR) as a formula, also after leading spaces, which some programs trim.
// `inertCell` puts an apostrophe in front of such a value, and in front of a value that already starts with an
// apostrophe, so that `readCell` can take exactly one apostrophe off again: an exported file imported as it is reads
// back the same values. The separator a spreadsheet splits on is its locale's, not the file's (`;` in Dutch, German
// and French settings), so a cell holding either separator is quoted whatever the file's separator is: `x;=2+5;y`
// written unquoted into a `,` file became three cells, the middle one a formula, in a `;` spreadsheet.

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
export type CsvErrorCode = 'unclosedQuote' | 'textAfterQuote' | 'quoteInField' | 'tooManyRows';

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

/** The count of `\n` in a piece of text (the lines a quoted field spans). */
function newlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

const QUOTE = 34;
const CR = 13;
const LF = 10;

/**
 * The records of the text (the header first), each with the 1-based line it starts on. Fields are cut out with
 * `indexOf` and `slice`, never built a character at a time: a file of a few very long cells costs what its length
 * costs (a 32 MB file of 3 KB cells took 25 s to read character by character).
 */
function* records(text: string, separator: Separator): Generator<[string[], number]> {
  const n = text.length;
  const sep = separator.charCodeAt(0);
  const fieldEnd = separator === ',' ? /[,\r\n"]/g : /[;\r\n"]/g;
  let i = 0;
  let line = 1;
  while (i < n) {
    const rowLine = line;
    const row: string[] = [];
    let kept = false; // a record of one empty unquoted field is a blank line, skipped
    for (;;) {
      if (text.charCodeAt(i) === QUOTE) {
        const startLine = line;
        let value = '';
        let from = i + 1;
        for (;;) {
          const quote = text.indexOf('"', from);
          if (quote < 0) throw new CsvError('A quoted field is not closed', startLine, 'unclosedQuote');
          const piece = text.slice(from, quote);
          line += newlines(piece);
          value += piece;
          if (text.charCodeAt(quote + 1) === QUOTE) {
            value += '"';
            from = quote + 2;
            continue;
          }
          i = quote + 1;
          break;
        }
        row.push(value);
        kept = true;
        const next = text.charCodeAt(i);
        if (i < n && next !== sep && next !== CR && next !== LF) throw new CsvError('Text after a closing quote', line, 'textAfterQuote');
      } else {
        fieldEnd.lastIndex = i;
        const end = fieldEnd.exec(text)?.index ?? n;
        if (end < n && text.charCodeAt(end) === QUOTE) throw new CsvError('A quote inside an unquoted field', line, 'quoteInField');
        row.push(text.slice(i, end));
        if (end > i) kept = true;
        i = end;
      }
      if (i >= n) break;
      if (text.charCodeAt(i) === sep) {
        i++;
        if (i >= n) {
          row.push('');
          break;
        }
        continue;
      }
      i += text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line++;
      break;
    }
    if (row.length > 1 || kept) yield [row, rowLine];
  }
}

export interface CsvLimits {
  /** Records after the header at most: one more is a CsvError `tooManyRows` on its line, thrown as soon as it is read,
   * before any later record is (issue #34: an import's work must be bounded by rows, not only by bytes). */
  maxRecords?: number;
}

function tooManyRows(line: number, max: number): CsvError {
  return new CsvError(`The file has more than ${max} rows`, line, 'tooManyRows');
}

/** Reads the records into a table, yielding after each one how many it holds (the pausing reader pauses there). */
function* readTable(input: string, separator: Separator | undefined, limits: CsvLimits, table: { value?: CsvTable }): Generator<number> {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const sep = separator ?? detectSeparator(text);
  const rows: string[][] = [];
  const starts: number[] = [];
  for (const [row, line] of records(text, sep)) {
    if (limits.maxRecords !== undefined && rows.length > limits.maxRecords) throw tooManyRows(line, limits.maxRecords);
    rows.push(row);
    starts.push(line);
    yield rows.length;
  }
  const [header = [], ...rest] = rows;
  table.value = { separator: sep, header, records: rest, lines: starts.slice(1) };
}

/**
 * Parses the whole text. Blank lines are skipped. A quote inside an unquoted field, text after a closing quote, or a
 * quoted field left open at the end is a CsvError naming the 1-based line.
 */
export function parseCsv(input: string, separator?: Separator, limits: CsvLimits = {}): CsvTable {
  const table: { value?: CsvTable } = {};
  for (const _ of readTable(input, separator, limits, table)) { /* read to the end */ }
  return table.value!;
}

/**
 * parseCsv for a server: between every `every` records it awaits `pause` (the server's setImmediate), so other
 * requests are answered while a large file is read.
 */
export async function parseCsvPausing(input: string, pause: () => Promise<void>, limits: CsvLimits = {}, every = 500): Promise<CsvTable> {
  const table: { value?: CsvTable } = {};
  for (const count of readTable(input, undefined, limits, table)) if (count % every === 0) await pause();
  return table.value!;
}

/**
 * A formula start at the sticky position, also after white space (spaces, tabs, CR, LF, no-break spaces), or an
 * apostrophe (escaped, so that one apostrophe can always be taken off again).
 */
const FORMULA_START = /\s*[=+\-@\t\r\n]|'/y;
/** Where a spreadsheet may start a new cell inside ours: either separator, a tab (pasted text), a line end. */
const CELL_BREAKS = new Set([',', ';', '\t', '\r', '\n']);

const formulaAt = (text: string, at: number): boolean => {
  FORMULA_START.lastIndex = at;
  return FORMULA_START.test(text);
};

/**
 * The value made inert for spreadsheets (see the file comment): an apostrophe before every formula start at the
 * start of the value and after every separator, tab or line end in it. A spreadsheet whose separator is not the
 * file's splits a quoted cell there (LibreOffice set to `;` read `"x;=2+5;y"` of a `,` file as `"x`, `=2+5`, `y"`
 * and computed 7), so each piece must be inert on its own.
 */
export function inertCell(value: string): string {
  let out = '';
  let from = 0;
  for (let at = 0; at <= value.length; at++) {
    if ((at === 0 || CELL_BREAKS.has(value[at - 1])) && formulaAt(value, at)) {
      out += `${value.slice(from, at)}'`;
      from = at;
    }
  }
  return out + value.slice(from);
}

/** The value `inertCell` was given: the apostrophe it put before each formula start (or apostrophe) removed. */
export function readCell(cell: string): string {
  let out = '';
  let from = 0;
  for (let at = 0; at < cell.length; at++) {
    if ((at === 0 || CELL_BREAKS.has(cell[at - 1])) && cell[at] === "'" && formulaAt(cell, at + 1)) {
      out += cell.slice(from, at);
      from = at + 1;
    }
  }
  return out + cell.slice(from);
}

/** One field, quoted when it must be: holding either separator (see the file comment), a quote or a line end. */
export function csvField(value: string, _separator: Separator = ','): string {
  return /[,;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One record with its CRLF; every value made inert first. */
export const csvLine = (values: readonly string[], separator: Separator = ','): string =>
  values.map((v) => csvField(inertCell(v), separator)).join(separator) + '\r\n';

/** The byte order mark that makes spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = BOM;
