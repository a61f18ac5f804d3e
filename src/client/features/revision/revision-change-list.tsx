// The modifications of one revision: a link per changed entity, coloured by what happened to it (added, modified,
// deleted); the kind of change is also spelled out for those who cannot tell the colours apart.
import type { ReactNode } from 'react';
import type { RevisionEntityKind, RevisionInfoDTO } from '../../../common/dto';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';
import { revisionChanges } from './revision-links';

/** The existing menu keys name each entity kind. */
const KIND_KEYS: Record<RevisionEntityKind, string> = {
  project: 'global.menu.entities.project',
  subject: 'global.menu.entities.subject',
  source: 'global.menu.entities.source',
  sourcetype: 'global.menu.entities.sourceType',
  sourcedata: 'global.menu.entities.sourceData',
  user: 'global.menu.entities.user',
  role: 'global.menu.entities.role',
  organization: 'global.menu.entities.organization',
};

export function RevisionChangeList({ revision }: { revision: RevisionInfoDTO }): ReactNode {
  const t = useT();
  const changes = revisionChanges(revision);
  return (
    <ul className="revision-changes">
      {changes.map((change, index) => {
        const className = `revision-change revision-change--${change.type.toLowerCase()}`;
        const text = (
          <>
            <span className="visually-hidden">{t(`managementPortalApp.revision.type.${change.type}`)} </span>
            {KIND_KEYS[change.kind] ? t(KIND_KEYS[change.kind]) : change.kind}: {change.label}
          </>
        );
        return (
          <li key={index}>
            {change.to ? (
              <Link className={className} to={change.to} title={t(`managementPortalApp.revision.type.${change.type}`)}>
                {text}
              </Link>
            ) : (
              <span className={className}>{text}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
