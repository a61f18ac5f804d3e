// One source type by its key: from the session's cached list of source types, or, until the cache holds it, from
// GET api/source-types/{p}/{m}/{v}.
import type { SourceTypeDTO } from '../../../common/dto';
import { useHttp } from '../../components/services-react';
import { useResource } from '../../lib/resource-react';
import { useSessionState } from '../../lib/session-react';
import { sameType, sourceTypeApiPath, type SourceTypeKey } from './source-type-path';

export interface SourceTypeLookup {
  sourceType: SourceTypeDTO | undefined;
  /** Why the request failed (a 404: there is no such type); undefined when it did not. */
  error: unknown;
  retry(): void;
}

export function useSourceType(key: SourceTypeKey | undefined): SourceTypeLookup {
  const http = useHttp();
  const cached = useSessionState((state) => (key ? state.sourceTypes.find((type) => sameType(type, key)) : undefined));
  const path = key ? sourceTypeApiPath(key) : undefined;
  const fetched = useResource(path !== undefined && cached === undefined ? ['source-type', path] : null, async (signal) =>
    (await http.get<SourceTypeDTO>(path!, { signal })).data,
  );
  const sourceType = cached ?? (fetched.data && key && sameType(fetched.data, key) ? fetched.data : undefined);
  return { sourceType, error: sourceType ? undefined : fetched.error, retry: fetched.retry };
}
