// One subject with its full project (GET api/subjects/{login}), kept up to date when a dialog announces an update of
// it (client.md §1.6: the detail page live-updates from subjectListModification).
import { useEffect, useState } from 'react';
import type { SubjectDTO } from '../../../common/dto';
import { useHttp, useListModification } from '../../components/services-react';
import { useAbortScope } from '../../lib/http-react';
import { isSubjectListModification } from './subject-paging';

export function subjectPath(login: string): string {
  return `api/subjects/${encodeURIComponent(login)}`;
}

export interface LoadedSubject {
  subject: SubjectDTO | null;
  /** The request failed (already an alert). */
  failed: boolean;
}

export function useSubject(login: string | undefined): LoadedSubject {
  const http = useHttp();
  const scope = useAbortScope();
  const [state, setState] = useState<LoadedSubject>({ subject: null, failed: false });

  useEffect(() => {
    setState({ subject: null, failed: false });
    if (!login) return;
    http.get<SubjectDTO>(subjectPath(login), { signal: scope.takeLatest('subject') }).then(
      ({ data }) => setState({ subject: data, failed: false }),
      () => setState({ subject: null, failed: !scope.aborted }),
    );
  }, [http, scope, login]);

  useListModification('subjectListModification', (detail) => {
    if (!isSubjectListModification(detail) || detail.op !== 'UPDATE' || detail.subject.login !== login) return;
    // Writes answer the reduced project; keep the full one this page shows.
    setState((current) => ({ ...current, subject: current.subject && { ...current.subject, ...detail.subject, project: current.subject.project } }));
  });

  return state;
}
