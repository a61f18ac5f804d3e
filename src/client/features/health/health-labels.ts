// A health answer's names and states as people read them, in the interface language: the components the server
// reports ("Disk space") and their states ("UP" reads "OK" in Dutch). Anything else shows as the server names it.
import type { Translate } from '../../lib/i18n-react';

/** The components the server reports (management/health.ts) and those a ManagementPortal reports. */
export const HEALTH_COMPONENTS = ['db', 'diskSpace', 'workers', 'ping', 'livenessState', 'readinessState', 'mail'] as const;
export const HEALTH_STATUSES = ['UP', 'DOWN', 'OUT_OF_SERVICE', 'UNKNOWN'] as const;

const known = (list: readonly string[], value: string) => list.includes(value);

export function componentLabel(t: Translate, name: string): string {
  return known(HEALTH_COMPONENTS, name) ? t(`health.indicator.${name}`) : name;
}

export function healthStatusLabel(t: Translate, status: string): string {
  return known(HEALTH_STATUSES, status) ? t(`health.status.${status}`) : status;
}
