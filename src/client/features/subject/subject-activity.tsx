// The subject page's activity (docs/subjects.md, "Activity"): the last contact with its freshness by the thresholds
// of the subject's project, and each source's last registration by the app.
import type { ReactNode } from 'react';
import type { MinimalSourceDetailsDTO, SubjectDTO } from '../../../common/dto';
import { thresholdsOf } from '../../../common/freshness';
import { useT } from '../../lib/i18n-react';
import { LastSeen } from './last-seen';

export function SubjectActivity({ subject }: { subject: SubjectDTO }): ReactNode {
  return <LastSeen lastSeen={subject.lastSeen} thresholds={thresholdsOf(subject.project?.attributes)} />;
}

export function SourcesLastSeen({ sources }: { sources: readonly MinimalSourceDetailsDTO[] }): ReactNode {
  const t = useT();
  return (
    <ul className="subject-detail__source-activity">
      {sources.map((source) => (
        <li key={source.id ?? source.sourceName}>
          {source.sourceName}:{' '}
          {source.lastSeen ? <LastSeen lastSeen={source.lastSeen} withBadge={false} /> : t('managementPortalApp.subject.lastSeen.noRegistration')}
        </li>
      ))}
    </ul>
  );
}
