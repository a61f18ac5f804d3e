// The groups of a project (GET api/projects/{p}/groups) for the group filter, the subject dialog and the
// add-to-group dialog. A failure is already an alert; the list stays empty.
import { useEffect, useState } from 'react';
import type { GroupDTO } from '../../../common/dto';
import { useHttp } from '../../components/services-react';
import { useAbortScope } from '../../lib/http-react';

export function useProjectGroups(projectName: string | undefined, enabled = true): readonly GroupDTO[] {
  const http = useHttp();
  const scope = useAbortScope();
  const [groups, setGroups] = useState<readonly GroupDTO[]>([]);
  useEffect(() => {
    setGroups([]);
    if (!projectName || !enabled) return;
    http
      .get<GroupDTO[]>(`api/projects/${encodeURIComponent(projectName)}/groups`, { signal: scope.takeLatest('groups') })
      .then(({ data }) => setGroups(Array.isArray(data) ? data : []), () => undefined);
  }, [http, scope, projectName, enabled]);
  return groups;
}
