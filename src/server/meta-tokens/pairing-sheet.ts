// POST api/projects/{projectName}/pairing-sheet (docs/subjects.md, "Pairing sheet"): a pairing link for each of up to
// 500 subjects of the project at once, to be printed as a sheet of QR codes. The checks are those of one pairing
// (pair.ts): a signed-in user holding SUBJECT.UPDATE in the project, a known app, persistent links enabled when asked
// for; and every login must be a subject of the project. All links are made in one transaction, or none.
import type { PairingSheetEntry } from '../../common/dto';
import type { Principal } from '../auth/principal';
import { writeTransaction } from '../db/write-transaction';
import { ok, type Reply, type RequestContext } from '../http/context';
import { accessDenied, apiError } from '../http/errors';
import { projectIdByName } from '../projects/project-dto';
import { recordAuditEvent } from '../oauth/audit';
import { findClient } from '../oauth/client-store';
import { clientNotFound } from '../oauth-clients/client-dto';
import { insertMetaToken } from './meta-token-store';

export const MAX_SHEET_SUBJECTS = 500;

export interface PairingSheetBody {
  clientId: string;
  logins: string[];
  persistent?: boolean | null;
}

/** The route's own checks of the logins: how many, and no null among them (null passes the schema's type check). */
export function sheetErrors(body: Record<string, unknown>) {
  const logins = Array.isArray(body.logins) ? body.logins : [];
  const error = (message: string) => [{ objectName: 'pairingSheet', field: 'logins', message }];
  if (logins.length > MAX_SHEET_SUBJECTS) return error(`Size: at most ${MAX_SHEET_SUBJECTS} subjects`);
  if (logins.some((l) => typeof l !== 'string')) return error('NotNull: every login is a string');
  return [];
}

export async function makePairingSheet(ctx: RequestContext, principal: Principal, projectName: string, body: PairingSheetBody): Promise<Reply> {
  if (!principal.login || principal.token.clientCredentials) throw accessDenied('Only a signed-in user can pair an app');
  const { config } = ctx.app;
  const persistent = body.persistent === true;
  const timeout = persistent ? config.persistentMetaTokenTimeoutMs : config.metaTokenTimeoutMs;
  if (timeout === null) throw apiError(400, 'error.persistentTokenDisabled', 'meta-token', 'Persistent tokens are disabled on this server');
  if (!(await findClient(ctx.app.db, body.clientId))) throw clientNotFound(body.clientId);
  const logins = [...new Set(body.logins.map((l) => l.toLowerCase()))];
  const entries = await writeTransaction(ctx, async (tx) => {
    const projectId = await projectIdByName(tx, projectName);
    const subjects = await tx.query<{ id: number; login: string; external_id: string | null }>(
      'SELECT id, login, external_id FROM subject WHERE project_id = $1 AND login = ANY($2::text[])',
      [projectId, logins],
    );
    const byLogin = new Map(subjects.map((s) => [s.login, s]));
    const missing = logins.filter((l) => !byLogin.has(l));
    if (missing.length) {
      throw apiError(400, 'error.subjectNotFound', 'subject', `Not subjects of project ${projectName}: ${missing.slice(0, 10).join(', ')}`, {
        logins: missing.slice(0, 10).join(','),
      });
    }
    const made: PairingSheetEntry[] = [];
    for (const login of logins) {
      const subject = byLogin.get(login)!;
      const token = await insertMetaToken(tx, { subjectId: Number(subject.id), clientId: body.clientId, persistent, timeoutMs: timeout, createdBy: principal.login });
      made.push({
        login, externalId: subject.external_id, tokenName: token.name,
        tokenUrl: `${config.publicUrl}/api/meta-token/${token.name}`, timesOutAt: token.expiresAt.toISOString(),
      });
    }
    await recordAuditEvent(tx, principal.login!, 'PAIR_CLIENT_REQUEST', { client_id: body.clientId, subject_login: logins.join(',').slice(0, 2000) });
    return made;
  });
  return ok(entries);
}
