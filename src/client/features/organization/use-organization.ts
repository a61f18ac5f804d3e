// One organization by name: from the session cache (kept current by saves), or, until the cache holds it, from
// GET api/organizations/{name}.
import type { OrganizationDTO } from '../../../common/dto';
import { useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useResource } from '../../lib/resource-react';
import { findOrganization } from '../../lib/session-store';
import { useSessionState } from '../../lib/session-react';

export interface OrganizationLookup {
  organization: OrganizationDTO | undefined;
  /** Why the request failed (a 404: there is no such organization; other failures are also alerts). */
  error: unknown;
  retry(): void;
}

export function useOrganization(name: string | undefined): OrganizationLookup {
  const http = useHttp();
  const cached = useSessionState((state) => (name === undefined ? undefined : findOrganization(state, name)));
  const fetched = useResource(name !== undefined && cached === undefined ? ['organization', name] : null, async (signal) =>
    (await http.get<OrganizationDTO>(`api/organizations/${pathOf(name!)}`, { signal })).data,
  );
  const organization = cached ?? (fetched.data?.name === name ? fetched.data : undefined);
  return { organization, error: organization ? undefined : fetched.error, retry: fetched.retry };
}
