// A subject's status as people read it, in the interface language ("Activated", "Geactiveerd"); a status the client
// does not know shows as it is.
import { SUBJECT_STATUSES } from '../../../common/dto';
import { knownValueLabel } from '../../components/value-label';
import type { Translate } from '../../lib/i18n-react';

export const subjectStatusLabel = (t: Translate, status: string | null | undefined): string =>
  knownValueLabel(t, SUBJECT_STATUSES, 'managementPortalApp.subject.status.', status);
