// GET api/oauth-clients/pair (api.md §2.6): a researcher asks for a short-lived URL (shown as a QR code) from which
// the subject's app fetches a refresh token. Checks in the contract's order; one difference: an unknown clientId
// is a 404 here and now, instead of a QR code that can only fail when the app scans it.
import type { ClientPairInfoDTO } from '../../common/dto';
import { requirePermission, requireScope } from '../auth/guards';
import { first } from '../db/database';
import { ok, type RequestContext } from '../http/context';
import { accessDenied, apiError, badRequest } from '../http/errors';
import { recordAuditEvent } from '../oauth/audit';
import { findClient } from '../oauth/client-store';
import { clientNotFound } from '../oauth-clients/client-dto';
import { writeTransaction } from '../db/write-transaction';
import { booleanParam } from '../http/query-params';
import { subjectNotFound } from '../subjects/load-subject';
import { insertMetaToken } from './meta-token-store';

function requiredParam(ctx: RequestContext, name: string): string {
  const value = ctx.query.get(name)?.trim();
  if (!value) throw badRequest(`${name}: is required`, 'meta-token');
  if (value.length > 255) throw badRequest(`${name}: must be at most 255 characters`, 'meta-token');
  return value;
}

export async function pairClient(ctx: RequestContext) {
  const principal = await requireScope(ctx, 'SUBJECT.UPDATE');
  if (!principal.login || principal.token.clientCredentials) throw accessDenied('Only a signed-in user can pair an app');
  const login = requiredParam(ctx, 'login');
  const clientId = requiredParam(ctx, 'clientId');
  const persistent = booleanParam(ctx, 'persistent', false);
  const subject = await first<{ id: number; project_name: string | null }>(
    ctx.app.db,
    'SELECT s.id, p.project_name FROM subject s LEFT JOIN project p ON p.id = s.project_id WHERE s.login = $1',
    [login],
  );
  if (!subject) throw subjectNotFound(login);
  if (!subject.project_name) {
    throw apiError(404, 'error.subjectNotFound', 'subject', `Project for subject ${login} not found`, { subjectLogin: login });
  }
  await requirePermission(ctx, 'SUBJECT.UPDATE', { project: subject.project_name, subject: login });
  if (!(await findClient(ctx.app.db, clientId))) throw clientNotFound(clientId);
  const { config } = ctx.app;
  const timeout = persistent ? config.persistentMetaTokenTimeoutMs : config.metaTokenTimeoutMs;
  if (timeout === null) {
    throw apiError(400, 'error.persistentTokenDisabled', 'meta-token', 'Persistent tokens are disabled on this server');
  }
  const token = await writeTransaction(ctx, async (tx) => {
    const inserted = await insertMetaToken(tx, { subjectId: subject.id, clientId, persistent, timeoutMs: timeout });
    await recordAuditEvent(tx, principal.login!, 'PAIR_CLIENT_REQUEST', { client_id: clientId, subject_login: login });
    return inserted;
  });
  const body: ClientPairInfoDTO = {
    tokenName: token.name,
    tokenUrl: `${config.publicUrl}/api/meta-token/${token.name}`,
    baseUrl: config.publicUrl,
    timeout,
    timesOutAt: token.expiresAt.toISOString(),
  };
  return ok(body);
}
