// One organization by name: from the session cache (kept current by saves, spec 001 §4), or, until the cache holds
// it, from GET api/organizations/{name}.
import { useEffect, useState } from 'react';
import type { OrganizationDTO } from '../../../common/dto';
import { useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { findOrganization } from '../../lib/session-store';
import { useSessionState } from '../../lib/session-react';
import { useAbortScope } from '../../lib/http-react';
import { isAbortError } from '../../lib/http-errors';

export interface OrganizationLookup {
  organization: OrganizationDTO | undefined;
  /** The request failed (already reported as an alert) or the organization does not exist. */
  failed: boolean;
}

export function useOrganization(name: string | undefined): OrganizationLookup {
  const http = useHttp();
  const scope = useAbortScope();
  const cached = useSessionState((state) => (name === undefined ? undefined : findOrganization(state, name)));
  const [fetched, setFetched] = useState<OrganizationDTO | undefined>();
  const [failed, setFailed] = useState(false);
  const needsFetch = name !== undefined && cached === undefined;

  useEffect(() => {
    if (!needsFetch) return;
    setFailed(false);
    http
      .get<OrganizationDTO>(`api/organizations/${pathOf(name!)}`, { signal: scope.takeLatest('organization') })
      .then(({ data }) => setFetched(data), (error) => !isAbortError(error) && setFailed(true));
  }, [http, scope, name, needsFetch]);

  const organization = cached ?? (fetched?.name === name ? fetched : undefined);
  return { organization, failed: failed && organization === undefined };
}
