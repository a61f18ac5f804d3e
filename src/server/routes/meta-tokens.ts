// api/meta-token/{tokenName} (api.md §5.14, §2.6): fetching is public (the token name is the credential, so the
// answer is never cached); deleting needs SUBJECT.UPDATE on the token's subject, as the pair dialog revokes the
// token it made when it closes.
import { requireAuth, requirePermission } from '../auth/guards';
import { noContent, type RequestContext } from '../http/context';
import { accessDenied } from '../http/errors';
import { Router } from '../http/router';
import { findMetaToken, tokenNotFound } from '../meta-tokens/meta-token-store';
import { exchangeMetaToken } from '../meta-tokens/token-exchange';
import { writeTransaction } from '../db/write-transaction';

async function remove(ctx: RequestContext) {
  const { tokenName } = ctx.params;
  await requireAuth(ctx);
  const token = await findMetaToken(ctx.app.db, tokenName);
  if (!token) throw tokenNotFound(tokenName);
  if (!token.project_name || !token.subject_login) throw accessDenied('The token\'s subject has no active project');
  await requirePermission(ctx, 'SUBJECT.UPDATE', { project: token.project_name, subject: token.subject_login });
  await writeTransaction(ctx, (tx) => tx.query('DELETE FROM radar_meta_token WHERE id = $1', [token.id]));
  return noContent();
}

export function metaTokenRoutes(): Router {
  return new Router().get('/api/meta-token/:tokenName', exchangeMetaToken).delete('/api/meta-token/:tokenName', remove);
}
