// Every OAuth client, ordered by id (the list is not paged).
import type { Queryable } from '../db/database';
import { findClient, type OAuthClient } from '../oauth/client-store';

export async function listClients(db: Queryable): Promise<OAuthClient[]> {
  const ids = await db.query<{ client_id: string }>('SELECT client_id FROM oauth_client ORDER BY client_id');
  const clients = await Promise.all(ids.map((r) => findClient(db, r.client_id)));
  return clients.filter((c): c is OAuthClient => c !== undefined);
}
