// Whether a dialog holds input the user typed, and the one way its Cancel, × and Escape close it: straight away when
// nothing was changed, after "Discard your changes?" when something was. A change is any `input` or `change` event
// inside the dialog's body, so every dialog (and every new one) is guarded without wiring its fields one by one.
import { createContext, useContext } from 'react';

export interface DiscardGuard {
  /** Runs `close` now, or once the user agreed to discard the changes. */
  requestClose(close: () => void): void;
}

export const DiscardGuardContext = createContext<DiscardGuard | null>(null);
DiscardGuardContext.displayName = 'DiscardGuard';

/** Closes through the surrounding dialog's guard; outside a dialog, closes at once. */
export function useGuardedClose(close: () => void): () => void {
  const guard = useContext(DiscardGuardContext);
  return () => (guard ? guard.requestClose(close) : close());
}
