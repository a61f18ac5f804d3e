// GET api/meta-token/{tokenName} (public, docs/oauth.md, Pairing): the paired app trades the meta-token for a refresh
// token of the subject's user, issued to the stored client as if by an authorization-code grant with the client's
// scopes. Marking the token fetched and issuing the tokens happen in one transaction under a row lock, so a
// single-use token yields exactly one refresh token however many requests race for it. A name that cannot be
// exchanged (unknown, used, expired, its user gone) is answered alike, 404 error.tokenNotFound, so the answer does not
// tell a guesser that a name once existed; such failures are throttled per address (pairing-throttle.ts).
import { recordSecurityEvent } from '../audit/security-events';
import { randomUUID } from 'node:crypto';
import type { TokenDTO } from '../../common/dto';
import type { Queryable } from '../db/database';
import { first } from '../db/database';
import type { RequestContext } from '../http/context';
import { ok } from '../http/context';
import { apiError } from '../http/errors';
import { isHttpUrl } from '../../common/safe-url';
import { findClient } from '../oauth/client-store';
import { OAuthError } from '../oauth/oauth-error';
import { issueTokens } from '../oauth/token-issuer';
import { clientNotFound } from '../oauth-clients/client-dto';
import { findMetaToken, tokenNotFound } from './meta-token-store';
import { checkPairingThrottle, countPairingFailure } from './pairing-throttle';
import { recordSubjectSeen } from '../subjects/last-seen';

async function privacyPolicyUrl(tx: Queryable, projectId: number | null, fallback: string): Promise<string> {
  if (projectId === null) return fallback;
  const row = await first<{ attribute_value: string | null }>(
    tx,
    "SELECT attribute_value FROM project_metadata WHERE project_id = $1 AND attribute_key = 'Privacy-policy-url'",
    [projectId],
  );
  const url = row?.attribute_value?.trim();
  if (!url) return fallback;
  // A malformed project URL was a 500 in the original; the platform default serves the app better. Only http(s) is
  // handed on: a javascript: or data: value stored before project-input.ts refused them must not reach an app.
  return isHttpUrl(url) ? url : fallback;
}

/** Thrown inside the transaction for every name that cannot be exchanged; counted against the address after it. */
class Unusable extends Error {}

export async function exchangeMetaToken(ctx: RequestContext) {
  const { tokenName } = ctx.params;
  const { app } = ctx;
  await checkPairingThrottle(app.db, ctx.remoteAddress);
  await app.keys.signingKey(); // loaded before the transaction: PGlite runs one statement stream at a time
  try {
    return await exchange(ctx, tokenName);
  } catch (error) {
    if (!(error instanceof Unusable)) throw error;
    await countPairingFailure(app.db, ctx.remoteAddress);
    throw tokenNotFound(tokenName);
  }
}

async function exchange(ctx: RequestContext, tokenName: string) {
  const { app } = ctx;
  const body = await app.db.transaction(async (tx): Promise<TokenDTO> => {
    const token = await findMetaToken(tx, tokenName, true);
    if (!token || !token.live || (token.fetched && !token.persistent) || token.user_id === null) throw new Unusable();
    const client = await findClient(tx, token.client_id);
    if (!client) throw clientNotFound(token.client_id);
    if (!client.grantTypes.includes('refresh_token')) {
      throw apiError(400, 'error.refreshTokenNotAllowed', 'meta-token', `Client ${client.clientId} cannot use refresh tokens`, {
        clientId: client.clientId,
      });
    }
    // The pairing is remembered per subject (export, docs/subjects.md) beyond the monthly purge of used links.
    await tx.query(
      `WITH used AS (UPDATE radar_meta_token SET fetched = true, used_at = now() WHERE id = $1 RETURNING subject_id)
       INSERT INTO subject_pairing (subject_id, last_paired_at) SELECT subject_id, now() FROM used WHERE subject_id IS NOT NULL
       ON CONFLICT (subject_id) DO UPDATE SET last_paired_at = excluded.last_paired_at`,
      [token.id],
    );
    await recordSecurityEvent(tx, token.subject_login ?? undefined, 'PAIRING_TOKEN_EXCHANGED', {
      subject_login: token.subject_login, client_id: token.client_id, remoteAddress: ctx.remoteAddress,
    });
    try {
      const issued = await issueTokens(tx, app.keys, {
        client, grantType: 'authorization_code', scopes: client.scopes, userId: token.user_id, withRefreshToken: true, grantId: randomUUID(),
      });
      await recordSubjectSeen(tx, token.user_id); // pairing is the first contact (docs/subjects.md, Activity)
      return {
        refreshToken: issued.body.refresh_token!,
        baseUrl: app.config.platformBaseUrl ?? app.config.publicUrl, // MP's common.baseUrl (PLATFORM_BASE_URL)
        privacyPolicyUrl: await privacyPolicyUrl(tx, token.project_id, app.config.privacyPolicyUrl),
      };
    } catch (error) {
      if (error instanceof OAuthError) throw new Unusable(); // the subject's user was deactivated meanwhile
      throw error;
    }
  });
  return ok(body, { 'Cache-Control': 'no-store' });
}
