// common/csv.ts: RFC 4180 reading and writing, separator detection, the byte order mark, and spreadsheet-safe cells
// that read back as they were.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CsvError, csvLine, detectSeparator, inertCell, parseCsv, readCell } from '../../src/common/csv';

test('quoting, CRLF and LF, a line break inside quotes, the BOM, blank lines', () => {
  const table = parseCsv('\uFEFFa,b\r\n"x, ""y""","multi\nline"\n\nlast,\n');
  assert.equal(table.header, ['a', 'b']);
  assert.equal(table.records, [['x, "y"', 'multi\nline'], ['last', '']]);
  assert.equal(table.lines, [2, 5]);
});

test('the separator follows the header: semicolons outside quotes', () => {
  assert.is(detectSeparator('a;b;c\n1,2'), ';');
  assert.is(detectSeparator('"a;b",c\n'), ',');
  assert.equal(parseCsv('a;b\n1;"2;3"\n').records, [['1', '2;3']]);
});

test('malformed files are errors naming the line and the kind of problem', () => {
  assert.throws(() => parseCsv('a\n"open'), (e: unknown) => e instanceof CsvError && e.line === 2 && e.code === 'unclosedQuote');
  assert.throws(() => parseCsv('a\nx"y\n'), (e: unknown) => e instanceof CsvError && e.message.includes('quote') && e.code === 'quoteInField');
  assert.throws(() => parseCsv('a\n"x"y\n'), (e: unknown) => e instanceof CsvError && e.code === 'textAfterQuote');
});

test('formula starts are made inert and read back; other values are untouched', () => {
  for (const value of ['=1+1', '+31', '-2', '@sum', '\tx', "'quoted", "'=x", 'plain', '', '2024-01-01']) {
    assert.is(readCell(inertCell(value)), value, value);
    const line = csvLine([value]);
    assert.is(readCell(parseCsv(`h\r\n${line}`).records[0]?.[0] ?? ''), value, `round trip ${value}`);
  }
  assert.is(inertCell('=1'), "'=1");
  assert.is(inertCell('plain'), 'plain');
});

// Issue #34, item 5: a spreadsheet whose separator is not the file's (`;` in Dutch, German and French settings) splits
// our cells at `,` or `;` (LibreOffice even inside quotes), and a tab-separated paste at tabs; each piece must be inert.
const BREAK = /[,;\t\r\n]/;
const RUNS_AS_FORMULA = /^\s*[=+\-@]/;

test('every piece a spreadsheet may cut a cell into is inert, whatever separator it reads with', () => {
  assert.is(csvLine(['x;=2+5;y', 'AUTH']), `"x;'=2+5;y",AUTH\r\n`);
  assert.is(csvLine(['a,b']), '"a,b"\r\n');
  assert.is(csvLine(['a;b'], ';'), '"a;b"\r\n');
  assert.is(csvLine(['a;b'], ','), '"a;b"\r\n', 'a `;` is quoted in a `,` file too');
  assert.is(inertCell(' =1+1'), "' =1+1", 'after leading spaces');
  assert.is(inertCell('\u00a0@SUM(A1)'), "'\u00a0@SUM(A1)", 'after a no-break space');
  assert.is(inertCell('a\n-1'), "a\n'-1", 'after a line end');
  const chars = ['a', '1', ',', ';', '\t', '\n', '\r', ' ', '=', '+', '-', '@', "'", '"'];
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let n = 0; n < 20000; n++) {
    let value = '';
    for (let k = Math.floor(random() * 9); k > 0; k--) value += chars[Math.floor(random() * chars.length)];
    const inert = inertCell(value);
    assert.is(readCell(inert), value, `round trip of ${JSON.stringify(value)}`);
    for (const piece of inert.split(BREAK)) assert.not.match(piece, RUNS_AS_FORMULA, `${JSON.stringify(value)} gives the piece ${JSON.stringify(piece)}`);
    // Read back as the file is written: quoted, with the file's separator.
    for (const separator of [',', ';'] as const) {
      const read = parseCsv(`h${separator}i\r\n${csvLine([value, 'x'], separator)}`, separator).records[0];
      assert.equal([readCell(read?.[0] ?? ''), read?.[1]], [value, 'x'], `${separator} file: ${JSON.stringify(value)}`);
    }
  }
});

test('a file of very long cells is read in time proportional to its length, and the rows can be capped', () => {
  const cell = 'x'.repeat(100_000);
  const table = parseCsv(`a,b\r\n${cell},"${cell}"\r\n`.repeat(1));
  assert.equal(table.records.map((r) => r.map((c) => c.length)), [[100_000, 100_000]]);
  const rows = (n: number) => `h\n${Array.from({ length: n }, (_, i) => `r${i}`).join('\n')}\n`;
  assert.is(parseCsv(rows(3), undefined, { maxRecords: 3 }).records.length, 3);
  assert.throws(() => parseCsv(`${rows(4)}"never closed`, undefined, { maxRecords: 3 }), (e: unknown) => e instanceof CsvError && e.code === 'tooManyRows' && e.line === 5);
  assert.is(parseCsv('h\n\n\nr1\n\n', undefined, { maxRecords: 1 }).records.length, 1, 'blank lines are not rows');
});

test.run();
