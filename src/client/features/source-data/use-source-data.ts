// One source data row by name (GET api/source-data/{name}), reloaded when a dialog saves one (a deleted row is not
// asked for again: its page is being left).
import type { SourceDataDTO } from '../../../common/dto';
import { useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useResource, type ResourceView } from '../../lib/resource-react';

export function useSourceData(name: string | undefined): ResourceView<SourceDataDTO> {
  const http = useHttp();
  return useResource(
    name === undefined ? null : ['source-data', name],
    async (signal) => (await http.get<SourceDataDTO>(`api/source-data/${pathOf(name!)}`, { signal })).data,
    { reloadOn: { sourceDataListModification: (change) => !(change !== undefined && 'deleted' in change && change.deleted === name) } },
  );
}
