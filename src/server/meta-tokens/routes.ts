// api/meta-token/{tokenName} (docs/oauth.md, Pairing): fetching is public (the token name is the credential, so the
// answer is never cached); deleting needs SUBJECT.UPDATE on the token's subject, as the pair dialog revokes the
// token it made when it closes.
import { recordSecurityEvent } from '../audit/security-events';
import { ref } from '../../common/schema';
import { writeTransaction } from '../db/write-transaction';
import { noContent } from '../http/context';
import { accessDenied } from '../http/errors';
import { perm, PUBLIC, route, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { findMetaToken, tokenNotFound } from './meta-token-store';
import { exchangeMetaToken } from './token-exchange';

export const metaTokenRoutes: RouteEntry[] = [
  route({
    method: 'GET', path: '/api/meta-token/:tokenName', access: PUBLIC,
    handler: ({ ctx }) => exchangeMetaToken(ctx),
    doc: {
      tag: 'Pairing', summary: 'Exchange a pairing link for a refresh token', description: 'The token name is the credential. Non-persistent links work once.',
      pathParams: { tokenName: 'The name from the pairing link' },
      success: doc.ok(ref('TokenDTO'), 'A refresh token for the app (Cache-Control: no-store)'),
      errors: { 400: 'error.refreshTokenNotAllowed: the client has no refresh_token grant', 404: 'error.tokenNotFound', 410: 'error.TokenCannotBeSent: used or expired' },
    },
  }),

  route<undefined, { id: number; subject: string }>({
    method: 'DELETE', path: '/api/meta-token/:tokenName', access: perm('SUBJECT.UPDATE', 'subject'),
    find: async ({ ctx, params }) => {
      const token = await findMetaToken(ctx.app.db, params.tokenName);
      if (!token) throw tokenNotFound(params.tokenName);
      if (!token.project_name || !token.subject_login) throw accessDenied('The token\'s subject has no active project');
      return { entity: { project: token.project_name, subject: token.subject_login }, found: { id: token.id, subject: token.subject_login } };
    },
    handler: async ({ ctx, principal, found }) => {
      await writeTransaction(ctx, async (tx) => {
        await tx.query('DELETE FROM radar_meta_token WHERE id = $1', [found.id]);
        await recordSecurityEvent(tx, principal.login ?? principal.clientId, 'PAIRING_TOKEN_REVOKED', { subject_login: found.subject });
      });
      return noContent();
    },
    doc: {
      tag: 'Pairing', summary: 'Revoke a pairing link', pathParams: { tokenName: 'The name from the pairing link' },
      success: doc.noContent('Revoked'), errors: { 403: 'error.accessDenied: the token\'s subject has no project, or no SUBJECT.UPDATE on it', 404: 'error.tokenNotFound' },
    },
  }),
];
