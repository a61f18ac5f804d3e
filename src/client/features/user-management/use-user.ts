// One user by login (GET api/users/{login}) for the detail page and the edit dialog; reloads when a dialog saved.
import type { UserDTO } from '../../../common/dto';
import { useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useResource, type ResourceView } from '../../lib/resource-react';

export function useUser(login: string | undefined): ResourceView<UserDTO> {
  const http = useHttp();
  return useResource(
    login ? ['user', login] : null,
    async (signal) => (await http.get<UserDTO>(pathOf('api', 'users', login!), { signal })).data,
    // A deleted user is not asked for again: its page is being left.
    { reloadOn: { userListModification: (change) => !(change.op === 'DELETE' && change.login === login) } },
  );
}
