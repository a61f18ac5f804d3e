// One user by login (GET api/users/{login}) for the detail page and the edit dialog; reloads when a dialog saved.
import { useEffect, useState } from 'react';
import type { UserDTO } from '../../../common/dto';
import { useHttp, useListModification } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { isAbortError } from '../../lib/http';
import { useAbortScope } from '../../lib/http-react';

export interface UserLoad {
  user: UserDTO | null;
  /** The request failed (already reported by an alert). */
  failed: boolean;
}

export function useUser(login: string | undefined): UserLoad {
  const http = useHttp();
  const scope = useAbortScope();
  const [load, setLoad] = useState<UserLoad>({ user: null, failed: false });
  const [version, setVersion] = useState(0);
  useListModification('userListModification', () => setVersion((v) => v + 1));

  useEffect(() => {
    if (!login) return;
    http.get<UserDTO>(pathOf('api', 'users', login), { signal: scope.takeLatest('user') }).then(
      ({ data }) => setLoad({ user: data, failed: false }),
      (error: unknown) => {
        if (!isAbortError(error)) setLoad({ user: null, failed: true });
      },
    );
  }, [http, scope, login, version]);

  return load;
}
