// An organization card's totals on the home page (docs/subjects.md, "Activity"): participants and how many are
// fresh, late, stale or never paired, summed over the organization's projects the user may read. The home page shows
// them to system admins and the organization's admins only (who may read its subjects); a failed request simply
// leaves the card without totals.
import type { ReactNode } from 'react';
import type { OrganizationOverview } from '../../../common/activity-dto';
import { useHttp } from '../../components/services-react';
import { useT } from '../../lib/i18n-react';
import { useResource } from '../../lib/resource-react';

export function OrganizationTotals({ organizationName }: { organizationName: string }): ReactNode {
  const t = useT();
  const http = useHttp();
  const loaded = useResource(['organization-overview', organizationName], async (signal) =>
    (await http.get<OrganizationOverview>(`api/organizations/${encodeURIComponent(organizationName)}/overview`, { signal, silent: true })).data);
  const o = loaded.data;
  if (!o) return null;
  return (
    <p className="card__meta card__totals">
      {t('home.totals', { subjects: o.subjects, fresh: o.freshness.fresh, late: o.freshness.late, stale: o.freshness.stale, never: o.freshness.never })}
    </p>
  );
}
