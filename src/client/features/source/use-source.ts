// One source (GET api/sources/{name}) for the detail page and the edit dialog, reloaded when a dialog announces a
// source change.
import type { SourceDTO } from '../../../common/dto';
import { useHttp } from '../../components/services-react';
import { useResource, type ResourceView } from '../../lib/resource-react';
import { loadSource } from './source-api';

export function useSource(sourceName: string | undefined): ResourceView<SourceDTO> {
  const http = useHttp();
  return useResource(sourceName === undefined ? null : ['source', sourceName], (signal) => loadSource(http, sourceName!, signal), {
    reloadOn: { sourceListModification: true },
  });
}
