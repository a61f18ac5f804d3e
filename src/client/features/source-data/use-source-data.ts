// One source data row by name (GET api/source-data/{name}), reloaded when a dialog saves one. `failed` once the
// request failed (already shown as an alert) or there is no such row.
import { useEffect, useState } from 'react';
import type { SourceDataDTO } from '../../../common/dto';
import { useHttp, useListModification } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { isAbortError } from '../../lib/http-errors';
import { useAbortScope } from '../../lib/http-react';

export interface SourceDataLookup {
  sourceData: SourceDataDTO | undefined;
  failed: boolean;
}

export function useSourceData(name: string | undefined): SourceDataLookup {
  const http = useHttp();
  const scope = useAbortScope();
  const [found, setFound] = useState<SourceDataDTO | undefined>();
  const [failed, setFailed] = useState(false);
  const [reloads, setReloads] = useState(0);

  useListModification('sourceDataListModification', () => setReloads((n) => n + 1));

  useEffect(() => {
    if (name === undefined) return;
    setFailed(false);
    http
      .get<SourceDataDTO>(`api/source-data/${pathOf(name)}`, { signal: scope.takeLatest('source-data') })
      .then(({ data }) => setFound(data), (error) => !isAbortError(error) && setFailed(true));
  }, [http, scope, name, reloads]);

  const sourceData = found?.sourceDataName === name ? found : undefined;
  return { sourceData, failed: failed && sourceData === undefined };
}
