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

test.run();
