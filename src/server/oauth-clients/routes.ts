// api/oauth-clients (docs/oauth.md, OAuth clients): the OAuth clients apps and services use. Listing needs the
// OAUTHCLIENTS.READ scope; reading one, creating, updating and deleting are global checks, so only system
// administrators (and client-credentials tokens holding the scope) pass. Protected clients (the portal's own) cannot
// be changed. Pairing (`pair`) is registered before `:clientId` so it is not read as a client id.
import { recordSecurityEvent } from '../audit/security-events';
import { ref, string } from '../../common/schema';
import { writeTransaction } from '../db/write-transaction';
import { created, ok } from '../http/context';
import { perm, route, scope, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { pairClient, pairTarget, type PairTarget } from '../meta-tokens/pair';
import { findClient } from '../oauth/client-store';
import { clientAlert, clientIdExists, clientNotFound, toClientDTO } from './client-dto';
import { CLIENT_BODY, clientInput, type ClientBody } from './client-input';
import { listClients } from './client-list';
import { deleteClient, insertClient, secretHashOf, updateClient } from './client-write';

export const oauthClientRoutes: RouteEntry[] = [
  route({
    method: 'GET', path: '/api/oauth-clients', access: scope('OAUTHCLIENTS.READ'),
    handler: async ({ ctx }) => ok((await listClients(ctx.app.db)).map(toClientDTO)),
    doc: { tag: 'OAuth clients', summary: 'List OAuth clients', success: doc.list('ClientDetailsDTO', 'All clients (not paged)') },
  }),

  route<ClientBody>({
    method: 'POST', path: '/api/oauth-clients', access: perm('OAUTHCLIENTS.CREATE', 'global'), body: CLIENT_BODY,
    handler: async ({ ctx, principal, body }) => {
      const input = clientInput(body);
      if (await findClient(ctx.app.db, input.clientId)) throw clientIdExists(input.clientId); // before the slow hash
      const hash = (await secretHashOf(input.secret, true)) ?? null;
      const client = await writeTransaction(ctx, async (tx) => {
        const made = await insertClient(tx, input, hash);
        await recordSecurityEvent(tx, principal.login ?? principal.clientId, 'OAUTH_CLIENT_CREATED', { client_id: made.clientId });
        return made;
      }, { unique: () => clientIdExists(input.clientId) });
      const location = `${ctx.app.config.publicUrl}/api/oauth-clients/${encodeURIComponent(client.clientId)}`;
      return created(toClientDTO(client), location, clientAlert('created', client.clientId));
    },
    doc: {
      tag: 'OAuth clients', summary: 'Create an OAuth client',
      success: doc.created(ref('ClientDetailsDTO'), 'Created; alert managementPortalApp.oauthClient.created'), errors: { 409: 'error.clientIdExists' },
    },
  }),

  route<ClientBody>({
    method: 'PUT', path: '/api/oauth-clients', access: perm('OAUTHCLIENTS.UPDATE', 'global'), body: CLIENT_BODY,
    handler: async ({ ctx, principal, body }) => {
      const input = clientInput(body);
      if (!(await findClient(ctx.app.db, input.clientId))) throw clientNotFound(input.clientId);
      const hash = await secretHashOf(input.secret, false);
      const client = await writeTransaction(ctx, async (tx) => {
        const saved = await updateClient(tx, input, hash);
        await recordSecurityEvent(tx, principal.login ?? principal.clientId, 'OAUTH_CLIENT_UPDATED', { client_id: saved.clientId, secretChanged: hash !== undefined });
        return saved;
      });
      return ok(toClientDTO(client), clientAlert('updated', client.clientId));
    },
    doc: {
      tag: 'OAuth clients', summary: 'Update an OAuth client', description: 'Replaces every field; the secret changes only when a new one is given.',
      success: doc.ok(ref('ClientDetailsDTO'), 'Saved', ['alert']),
      errors: { 403: 'error.oAuthClientProtected: the portal\'s own client', 404: 'error.oAuthClientIdNotFound' },
    },
  }),

  route<undefined, PairTarget, undefined, URLSearchParams>({
    method: 'GET', path: '/api/oauth-clients/pair', access: perm('SUBJECT.UPDATE', 'subject'), changesState: true,
    // Read by the finder, with ManagementPortal's messages and order; declared here for the documentation.
    query: {
      login: doc.param(string(), 'The subject', true),
      clientId: doc.param(string(), 'The app\'s OAuth client', true),
      persistent: doc.flag('A link that can be used until it expires (P31D by default) instead of once within PT1H', false),
    },
    parseQuery: (query) => query,
    find: ({ ctx, principal }) => pairTarget(ctx, principal),
    handler: ({ ctx, principal, found }) => pairClient(ctx, principal, found),
    doc: {
      tag: 'Pairing', summary: 'Create a pairing link (QR code) for a subject\'s app',
      success: doc.ok(ref('ClientPairInfoDTO'), 'The link'),
      errors: {
        400: 'A missing or too long login or clientId, persistent not true or false, or error.persistentTokenDisabled',
        403: 'error.accessDenied: not a signed-in user, or no SUBJECT.UPDATE on the subject',
        404: 'error.subjectNotFound, error.oAuthClientIdNotFound',
      },
    },
  }),

  route({
    method: 'GET', path: '/api/oauth-clients/:clientId', access: perm('OAUTHCLIENTS.READ', 'global'),
    handler: async ({ ctx, params }) => {
      const client = await findClient(ctx.app.db, params.clientId);
      if (!client) throw clientNotFound(params.clientId);
      return ok(toClientDTO(client));
    },
    doc: {
      tag: 'OAuth clients', summary: 'One OAuth client', pathParams: { clientId: 'OAuth client id' },
      success: doc.ok(ref('ClientDetailsDTO'), 'The client'), errors: { 404: 'error.oAuthClientIdNotFound' },
    },
  }),

  route({
    method: 'DELETE', path: '/api/oauth-clients/:clientId', access: perm('OAUTHCLIENTS.DELETE', 'global'),
    handler: async ({ ctx, principal, params }) => {
      const { clientId } = params;
      await writeTransaction(ctx, async (tx) => {
        await deleteClient(tx, clientId);
        await recordSecurityEvent(tx, principal.login ?? principal.clientId, 'OAUTH_CLIENT_DELETED', { client_id: clientId });
      });
      return { status: 200, headers: clientAlert('deleted', clientId) };
    },
    doc: {
      tag: 'OAuth clients', summary: 'Delete an OAuth client', pathParams: { clientId: 'OAuth client id' },
      success: doc.ok(undefined, 'Deleted', ['alert']), errors: { 403: 'error.oAuthClientProtected', 404: 'error.oAuthClientIdNotFound' },
    },
  }),
];
