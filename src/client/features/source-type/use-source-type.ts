// One source type by its key: from the session's cached list (client.md §1.3: the detail page looks the type up in
// it), or, until the cache holds it, from GET api/source-types/{p}/{m}/{v}. `failed` once neither has it.
import { useEffect, useState } from 'react';
import type { SourceTypeDTO } from '../../../common/dto';
import { useHttp } from '../../components/services-react';
import { isAbortError } from '../../lib/http-errors';
import { useAbortScope } from '../../lib/http-react';
import { useSessionState } from '../../lib/session-react';
import { sameType, sourceTypeApiPath, type SourceTypeKey } from './source-type-path';

export interface SourceTypeLookup {
  sourceType: SourceTypeDTO | undefined;
  failed: boolean;
}

export function useSourceType(key: SourceTypeKey | undefined): SourceTypeLookup {
  const http = useHttp();
  const scope = useAbortScope();
  const cached = useSessionState((state) => (key ? state.sourceTypes.find((type) => sameType(type, key)) : undefined));
  const [fetched, setFetched] = useState<SourceTypeDTO | undefined>();
  const [failed, setFailed] = useState(false);
  const path = key ? sourceTypeApiPath(key) : undefined;
  const needsFetch = path !== undefined && cached === undefined;

  useEffect(() => {
    if (!needsFetch) return;
    setFailed(false);
    http
      .get<SourceTypeDTO>(path!, { signal: scope.takeLatest('source-type') })
      .then(({ data }) => setFetched(data), (error) => !isAbortError(error) && setFailed(true));
  }, [http, scope, path, needsFetch]);

  const sourceType = cached ?? (fetched && key && sameType(fetched, key) ? fetched : undefined);
  return { sourceType, failed: failed && sourceType === undefined };
}
