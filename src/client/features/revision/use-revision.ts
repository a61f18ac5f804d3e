// One revision with all its changes (GET api/revisions/{id}, system admins only). The request is silent: the view
// says itself that the revision does not exist (404, error.revisionsNotFound) or could not be loaded.
import { useEffect, useState } from 'react';
import type { RevisionInfoDTO } from '../../../common/dto';
import { useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { isAbortError, isApiError } from '../../lib/http-errors';
import { useAbortScope } from '../../lib/http-react';

export type RevisionLookup =
  | { state: 'loading' }
  | { state: 'found'; revision: RevisionInfoDTO }
  | { state: 'notFound' }
  | { state: 'failed' };

export function useRevision(revisionId: string): RevisionLookup {
  const http = useHttp();
  const scope = useAbortScope();
  const [lookup, setLookup] = useState<RevisionLookup & { id?: string }>({ state: 'loading' });

  useEffect(() => {
    setLookup({ state: 'loading' });
    http.get<RevisionInfoDTO>(`api/revisions/${pathOf(revisionId)}`, { signal: scope.takeLatest('revision'), silent: true }).then(
      ({ data }) => setLookup({ state: 'found', revision: data, id: revisionId }),
      (error) => {
        if (isAbortError(error)) return;
        // 404 is error.revisionsNotFound; a 400 answers an id that is not a revision number, so none with that id.
        const missing = isApiError(error) && (error.status === 404 || error.status === 400);
        setLookup({ state: missing ? 'notFound' : 'failed', id: revisionId });
      },
    );
  }, [http, scope, revisionId]);

  // A lookup for the previous id (the route changed, the effect has not run yet) is still loading.
  return lookup.state !== 'loading' && lookup.id !== revisionId ? { state: 'loading' } : lookup;
}
