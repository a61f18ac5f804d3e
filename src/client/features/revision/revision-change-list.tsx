// The modifications of one revision: a link per changed entity, coloured by what happened to it (added, modified,
// deleted); the kind of change is also spelled out for those who cannot tell the colours apart. A role reads by its
// name in the interface language.
import type { ReactNode } from 'react';
import type { RevisionInfoDTO } from '../../../common/dto';
import { roleLabel } from '../../components/role-name';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';
import { kindName } from './revision-kinds';
import { revisionChanges } from './revision-links';

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
            {kindName(t, change.kind)}: {change.role ? roleLabel(t, change.role) : change.label}
          </>
        );
        return (
          <li key={index}>
            <Link className={className} to={change.to} title={t(`managementPortalApp.revision.type.${change.type}`)}>
              {text}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
