// A delete dialog opened over the page of the very entity it deletes must not close onto that page (it would only
// say "not found"): after a confirmed delete it leaves the page instead. Cancelling, or deleting from a list, just
// closes the popup.
import { useRef } from 'react';
import { useLocation } from '../../lib/router-react';

export function useCloseAfterDelete(close: () => void, entityPagePath: string, leave: () => void): { markDeleted(): void; onClose(): void } {
  const { path } = useLocation();
  const deleted = useRef(false);
  return {
    markDeleted: () => {
      deleted.current = true;
    },
    onClose: () => (deleted.current && path === entityPagePath ? leave() : close()),
  };
}
