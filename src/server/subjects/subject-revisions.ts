// A subject's history (docs/subjects.md): GET api/subjects/{login}/revisions (paged, default 20, X-Total-Count and
// a Link with ManagementPortal's base `/subjects/{login}/revisions`) and .../revisions/{n} (the subject as it stood at
// revision n). Both work for a deleted subject: its history is found by login, and the permission is checked
// against the project of its latest snapshot. A snapshot's nested project that the caller may not read (the project
// the subject was in before it moved to the caller's) shows its name only (docs/permissions.md).
import type { ProjectDTO, RevisionDTO, SubjectDTO } from '../../common/dto';
import { allowed } from '../auth/guards';
import type { Principal } from '../auth/principal';
import { first, type Queryable } from '../db/database';
import { ok, type Reply, type RequestContext } from '../http/context';
import { entityAtRevision, HISTORY_SORT_COLUMNS, listEntityHistory, type EntityRef } from '../revisions/entity-history';
import { encodeSegment, pagingHeaders, type Pageable } from '../http/paging';
import { subjectNotFound } from '../http/not-found';
import { findSubject } from './load-subject';

/** Sortable properties of the revision list → SQL. */
export const SUBJECT_HISTORY_SORT: Readonly<Record<string, string>> = {
  ...HISTORY_SORT_COLUMNS,
  login: 'c.entity_key',
  'user.login': 'c.entity_key',
  externalId: "(c.snapshot->>'externalId')",
  externalLink: "(c.snapshot->>'externalLink')",
  status: "(c.snapshot->>'status')",
};

export interface History {
  ref: EntityRef;
  /** The project the permission is checked against: the living subject's, else the latest snapshot's. */
  project: string | null;
}

/** The living subject's history, else a deleted one's by its login; 404 when there is none. */
export async function historyOf(q: Queryable, login: string): Promise<History> {
  const living = await findSubject(q, { login });
  if (living) return { ref: { kind: 'subject', id: living.row.id }, project: living.associatedProject };
  const latest = await first<{ entity_id: number; snapshot: SubjectDTO | string }>(
    q,
    `SELECT entity_id, snapshot FROM revision_change WHERE entity_kind = 'subject' AND entity_key = $1
      ORDER BY revision_id DESC, id DESC LIMIT 1`,
    [login],
  );
  if (!latest) throw subjectNotFound(login);
  const snapshot = (typeof latest.snapshot === 'string' ? JSON.parse(latest.snapshot) : latest.snapshot) as SubjectDTO;
  return { ref: { kind: 'subject', id: latest.entity_id }, project: (snapshot.project as ProjectDTO | undefined)?.projectName ?? null };
}

/**
 * The snapshots with every nested project the caller may not read (PROJECT.READ) cut down to its name, and the
 * subject's group in it left out: a subject's history may hold the projects it was in before, whose groups,
 * description, location and organization are not the caller's to see. Each project is checked once.
 */
export async function withReadableProjects(q: Queryable, principal: Principal, snapshots: SubjectDTO[]): Promise<SubjectDTO[]> {
  const readable = new Map<string, Promise<boolean>>();
  const mayRead = (name: string) => {
    if (!readable.has(name)) readable.set(name, allowed(q, principal, 'PROJECT.READ', { project: name }));
    return readable.get(name)!;
  };
  return Promise.all(snapshots.map(async (snapshot) => {
    const name = (snapshot?.project as ProjectDTO | undefined)?.projectName;
    if (name === undefined || (await mayRead(name))) return snapshot;
    // The subject's group then is one of that project's groups: a detail of the project, left out with it.
    return { ...snapshot, project: { projectName: name } as ProjectDTO, ...(snapshot.group != null ? { group: null } : {}) };
  }));
}

export async function listSubjectRevisions(ctx: RequestContext, principal: Principal, history: History, login: string, pageable: Pageable): Promise<Reply> {
  const { total, items } = await listEntityHistory<SubjectDTO>(ctx.app.db, history.ref, pageable);
  const snapshots = await withReadableProjects(ctx.app.db, principal, items.map((item) => item.entity));
  const answered: RevisionDTO<SubjectDTO>[] = items.map((item, i) => ({ ...item, entity: snapshots[i] }));
  return ok(answered, pagingHeaders(`/subjects/${encodeSegment(login)}/revisions`, pageable, total));
}

export async function getSubjectRevision(ctx: RequestContext, principal: Principal, history: History, login: string, revision: number): Promise<Reply> {
  const at = Number.isSafeInteger(revision) ? await entityAtRevision<SubjectDTO>(ctx.app.db, history.ref, revision) : undefined;
  if (!at || at.revisionType === 'DEL') throw subjectNotFound(login);
  const [snapshot] = await withReadableProjects(ctx.app.db, principal, [at.entity]);
  return ok(snapshot);
}
