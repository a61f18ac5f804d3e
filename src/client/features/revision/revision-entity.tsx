// One changed entity on the revision view: its name, a link to its live page (not for a deletion, whose entity is
// gone) and its fields as stored with the revision, coloured as added, modified or deleted. The entity the user
// clicked on the revisions page is highlighted and scrolled into view.
import { useCallback, type ReactNode } from 'react';
import type { RevisionEntityKind, RevisionType } from '../../../common/dto';
import { roleAuthorityText, roleLabel } from '../../components/role-name';
import { useT } from '../../lib/i18n-react';
import { Link } from '../../lib/router-react';
import { entityFields } from './revision-entity-fields';
import { RevisionFieldValue } from './revision-field-value';
import { entityLabel, livePathOf, roleOf, text, type Snapshot } from './revision-links';

export interface RevisionEntityProps {
  type: RevisionType;
  kind: RevisionEntityKind;
  snapshot: Snapshot;
  highlighted: boolean;
  /** Fields to leave out (the subject fields site settings hide). */
  hidden?: ReadonlySet<string>;
}

export function RevisionEntity({ type, kind, snapshot, highlighted, hidden }: RevisionEntityProps): ReactNode {
  const t = useT();
  const live = type === 'DEL' ? null : livePathOf(kind, snapshot);
  const tone = type.toLowerCase();
  const role = kind === 'role' ? roleOf(snapshot) : undefined;
  const scrollHere = useCallback((element: HTMLElement | null) => {
    element?.scrollIntoView?.({ block: 'center' });
    element?.focus({ preventScroll: true });
  }, []);

  return (
    <article
      ref={highlighted ? scrollHere : undefined}
      tabIndex={highlighted ? -1 : undefined}
      aria-current={highlighted ? 'true' : undefined}
      className={`revision-entity revision-entity--${tone}${highlighted ? ' revision-entity--highlighted' : ''}`}
    >
      <header className="revision-entity__header">
        <h4 className={`revision-entity__title revision-change--${tone}`} title={role && roleAuthorityText(role)}>
          {role ? roleLabel(t, role) : (entityLabel(kind, snapshot) ?? text(snapshot, 'id') ?? '?')}
        </h4>
        {live && (
          <Link to={live} className="button button--link button--small">
            {t('managementPortalApp.revision.view.current')}
          </Link>
        )}
      </header>
      <dl className="entity-details">
        {entityFields(kind, snapshot, hidden).map((field) => [
          <dt key={`${field.name}-label`}>{t(`managementPortalApp.revision.field.${field.name}`)}</dt>,
          <dd key={field.name}>
            <RevisionFieldValue value={field.value} />
          </dd>,
        ])}
      </dl>
    </article>
  );
}
