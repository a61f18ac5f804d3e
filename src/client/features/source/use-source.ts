// One source (GET api/sources/{name}) for the detail page and the edit dialog, reloaded when a dialog saves it.
import { useEffect, useState } from 'react';
import type { SourceDTO } from '../../../common/dto';
import { useHttp, useListModification } from '../../components/services-react';
import { useAbortScope } from '../../lib/http-react';
import { loadSource, SOURCE_LIST_EVENT } from './source-api';

export interface LoadedSource {
  source: SourceDTO | null;
  /** The request failed (already an alert). */
  failed: boolean;
}

export function useSource(sourceName: string | undefined): LoadedSource {
  const http = useHttp();
  const scope = useAbortScope();
  const [state, setState] = useState<LoadedSource>({ source: null, failed: false });
  const [reloads, setReloads] = useState(0);

  useListModification(SOURCE_LIST_EVENT, () => setReloads((n) => n + 1));

  useEffect(() => {
    if (!sourceName) return;
    loadSource(http, sourceName, scope.takeLatest('source')).then(
      (source) => setState({ source, failed: false }),
      () => setState({ source: null, failed: !scope.aborted }),
    );
  }, [http, scope, sourceName, reloads]);

  return state;
}
