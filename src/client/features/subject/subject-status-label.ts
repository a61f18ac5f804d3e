// A subject's status as people read it, in the interface language ("Activated", "Geactiveerd"); a status the client
// does not know shows as it is.
import { SUBJECT_STATUSES } from '../../../common/dto';
import type { Translate } from '../../lib/i18n-react';

export function subjectStatusLabel(t: Translate, status: string | null | undefined): string {
  return status != null && (SUBJECT_STATUSES as readonly string[]).includes(status) ? t(`managementPortalApp.subject.status.${status}`) : status ?? '';
}
