// A project's status as people read it, in the interface language ("Ongoing", "Lopend"); a status the client does
// not know shows as it is.
import { PROJECT_STATUSES } from '../../../common/dto';
import type { Translate } from '../../lib/i18n-react';

export function projectStatusLabel(t: Translate, status: string | null | undefined): string {
  return status != null && (PROJECT_STATUSES as readonly string[]).includes(status) ? t(`managementPortalApp.ProjectStatus.${status}`) : status ?? '';
}

/** Select options: the API's value, the readable label. */
export const projectStatusOptions = (t: Translate) => PROJECT_STATUSES.map((value) => ({ value, label: projectStatusLabel(t, value) }));
