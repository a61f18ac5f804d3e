// api/oauth-clients (api.md §5.13): the OAuth clients apps and services use. Listing needs the OAUTHCLIENTS.READ
// scope; reading one, creating, updating and deleting are global checks, so only system administrators (and
// client-credentials tokens holding the scope) pass. Protected clients (the portal's own) cannot be changed.
// Pairing (`pair`) is registered before `:clientId` so it is not read as a client id.
import { requirePermission, requireScope } from '../auth/guards';
import { created, ok, type RequestContext } from '../http/context';
import { Router } from '../http/router';
import { findClient } from '../oauth/client-store';
import { writeTransaction } from '../db/write-transaction';
import { clientAlert, clientIdExists, clientNotFound, toClientDTO } from '../oauth-clients/client-dto';
import { parseClientInput } from '../oauth-clients/client-input';
import { deleteClient, insertClient, secretHashOf, updateClient } from '../oauth-clients/client-write';
import { pairClient } from '../meta-tokens/pair';
import { listClients } from '../oauth-clients/client-list';

async function list(ctx: RequestContext) {
  await requireScope(ctx, 'OAUTHCLIENTS.READ');
  return ok((await listClients(ctx.app.db)).map(toClientDTO));
}

async function getOne(ctx: RequestContext) {
  await requirePermission(ctx, 'OAUTHCLIENTS.READ');
  const client = await findClient(ctx.app.db, ctx.params.clientId);
  if (!client) throw clientNotFound(ctx.params.clientId);
  return ok(toClientDTO(client));
}

async function create(ctx: RequestContext) {
  await requirePermission(ctx, 'OAUTHCLIENTS.CREATE');
  const input = parseClientInput(await ctx.json());
  if (await findClient(ctx.app.db, input.clientId)) throw clientIdExists(input.clientId); // before the slow hash
  const hash = (await secretHashOf(input.secret, true)) ?? null;
  const client = await writeTransaction(ctx, (tx) => insertClient(tx, input, hash), { unique: () => clientIdExists(input.clientId) });
  const location = `${ctx.app.config.publicUrl}/api/oauth-clients/${encodeURIComponent(client.clientId)}`;
  return created(toClientDTO(client), location, clientAlert('created', client.clientId));
}

async function update(ctx: RequestContext) {
  await requirePermission(ctx, 'OAUTHCLIENTS.UPDATE');
  const input = parseClientInput(await ctx.json());
  if (!(await findClient(ctx.app.db, input.clientId))) throw clientNotFound(input.clientId);
  const hash = await secretHashOf(input.secret, false);
  const client = await writeTransaction(ctx, (tx) => updateClient(tx, input, hash));
  return ok(toClientDTO(client), clientAlert('updated', client.clientId));
}

async function remove(ctx: RequestContext) {
  await requirePermission(ctx, 'OAUTHCLIENTS.DELETE');
  const { clientId } = ctx.params;
  await writeTransaction(ctx, (tx) => deleteClient(tx, clientId));
  return { status: 200, headers: clientAlert('deleted', clientId) };
}

export function oauthClientRoutes(): Router {
  return new Router()
    .get('/api/oauth-clients', list)
    .post('/api/oauth-clients', create)
    .put('/api/oauth-clients', update)
    .get('/api/oauth-clients/pair', pairClient)
    .get('/api/oauth-clients/:clientId', getOne)
    .delete('/api/oauth-clients/:clientId', remove);
}
