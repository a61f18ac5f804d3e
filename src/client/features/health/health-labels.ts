// A health answer's names and states as people read them, in the interface language: the components the server
// reports ("Disk space") and their states ("UP" reads "OK" in Dutch). Anything else shows as the server names it.
import { knownValueLabel } from '../../components/value-label';
import type { Translate } from '../../lib/i18n-react';

/** The components the server reports (management/health.ts) and those a ManagementPortal reports. */
export const HEALTH_COMPONENTS = ['db', 'diskSpace', 'workers', 'ping', 'livenessState', 'readinessState', 'mail'] as const;
export const HEALTH_STATUSES = ['UP', 'DOWN', 'OUT_OF_SERVICE', 'UNKNOWN'] as const;

export const componentLabel = (t: Translate, name: string): string => knownValueLabel(t, HEALTH_COMPONENTS, 'health.indicator.', name);

export const healthStatusLabel = (t: Translate, status: string): string => knownValueLabel(t, HEALTH_STATUSES, 'health.status.', status);
