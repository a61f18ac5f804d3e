// One revision with all its changes (GET api/revisions/{id}, system admins only). The request is silent: the view
// says itself that the revision does not exist (404, error.revisionsNotFound) or could not be loaded.
import type { RevisionInfoDTO } from '../../../common/dto';
import { useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { isApiError } from '../../lib/http-errors';
import { useResource } from '../../lib/resource-react';

export type RevisionLookup =
  | { state: 'loading' }
  | { state: 'found'; revision: RevisionInfoDTO }
  | { state: 'notFound' }
  | { state: 'failed'; retry(): void };

export function useRevision(revisionId: string): RevisionLookup {
  const http = useHttp();
  const loaded = useResource(['revision', revisionId], async (signal) =>
    (await http.get<RevisionInfoDTO>(`api/revisions/${pathOf(revisionId)}`, { signal, silent: true })).data,
  );
  const { data, error } = loaded;
  if (data !== undefined) return { state: 'found', revision: data };
  if (error === undefined) return { state: 'loading' };
  // 404 is error.revisionsNotFound; a 400 answers an id that is not a revision number, so none with that id.
  if (isApiError(error) && (error.status === 404 || error.status === 400)) return { state: 'notFound' };
  return { state: 'failed', retry: loaded.retry };
}
