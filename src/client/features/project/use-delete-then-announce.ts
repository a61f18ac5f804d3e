// The close of a delete dialog for an organization or a project. After a confirmed delete the caches and lists hear
// about it only once the dialog has closed and, deleted over the entity's own page, has left that page: the page
// looks the entity up in those caches and would otherwise ask the server for it again (and report "not found") in
// the moment before it unmounts. Leaving and the cache update then land in one render.
import { useRef } from 'react';
import { useCloseAfterDelete } from '../../components/popup';

export function useDeleteThenAnnounce(
  close: () => void,
  entityPagePath: string,
  leave: () => void,
  announce: () => void,
): { markDeleted(): void; onClose(): void } {
  const closing = useCloseAfterDelete(close, entityPagePath, leave);
  const deleted = useRef(false);
  return {
    markDeleted: () => {
      deleted.current = true;
      closing.markDeleted();
    },
    onClose: () => {
      closing.onClose();
      if (deleted.current) announce();
    },
  };
}
