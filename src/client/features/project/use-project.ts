// One project in its full form (GET api/projects/{projectName}), fetched again whenever a dialog announces a
// projectListModification (a save), so the detail page and the edit dialog show what the server holds. A delete
// announces `{ deleted: projectName }`: the deleted project is not asked for again (its page is being left, and the
// answer would only be "not found").
import type { ProjectDTO } from '../../../common/dto';
import { useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useResource, type ResourceView } from '../../lib/resource-react';

export function useProject(projectName: string | undefined): ResourceView<ProjectDTO> {
  const http = useHttp();
  return useResource(
    projectName === undefined ? null : ['project', projectName],
    async (signal) => (await http.get<ProjectDTO>(`api/projects/${pathOf(projectName!)}`, { signal })).data,
    { reloadOn: { projectListModification: (change) => !('deleted' in change && change.deleted === projectName) } },
  );
}
