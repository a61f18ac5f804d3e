// GET api/oauth-clients/pair (docs/oauth.md, Pairing): a researcher asks for a short-lived URL (shown as a QR code)
// from which the subject's app fetches a refresh token. The checks come in ManagementPortal's order, except that
// only a caller who may pair the subject learns what the other parameters must be (docs/permissions.md, "Refusal
// before validation"): a signed-in user (not a client) holding SUBJECT.UPDATE, the login, the subject and the
// permission on it, then the other parameters and the client.
// One difference: an unknown clientId is a 404 here and now, instead of a QR code that can only fail when the app
// scans it.
import type { ClientPairInfoDTO } from '../../common/dto';
import type { EntityDetails } from '../../common/permission-check';
import type { Principal } from '../auth/principal';
import { first } from '../db/database';
import { ok, type Reply, type RequestContext } from '../http/context';
import { accessDenied, apiError, badRequest } from '../http/errors';
import type { Located } from '../http/route';
import { recordAuditEvent } from '../oauth/audit';
import { findClient } from '../oauth/client-store';
import { clientNotFound } from '../oauth-clients/client-dto';
import { writeTransaction } from '../db/write-transaction';
import { booleanParam } from '../http/query-params';
import { subjectNotFound } from '../http/not-found';
import { insertMetaToken } from './meta-token-store';

function requiredParam(ctx: RequestContext, name: string): string {
  const value = ctx.query.get(name)?.trim();
  if (!value) throw badRequest(`${name}: is required`, 'meta-token');
  if (value.length > 255) throw badRequest(`${name}: must be at most 255 characters`, 'meta-token');
  return value;
}

/** The subject to pair. */
export interface PairTarget {
  login: string;
  subjectId: number;
}

/**
 * The route's finder: after the SUBJECT.UPDATE scope, only a signed-in user may pair; then the login (400) and the
 * subject (404), whose project the permission is checked on.
 */
export async function pairTarget(ctx: RequestContext, principal: Principal): Promise<Located<PairTarget>> {
  if (!principal.login || principal.token.clientCredentials) throw accessDenied('Only a signed-in user can pair an app');
  const login = requiredParam(ctx, 'login');
  const subject = await first<{ id: number; project_name: string | null }>(
    ctx.app.db,
    'SELECT s.id, p.project_name FROM subject s LEFT JOIN project p ON p.id = s.project_id WHERE s.login = $1',
    [login],
  );
  if (!subject) throw subjectNotFound(login);
  if (!subject.project_name) {
    throw apiError(404, 'error.subjectNotFound', 'subject', `Project for subject ${login} not found`, { subjectLogin: login });
  }
  const entity: EntityDetails = { project: subject.project_name, subject: login };
  return { entity, found: { login, subjectId: subject.id } };
}

/** The pairing link, once the caller may update the subject. */
export async function pairClient(ctx: RequestContext, principal: Principal, target: PairTarget): Promise<Reply> {
  const { login } = target;
  const clientId = requiredParam(ctx, 'clientId');
  const persistent = booleanParam(ctx.query, 'persistent', false);
  if (!(await findClient(ctx.app.db, clientId))) throw clientNotFound(clientId);
  const { config } = ctx.app;
  const timeout = persistent ? config.persistentMetaTokenTimeoutMs : config.metaTokenTimeoutMs;
  if (timeout === null) {
    throw apiError(400, 'error.persistentTokenDisabled', 'meta-token', 'Persistent tokens are disabled on this server');
  }
  const token = await writeTransaction(ctx, async (tx) => {
    const inserted = await insertMetaToken(tx, { subjectId: target.subjectId, clientId, persistent, timeoutMs: timeout, createdBy: principal.login });
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
