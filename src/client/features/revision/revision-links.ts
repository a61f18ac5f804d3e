// Where a change listed on the revisions page leads: the revision view of a project, subject, source, source type,
// source data or user. Subjects have their own view per revision
// (subject/{login}/revisions/{n}; a deleted one, which the server has no state for at that revision, links to its
// history). Every other kind links to the revision view (revisions/{id}) with a query naming the entity, so the view
// can scroll to it and highlight it: `?kind=project&key=radar`, and for source types their producer, model and
// catalogVersion (`?kind=sourcetype&producer=Empatica&model=E4&catalogVersion=v1`). Links to the live entity
// (`livePathOf`) are only for the revision view's "current version" links: the entity may be gone, or changed since.
// Snapshots are the entity's DTO as stored with the revision. Everything here is pure.
import type { RevisionEntityKind, RevisionInfoDTO, RevisionType } from '../../../common/dto';
import { pathOf } from '../../lib/app-url';
import { toQueryString } from '../../lib/query-string';

export interface RevisionChangeLink {
  type: RevisionType;
  kind: RevisionEntityKind;
  /** The entity's name as people know it (login, project name, producer_model_version, ...). */
  label: string;
  /** A role's authority and scope, for showing it by its name in the interface language. */
  role?: RoleRef;
  /** App path of the entity's view at that revision. */
  to: string;
}

export type Snapshot = Record<string, unknown> | null | undefined;

/** The query fields that name an entity in the revision view's URL (besides `kind`). */
export type EntityIdentity = Record<string, string>;

export const text = (snapshot: Snapshot, field: string): string | undefined => {
  const value = snapshot?.[field];
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
};

/** A role's project or organization. */
const referentOf = (s: Snapshot) => text(s, 'projectName') ?? text(s, 'organizationName');

/** A role as role-name.ts shows it. */
export interface RoleRef {
  authorityName: string;
  projectName?: string;
  organizationName?: string;
}

/** The role a role snapshot (or a user's role) holds; undefined without an authority. */
export function roleOf(s: Snapshot): RoleRef | undefined {
  const authorityName = text(s, 'authorityName');
  if (!authorityName) return undefined;
  const [projectName, organizationName] = [text(s, 'projectName'), text(s, 'organizationName')];
  return { authorityName, ...(projectName && { projectName }), ...(organizationName && { organizationName }) };
}

/** The field that names an entity of each single-keyed kind. */
const KEY_FIELD: Partial<Record<RevisionEntityKind, string>> = {
  project: 'projectName',
  subject: 'login',
  source: 'sourceName',
  sourcedata: 'sourceDataName',
  user: 'login',
  organization: 'name',
};

/** How the revision view's URL names the entity; its id when the snapshot lacks the name; null with neither. */
export function entityIdentity(kind: RevisionEntityKind, s: Snapshot): EntityIdentity | null {
  const fallback = () => (text(s, 'id') === undefined ? null : { id: text(s, 'id')! });
  if (kind === 'sourcetype') {
    const [producer, model, catalogVersion] = [text(s, 'producer'), text(s, 'model'), text(s, 'catalogVersion')];
    return producer && model && catalogVersion ? { producer, model, catalogVersion } : fallback();
  }
  if (kind === 'role') {
    const authority = text(s, 'authorityName');
    const referent = referentOf(s);
    return authority ? { key: referent ? `${referent}:${authority}` : authority } : fallback();
  }
  const field = KEY_FIELD[kind];
  const key = field && text(s, field);
  return key ? { key } : fallback();
}

/** True when the revision view's query (`kind` plus the identity fields) names this entity. */
export function isNamedBy(query: Readonly<Record<string, string>>, kind: RevisionEntityKind, s: Snapshot): boolean {
  if (query.kind !== kind) return false;
  const identity = entityIdentity(kind, s);
  return identity !== null && Object.entries(identity).every(([field, value]) => query[field] === value);
}

/** `revisions/{id}?kind=...&key=...`: the revision view, scrolled to the entity. */
export function revisionViewPath(revisionId: number, kind: RevisionEntityKind, s: Snapshot): string {
  return `${pathOf('revisions', String(revisionId))}?${toQueryString({ kind, ...entityIdentity(kind, s) })}`;
}

/** The entity's name as people know it, or undefined when the snapshot lacks it. */
export function entityLabel(kind: RevisionEntityKind, s: Snapshot): string | undefined {
  if (kind === 'sourcetype') {
    const [producer, model, version] = [text(s, 'producer'), text(s, 'model'), text(s, 'catalogVersion')];
    return producer && model && version ? `${producer}_${model}_${version}` : undefined;
  }
  if (kind === 'role') {
    const [referent, authority] = [referentOf(s), text(s, 'authorityName')];
    return authority && (referent ? `${referent}: ${authority}` : authority);
  }
  const field = KEY_FIELD[kind];
  return field && text(s, field);
}

/** The live entity's page (today's state), or null when the snapshot lacks what the path needs. */
export function livePathOf(kind: RevisionEntityKind, s: Snapshot): string | null {
  const path = (...parts: (string | undefined)[]) => (parts.every((p) => p !== undefined) ? pathOf(...(parts as string[])) : null);
  switch (kind) {
    case 'project':
      return path('project', text(s, 'projectName'));
    case 'subject':
      return path('subject', text(s, 'login'));
    case 'source':
      return path('source', text(s, 'sourceName'));
    case 'sourcetype':
      return path('source-type', text(s, 'producer'), text(s, 'model'), text(s, 'catalogVersion'));
    case 'sourcedata':
      return path('source-data', text(s, 'sourceDataName'));
    case 'user':
      return path('user-management', text(s, 'login'));
    case 'organization':
      return path('organization', text(s, 'name'));
    case 'role':
      return path('role', referentOf(s), text(s, 'authorityName'));
    default:
      return null;
  }
}

function changeTarget(kind: RevisionEntityKind, s: Snapshot, type: RevisionType, revisionId: number): string {
  const login = kind === 'subject' ? text(s, 'login') : undefined;
  if (login === undefined) return revisionViewPath(revisionId, kind, s);
  return type === 'DEL' ? pathOf('subject', login, 'revisions') : pathOf('subject', login, 'revisions', String(revisionId));
}

export const REVISION_TYPES_IN_ORDER: readonly RevisionType[] = ['ADD', 'MOD', 'DEL'];

/** Every change of a revision, added first, then modified, then deleted. */
export function revisionChanges(revision: RevisionInfoDTO): RevisionChangeLink[] {
  const links: RevisionChangeLink[] = [];
  for (const type of REVISION_TYPES_IN_ORDER) {
    for (const [kind, snapshots] of Object.entries(revision.changes?.[type] ?? {})) {
      for (const snapshot of snapshots ?? []) {
        const s = snapshot as Snapshot;
        const k = kind as RevisionEntityKind;
        const role = k === 'role' ? roleOf(s) : undefined;
        links.push({ type, kind: k, label: entityLabel(k, s) ?? text(s, 'id') ?? '?', to: changeTarget(k, s, type, revision.id), ...(role && { role }) });
      }
    }
  }
  return links;
}
