// After a subject is deleted or discontinued its dialog closes and, when it was opened over that subject's detail
// page, goes back in history to where the user came from (delete and discontinue alike).
import { useCallback } from 'react';
import { pathOf } from '../../lib/app-url';
import { useLocation, useRouter } from '../../lib/router-react';

export function useLeaveAfterRetire(login: string, close: () => void): () => void {
  const router = useRouter();
  const { path } = useLocation();
  return useCallback(() => {
    close();
    if (path === pathOf('subject', login)) router.back();
  }, [router, path, login, close]);
}
