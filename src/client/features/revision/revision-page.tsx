// revisions/{revisionId}: one revision as the revisions page links to it, for every
// kind of entity: its number, timestamp and author, then each changed entity as stored with the revision, grouped
// by added / modified / deleted and by kind. `?kind=project&key=radar` (source types: producer, model and
// catalogVersion) names the entity the user clicked, which is highlighted and scrolled to.
import { useMemo, type ReactNode } from 'react';
import type { RevisionEntityKind, RevisionInfoDTO } from '../../../common/dto';
import { formatDateTime } from '../../components/format';
import { LoadError } from '../../components/load-error';
import type { PageProps } from '../../components/popup/popup-types';
import { useT } from '../../lib/i18n-react';
import { Link, useLocation, useRouter } from '../../lib/router-react';
import { useSessionState } from '../../lib/session-react';
import { RevisionEntity } from './revision-entity';
import { kindName } from './revision-kinds';
import { isNamedBy, REVISION_TYPES_IN_ORDER, type Snapshot } from './revision-links';
import { useRevision } from './use-revision';

/** Site-setting names of the hidden subject fields, as snapshot field names. */
const HIDDEN_SUBJECT_FIELD_NAMES: Record<string, string> = { person_name: 'personName', date_of_birth: 'dateOfBirth', group: 'group' };

function useHiddenSubjectFieldNames(): ReadonlySet<string> {
  const hidden = useSessionState((state) => state.hiddenSubjectFields);
  return useMemo(() => new Set([...hidden].map((name) => HIDDEN_SUBJECT_FIELD_NAMES[name]).filter(Boolean)), [hidden]);
}

function RevisionChanges({ revision }: { revision: RevisionInfoDTO }): ReactNode {
  const t = useT();
  const { query } = useLocation();
  const hiddenSubjectFields = useHiddenSubjectFieldNames();
  const groups = REVISION_TYPES_IN_ORDER.map((type) => ({
    type,
    kinds: Object.entries(revision.changes?.[type] ?? {}).filter(([, snapshots]) => snapshots?.length) as [RevisionEntityKind, unknown[]][],
  })).filter((group) => group.kinds.length);

  if (!groups.length) return <p>{t('managementPortalApp.revision.view.noChanges')}</p>;
  return groups.map(({ type, kinds }) => (
    <section key={type} className="revision-view__type">
      <h2 className={`revision-change--${type.toLowerCase()}`}>{t(`managementPortalApp.revision.type.${type}`)}</h2>
      {kinds.map(([kind, snapshots]) => (
        <section key={kind} className="revision-view__kind">
          <h3>{kindName(t, kind)}</h3>
          {snapshots.map((snapshot, index) => (
            <RevisionEntity
              key={index}
              type={type}
              kind={kind}
              snapshot={snapshot as Snapshot}
              highlighted={isNamedBy(query, kind, snapshot as Snapshot)}
              hidden={kind === 'subject' ? hiddenSubjectFields : undefined}
            />
          ))}
        </section>
      ))}
    </section>
  ));
}

export function RevisionPage({ params }: PageProps): ReactNode {
  const t = useT();
  const router = useRouter();
  const id = params.revisionId;
  const lookup = useRevision(id);
  const label = (field: string) => t(`managementPortalApp.revision.${field}`);

  return (
    <section className="entity-page revision-view">
      <header className="entity-page__header">
        <h1 className="entity-page__title">{t('managementPortalApp.revision.view.title', { id })}</h1>
        <Link to="revisions" className="button button--secondary">
          {t('managementPortalApp.revision.view.allRevisions')}
        </Link>
      </header>
      {lookup.state === 'loading' && <p className="loading">{t('global.loading')}</p>}
      {lookup.state === 'notFound' && <p role="alert">{t('managementPortalApp.revision.view.notFound', { id })}</p>}
      {lookup.state === 'failed' && (
        <LoadError error={undefined} onRetry={lookup.retry} message={t('managementPortalApp.revision.view.loadFailed')} />
      )}
      {lookup.state === 'found' && (
        <>
          <dl className="entity-details">
            <dt>{label('id')}</dt>
            <dd>{lookup.revision.id}</dd>
            <dt>{label('timestamp')}</dt>
            <dd>{formatDateTime(lookup.revision.timestamp)}</dd>
            <dt>{label('author')}</dt>
            <dd>{lookup.revision.author}</dd>
          </dl>
          <RevisionChanges revision={lookup.revision} />
        </>
      )}
      <p>
        <button type="button" className="button button--secondary" onClick={() => router.back()}>
          {t('entity.action.back')}
        </button>
      </p>
    </section>
  );
}
