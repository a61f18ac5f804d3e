// A thread's state as people read it, in the interface language ("Timed waiting", "Wacht (met tijdslimiet)"); a state
// the client does not know shows as the server names it.
import { knownValueLabel } from '../../components/value-label';
import type { Translate } from '../../lib/i18n-react';
import { THREAD_STATES } from './metrics-types';

export const threadStateLabel = (t: Translate, state: string): string => knownValueLabel(t, THREAD_STATES, 'metrics.jvm.threads.state.', state);
