// Component names the server reports, translated when known; anything else shows as the server names it.
import type { Translate } from '../../lib/i18n-react';

const KNOWN = new Set(['db', 'diskSpace', 'ping', 'livenessState', 'readinessState', 'mail']);

export function componentLabel(t: Translate, name: string): string {
  return KNOWN.has(name) ? t(`health.indicator.${name}`) : name;
}
