// Where a change listed on the revisions page leads (spec 001 §2 "Global revisions": "the revision view of a project,
// subject, source, ..."). Only subjects have a view per revision (subject/{login}/revisions/{n}, app.tsx), so a
// subject added or modified links to its state at that revision, and a deleted one (nothing to show at that revision:
// the server answers 404) to its history. The other kinds have no per-revision view: their links go to the live
// project, source, source type (by producer, model and catalogVersion), source data or user, and to the
// organizations and roles this server also records. Snapshots are the entity's DTO as stored with the revision.
import type { RevisionEntityKind, RevisionInfoDTO, RevisionType } from '../../../common/dto';
import { pathOf } from '../../lib/app-url';

export interface RevisionChangeLink {
  type: RevisionType;
  kind: RevisionEntityKind;
  /** The entity's name as people know it (login, project name, producer_model_version, ...). */
  label: string;
  /** App path of the entity's view, or null when the snapshot lacks what the path needs. */
  to: string | null;
}

type Snapshot = Record<string, unknown> | null | undefined;

const text = (snapshot: Snapshot, field: string): string | undefined => {
  const value = snapshot?.[field];
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
};

function linkOf(kind: RevisionEntityKind, s: Snapshot, type: RevisionType, revisionId: number): { label: string | undefined; to: string | null } {
  const path = (...parts: (string | undefined)[]) => (parts.every((p) => p !== undefined) ? pathOf(...(parts as string[])) : null);
  switch (kind) {
    case 'project':
      return { label: text(s, 'projectName'), to: path('project', text(s, 'projectName')) };
    case 'subject':
      return {
        label: text(s, 'login'),
        to: type === 'DEL' ? path('subject', text(s, 'login'), 'revisions') : path('subject', text(s, 'login'), 'revisions', String(revisionId)),
      };
    case 'source':
      return { label: text(s, 'sourceName'), to: path('source', text(s, 'sourceName')) };
    case 'sourcetype': {
      const [producer, model, version] = [text(s, 'producer'), text(s, 'model'), text(s, 'catalogVersion')];
      return { label: producer && model && version ? `${producer}_${model}_${version}` : undefined, to: path('source-type', producer, model, version) };
    }
    case 'sourcedata':
      return { label: text(s, 'sourceDataName'), to: path('source-data', text(s, 'sourceDataName')) };
    case 'user':
      return { label: text(s, 'login'), to: path('user-management', text(s, 'login')) };
    case 'organization':
      return { label: text(s, 'name'), to: path('organization', text(s, 'name')) };
    case 'role': {
      const referent = text(s, 'projectName') ?? text(s, 'organizationName');
      const authority = text(s, 'authorityName');
      return { label: authority && (referent ? `${referent}: ${authority}` : authority), to: path('role', referent, authority) };
    }
    default:
      return { label: undefined, to: null };
  }
}

const TYPES: readonly RevisionType[] = ['ADD', 'MOD', 'DEL'];

/** Every change of a revision, added first, then modified, then deleted. */
export function revisionChanges(revision: RevisionInfoDTO): RevisionChangeLink[] {
  const links: RevisionChangeLink[] = [];
  for (const type of TYPES) {
    for (const [kind, snapshots] of Object.entries(revision.changes?.[type] ?? {})) {
      for (const snapshot of snapshots ?? []) {
        const { label, to } = linkOf(kind as RevisionEntityKind, snapshot as Snapshot, type, revision.id);
        links.push({ type, kind: kind as RevisionEntityKind, label: label ?? text(snapshot as Snapshot, 'id') ?? '?', to });
      }
    }
  }
  return links;
}
