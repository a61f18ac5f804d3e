// Calls of the pair-app dialog: the subject (for its project's persistentTokenTimeout), the apps that
// may pair (dynamic_registration 'true'), pairing, and revoking a token. Kept in this chunk so the dialog does not
// pull in the subject screens.
import type { ClientDetailsDTO, ClientPairInfoDTO, SubjectDTO } from '../../../../common/dto';
import type { Http } from '../../../lib/http';

export async function fetchSubject(http: Http, login: string, signal?: AbortSignal): Promise<SubjectDTO | null> {
  return (await http.get<SubjectDTO>(`api/subjects/${encodeURIComponent(login)}`, { signal })).data ?? null;
}

export async function fetchPairableClients(http: Http, signal?: AbortSignal): Promise<ClientDetailsDTO[]> {
  const clients = (await http.get<ClientDetailsDTO[]>('api/oauth-clients', { signal })).data ?? [];
  return clients.filter((c) => c.additionalInformation?.dynamic_registration === 'true');
}

export async function pair(http: Http, login: string, clientId: string, persistent: boolean): Promise<ClientPairInfoDTO> {
  const query = { clientId, login, persistent: String(persistent) };
  return (await http.get<ClientPairInfoDTO>('api/oauth-clients/pair', { query })).data;
}

/** A failed delete of a stale token is only logged. */
export function revokeToken(http: Http, tokenName: string): Promise<void> {
  return http.delete(`api/meta-token/${encodeURIComponent(tokenName)}`, { silent: true }).then(
    () => undefined,
    (error: unknown) => console.warn('Could not delete pairing token', tokenName, error),
  );
}
