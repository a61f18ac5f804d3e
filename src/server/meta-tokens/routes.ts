// api/meta-token/{tokenName} (docs/oauth.md, Pairing): fetching is public (the token name is the credential, so the
// answer is never cached); deleting needs SUBJECT.UPDATE on the token's subject, as the pair dialog revokes the
// token it made when it closes.
import { recordSecurityEvent } from '../audit/security-events';
import { arrayOf, enumOf, ref } from '../../common/schema';
import { writeTransaction } from '../db/write-transaction';
import { noContent } from '../http/context';
import { accessDenied } from '../http/errors';
import { perm, PUBLIC, route, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { parsePageable, type Pageable } from '../http/paging';
import { parseQuery as parseDeclared } from '../http/route';
import { validationFailed } from '../http/errors';
import { INVITATION_STATUSES, listInvitations, type InvitationStatus } from './invitations';
import { findMetaToken, tokenNotFound } from './meta-token-store';
import { makePairingSheet, sheetErrors, type PairingSheetBody } from './pairing-sheet';
import { exchangeMetaToken } from './token-exchange';

const INVITATION_QUERY = {
  ...doc.pageable(20, []),
  status: doc.param(enumOf([...INVITATION_STATUSES]), 'Only links in this state'),
};

/** Paging plus the optional status filter; every problem is one 400. */
function invitationQuery(query: URLSearchParams): Pageable & { status?: InvitationStatus } {
  const pageable = parsePageable(query, { defaultSize: 20, sortable: {} });
  const { values, errors } = parseDeclared({ status: INVITATION_QUERY.status }, query, 'query');
  if (errors.length) throw validationFailed('query', errors);
  return { ...pageable, status: values.status as InvitationStatus | undefined };
}

export const metaTokenRoutes: RouteEntry[] = [
  route({
    method: 'GET', path: '/api/meta-token/:tokenName', access: PUBLIC, changesState: true,
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

  route<undefined, undefined, undefined, Pageable & { status?: InvitationStatus }>({
    method: 'GET', path: '/api/projects/:projectName/meta-tokens', access: perm('SUBJECT.UPDATE', 'project'),
    find: ({ params }) => ({ project: params.projectName }),
    parseQuery: (query) => invitationQuery(query),
    query: INVITATION_QUERY,
    handler: ({ ctx, params, query }) => listInvitations(ctx.app.db, params.projectName, query, query.status),
    doc: {
      tag: 'Pairing', summary: 'Invitations: the pairing links of a project', pathParams: { projectName: 'Project name' },
      description: 'Newest first. Who may pair the project\'s subjects may see their links (the name is the credential).',
      success: doc.paged('MetaTokenDTO', 'One page'), errors: { 404: 'error.projectNameNotFound' },
    },
  }),

  route<PairingSheetBody>({
    method: 'POST', path: '/api/projects/:projectName/pairing-sheet', access: perm('SUBJECT.UPDATE', 'project'),
    find: ({ params }) => ({ project: params.projectName }),
    body: {
      objectName: 'pairingSheet', schema: ref('PairingSheetRequest'), extra: sheetErrors,
      rules: { objectName: 'pairingSheet', fields: { clientId: { required: true, maxLength: 255 }, logins: { required: true, minLength: 1, maxLength: 50 } } },
    },
    handler: ({ ctx, principal, params, body }) => makePairingSheet(ctx, principal, params.projectName, body),
    doc: {
      tag: 'Pairing', summary: 'Pairing links for many subjects (a printable sheet)', pathParams: { projectName: 'Project name' },
      description: 'One link per subject of the project, in one transaction; only a signed-in user may pair.',
      success: doc.ok(arrayOf(ref('PairingSheetEntry')), 'The links, in the order of the logins'),
      errors: { 400: 'error.subjectNotFound (a login not of the project), error.persistentTokenDisabled', 403: 'error.accessDenied: not a signed-in user', 404: 'error.clientNotFound, error.projectNameNotFound' },
    },
  }),
];
