// Calls of the OAuth client screens.
import type { ClientDetailsDTO } from '../../../common/dto';
import type { Http } from '../../lib/http';

export const CLIENTS_PATH = 'api/oauth-clients';

export const clientPath = (clientId: string) => `${CLIENTS_PATH}/${encodeURIComponent(clientId)}`;

export async function fetchClients(http: Http, signal?: AbortSignal): Promise<ClientDetailsDTO[]> {
  return (await http.get<ClientDetailsDTO[]>(CLIENTS_PATH, { signal })).data ?? [];
}

export async function fetchClient(http: Http, clientId: string, signal?: AbortSignal): Promise<ClientDetailsDTO | null> {
  return (await http.get<ClientDetailsDTO>(clientPath(clientId), { signal })).data ?? null;
}

/** POST for a new client, PUT for an existing one (the server raises the success alert by header). */
export async function saveClient(http: Http, client: ClientDetailsDTO, editing: boolean): Promise<ClientDetailsDTO | null> {
  const response = editing ? await http.put<ClientDetailsDTO>(CLIENTS_PATH, { body: client }) : await http.post<ClientDetailsDTO>(CLIENTS_PATH, { body: client });
  return response.data ?? null;
}
