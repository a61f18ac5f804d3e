// The downloadable import report: one line per row of the file with what the import does with it and why not (each
// reason as `describe` words it: the import page gives it in the reader's language).
import { csvLine } from '../../../common/csv';
import type { ImportError } from '../../../common/import-report';
import type { ImportReport } from './participants-api';

export function reportCsv(report: ImportReport, describe: (error: ImportError) => string): string {
  const reasons = new Map<number, string[]>();
  for (const e of report.errors) reasons.set(e.row, [...(reasons.get(e.row) ?? []), describe(e)]);
  let text = '\uFEFF' + csvLine(['row', 'action', 'login', 'externalId or email', 'errors']);
  const listed = new Set<number>();
  for (const r of report.rows) {
    listed.add(r.row);
    text += csvLine([String(r.row), r.action, r.login ?? '', r.externalId ?? r.email ?? '', (reasons.get(r.row) ?? []).join('; ')]);
  }
  // Errors of the file as a whole (the header) have no row of their own.
  for (const [row, messages] of reasons) if (!listed.has(row)) text += csvLine([String(row), 'error', '', '', messages.join('; ')]);
  return text;
}

/** Offers `text` as a file download. */
export function download(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
