// The source types a project includes (GET api/projects/{p}/source-types): a source in a project must be of one of
// them, so the dialog offers only these.
import type { SourceTypeDTO } from '../../../common/dto';
import { useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useResource, type ResourceView } from '../../lib/resource-react';

export function useProjectSourceTypes(projectName: string): ResourceView<readonly SourceTypeDTO[]> {
  const http = useHttp();
  return useResource(projectName ? ['project-source-types', projectName] : null, async (signal) => {
    const { data } = await http.get<SourceTypeDTO[]>(`api/projects/${pathOf(projectName)}/source-types`, { signal });
    return Array.isArray(data) ? data : [];
  });
}
