// The groups of a project (GET api/projects/{p}/groups) for the group filter, the subject dialog and the
// add-to-group dialog; reloaded when a group is created or deleted.
import type { GroupDTO } from '../../../common/dto';
import { useHttp } from '../../components/services-react';
import { useResource, type ResourceView } from '../../lib/resource-react';

export function useProjectGroups(projectName: string | undefined, enabled = true): ResourceView<readonly GroupDTO[]> {
  const http = useHttp();
  return useResource(
    projectName && enabled ? ['project-groups', projectName] : null,
    async (signal) => {
      const { data } = await http.get<GroupDTO[]>(`api/projects/${encodeURIComponent(projectName!)}/groups`, { signal });
      return Array.isArray(data) ? data : [];
    },
    { reloadOn: { groupListModification: true } },
  );
}
