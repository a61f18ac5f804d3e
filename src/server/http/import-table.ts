// Reading an import's CSV file (subjects: docs/subjects.md, staff users: docs/users.md, "Import"), bounded by rows as
// well as bytes (issue #34): the records are counted while the text is read, before any of them becomes an object
// or a database lookup, and the file is refused with a 413 as soon as one record passes IMPORT_MAX_ROWS. Reading
// pauses every few hundred records (setImmediate), so other requests are answered while a large file is read.
import { setImmediate } from 'node:timers/promises';
import { CsvError, parseCsvPausing, type CsvTable } from '../../common/csv';
import { apiError } from './errors';

/** What a file over the row limit is answered: a 413 ErrorVM (the client names the limit, `error.importTooManyRows`). */
export const importTooManyRows = (max: number, entityName: string) =>
  apiError(413, 'error.importTooManyRows', entityName, `The file has more than ${max} rows; nothing was imported`, { max: String(max) });

/** The file's table; a CsvError of its quoting is thrown as it is (the caller reports it as a row error). */
export async function readImportTable(text: string, maxRows: number, entityName: string): Promise<CsvTable> {
  try {
    return await parseCsvPausing(text, () => setImmediate(), { maxRecords: maxRows });
  } catch (error) {
    if (error instanceof CsvError && error.code === 'tooManyRows') throw importTooManyRows(maxRows, entityName);
    throw error;
  }
}
