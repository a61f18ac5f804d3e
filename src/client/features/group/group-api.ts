// The group endpoints the group screens share.
import type { GroupDTO } from '../../../common/dto';
import type { Http } from '../../lib/http';
import { pathOf } from '../../lib/app-url';

export const groupsPath = (projectName: string): string => `api/projects/${pathOf(projectName)}/groups`;

/** DELETE one group; with `unlinkSubjects` its subjects lose their group, without it a group with subjects is a 409. */
export function deleteGroup(http: Http, projectName: string, groupName: string, unlinkSubjects: boolean) {
  return http.delete(`${groupsPath(projectName)}/${pathOf(groupName)}`, { query: { unlinkSubjects } });
}

export async function findGroupById(http: Http, projectName: string, id: string, signal?: AbortSignal): Promise<GroupDTO | undefined> {
  const { data } = await http.get<GroupDTO[]>(groupsPath(projectName), { signal });
  return (Array.isArray(data) ? data : []).find((group) => String(group.id) === id || group.name === id);
}
