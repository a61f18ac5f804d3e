// A project's status as people read it, in the interface language ("Ongoing", "Lopend"); a status the client does
// not know shows as it is.
import { PROJECT_STATUSES } from '../../../common/dto';
import { knownValueLabel, knownValueOptions } from '../../components/value-label';
import type { Translate } from '../../lib/i18n-react';

const KEYS = 'managementPortalApp.ProjectStatus.';

export const projectStatusLabel = (t: Translate, status: string | null | undefined): string => knownValueLabel(t, PROJECT_STATUSES, KEYS, status);

/** Select options: the API's value, the readable label. */
export const projectStatusOptions = (t: Translate) => knownValueOptions(t, PROJECT_STATUSES, KEYS);
