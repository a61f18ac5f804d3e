// Calls of the participant screens (docs/subjects.md): the CSV import (sent with upload progress, so a long file
// shows a progress bar), the pairing sheet, the invitations and the export link.
import type { ClientDetailsDTO, PairingSheetEntry } from '../../../common/dto';
import type { ImportReport as CommonImportReport, SubjectImportRow, UserImportReport, UserImportRow } from '../../../common/import-report';
import { readCookie, XSRF_COOKIE, XSRF_HEADER, type Http } from '../../lib/http';
import type { QueryObject } from '../../lib/query-string';

/** A subject or a user import's report, as the import page shows either. */
export type ImportReport = CommonImportReport<Partial<SubjectImportRow> & Partial<UserImportRow> & Pick<SubjectImportRow, 'row' | 'action' | 'login'>> &
  Pick<UserImportReport, 'notMailed'>;

export type { PairingSheetEntry };

export interface MetaToken {
  tokenName: string;
  subjectLogin: string | null;
  externalId: string | null;
  clientId: string;
  persistent: boolean;
  status: 'PENDING' | 'USED' | 'EXPIRED';
  createdBy: string | null;
  createdAt: string | null;
  expiresAt: string;
  usedAt: string | null;
}

/** An import (`path`: subjects or users): `onProgress` gets the share of the file sent (0 to 1); the server then
 * checks and writes. */
export function importCsv(http: Http, path: string, csv: string, dryRun: boolean, onProgress: (sent: number) => void): Promise<ImportReport> {
  const url = http.url(path, { dryRun: String(dryRun) });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Content-Type', 'text/csv; charset=utf-8');
    xhr.setRequestHeader('Accept', 'application/json');
    const xsrf = readCookie(document.cookie, XSRF_COOKIE);
    if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 200) resolve(body as ImportReport);
      else reject(Object.assign(new Error(`HTTP ${xhr.status}`), { status: xhr.status, body }));
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(csv);
  });
}

export async function makePairingSheet(http: Http, projectName: string, clientId: string, logins: string[], persistent: boolean): Promise<PairingSheetEntry[]> {
  const path = `api/projects/${encodeURIComponent(projectName)}/pairing-sheet`;
  return (await http.post<PairingSheetEntry[]>(path, { body: { clientId, logins, persistent } })).data;
}

export async function fetchPairableClients(http: Http, signal?: AbortSignal): Promise<ClientDetailsDTO[]> {
  const clients = (await http.get<ClientDetailsDTO[]>('api/oauth-clients', { signal })).data ?? [];
  return clients.filter((c) => c.additionalInformation?.dynamic_registration === 'true');
}

/** The logins of up to `limit` subjects the list's filters and sort match. */
export async function matchingLogins(http: Http, projectName: string, query: QueryObject, limit: number, signal?: AbortSignal): Promise<string[]> {
  const path = `api/projects/${encodeURIComponent(projectName)}/subjects`;
  const { data } = await http.get<{ login: string }[]>(path, { query: { ...query, size: limit }, signal });
  return (data ?? []).map((s) => s.login);
}

/** The export's address with the list's filters and sort (a download link: the session cookie authenticates it). */
export const exportUrl = (http: Http, projectName: string | undefined, query: QueryObject): string =>
  projectName === undefined ? http.url('api/subjects.csv', query) : http.url(`api/projects/${encodeURIComponent(projectName)}/subjects.csv`, query);
