// A thread's state as people read it, in the interface language ("Timed waiting", "Wacht (met tijdslimiet)"); a state
// the client does not know shows as the server names it.
import type { Translate } from '../../lib/i18n-react';
import { THREAD_STATES } from './metrics-types';

export function threadStateLabel(t: Translate, state: string): string {
  return (THREAD_STATES as readonly string[]).includes(state) ? t(`metrics.jvm.threads.state.${state}`) : state;
}
