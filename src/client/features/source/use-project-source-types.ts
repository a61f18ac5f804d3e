// The source types a project includes (GET api/projects/{p}/source-types): a source in a project must be of one of
// them (api.md §6.5), so the dialog offers only these.
import { useEffect, useState } from 'react';
import type { SourceTypeDTO } from '../../../common/dto';
import { useHttp } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { useAbortScope } from '../../lib/http-react';

export function useProjectSourceTypes(projectName: string): SourceTypeDTO[] {
  const http = useHttp();
  const scope = useAbortScope();
  const [types, setTypes] = useState<SourceTypeDTO[]>([]);
  useEffect(() => {
    setTypes([]);
    if (!projectName) return;
    http.get<SourceTypeDTO[]>(`api/projects/${pathOf(projectName)}/source-types`, { signal: scope.takeLatest('types') }).then(
      ({ data }) => setTypes(Array.isArray(data) ? data : []),
      () => undefined,
    );
  }, [http, scope, projectName]);
  return types;
}
