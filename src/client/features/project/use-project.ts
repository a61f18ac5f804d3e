// One project in its full form (GET api/projects/{projectName}), fetched again whenever a dialog announces
// `projectListModification` (a save), so the detail page and the edit dialog show what the server holds. A delete
// announces `{ deleted: projectName }`.
import { useCallback, useEffect, useState } from 'react';
import type { ProjectDTO } from '../../../common/dto';
import { useHttp, useListModification } from '../../components/services-react';
import { pathOf } from '../../lib/app-url';
import { isAbortError } from '../../lib/http-errors';
import { useAbortScope } from '../../lib/http-react';

const deletedName = (detail: unknown): unknown =>
  typeof detail === 'object' && detail !== null ? (detail as { deleted?: unknown }).deleted : undefined;

export interface ProjectLookup {
  project: ProjectDTO | undefined;
  /** The request failed; the http layer already showed why. */
  failed: boolean;
}

export function useProject(projectName: string | undefined): ProjectLookup {
  const http = useHttp();
  const scope = useAbortScope();
  const [project, setProject] = useState<ProjectDTO | undefined>();
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    if (projectName === undefined) return;
    setFailed(false);
    http
      .get<ProjectDTO>(`api/projects/${pathOf(projectName)}`, { signal: scope.takeLatest('project') })
      .then(({ data }) => setProject(data), (error) => !isAbortError(error) && setFailed(true));
  }, [http, scope, projectName]);

  useEffect(load, [load]);
  useListModification('projectListModification', (detail) => {
    // A deleted project is not asked for again: its page is being left, and the answer would only be "not found".
    if (deletedName(detail) !== projectName) load();
  });

  return { project: project?.projectName === projectName ? project : undefined, failed };
}
