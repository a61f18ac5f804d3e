// One subject with its full project (GET api/subjects/{login}), kept up to date when a dialog announces an update of
// it: the subject's page patches itself from subjectListModification instead of asking again.
import type { SubjectDTO } from '../../../common/dto';
import { useHttp, useListEvent } from '../../components/services-react';
import { useResource, type ResourceView } from '../../lib/resource-react';

export function subjectPath(login: string): string {
  return `api/subjects/${encodeURIComponent(login)}`;
}

export function useSubject(login: string | undefined): ResourceView<SubjectDTO> {
  const http = useHttp();
  const subject = useResource(login ? ['subject', login] : null, async (signal) => (await http.get<SubjectDTO>(subjectPath(login!), { signal })).data);

  useListEvent('subjectListModification', (change) => {
    if (change.op !== 'UPDATE' || change.subject.login !== login) return;
    // Writes answer the reduced project; keep the full one this page shows.
    subject.mutate((current) => ({ ...current, ...change.subject, project: current.project }));
  });

  return subject;
}
