// A subject's history (api.md §5.9, §4.17): GET api/subjects/{login}/revisions (paged, default 20, X-Total-Count and
// a Link with the original's base `/subjects/{login}/revisions`) and .../revisions/{n} (the subject as it stood at
// revision n). Both work for a deleted subject: its history is found by login, and the permission is checked
// against the project of its latest snapshot.
import type { ProjectDTO, SubjectDTO } from '../../common/dto';
import type { Principal } from '../auth/principal';
import { first } from '../db/database';
import { ok, type Reply, type RequestContext } from '../http/context';
import { entityAtRevision, HISTORY_SORT_COLUMNS, listEntityHistory, type EntityRef } from '../revisions/entity-history';
import { encodeSegment, pagingHeaders, parsePageable } from '../http/paging';
import { requireAllowed } from './access';
import { findSubject, subjectNotFound } from './load-subject';

const SORTABLE = {
  ...HISTORY_SORT_COLUMNS,
  login: 'c.entity_key',
  'user.login': 'c.entity_key',
  externalId: "(c.snapshot->>'externalId')",
  externalLink: "(c.snapshot->>'externalLink')",
  status: "(c.snapshot->>'status')",
};

interface History {
  ref: EntityRef;
  /** The project the permission is checked against: the living subject's, else the latest snapshot's. */
  project: string | null;
}

async function historyOf(ctx: RequestContext, login: string): Promise<History> {
  const living = await findSubject(ctx.app.db, { login });
  if (living) return { ref: { kind: 'subject', id: living.row.id }, project: living.associatedProject };
  const latest = await first<{ entity_id: number; snapshot: SubjectDTO | string }>(
    ctx.app.db,
    `SELECT entity_id, snapshot FROM revision_change WHERE entity_kind = 'subject' AND entity_key = $1
      ORDER BY revision_id DESC, id DESC LIMIT 1`,
    [login],
  );
  if (!latest) throw subjectNotFound(login);
  const snapshot = (typeof latest.snapshot === 'string' ? JSON.parse(latest.snapshot) : latest.snapshot) as SubjectDTO;
  return { ref: { kind: 'subject', id: latest.entity_id }, project: (snapshot.project as ProjectDTO | undefined)?.projectName ?? null };
}

async function authorizedHistory(ctx: RequestContext, principal: Principal, login: string): Promise<History> {
  const history = await historyOf(ctx, login);
  await requireAllowed(ctx.app.db, principal, 'SUBJECT.READ', { project: history.project, subject: login });
  return history;
}

export async function listSubjectRevisions(ctx: RequestContext, principal: Principal, login: string): Promise<Reply> {
  const pageable = parsePageable(ctx.query, { defaultSize: 20, sortable: SORTABLE });
  const { ref } = await authorizedHistory(ctx, principal, login);
  const { total, items } = await listEntityHistory<SubjectDTO>(ctx.app.db, ref, pageable);
  return ok(items, pagingHeaders(`/subjects/${encodeSegment(login)}/revisions`, pageable, total));
}

export async function getSubjectRevision(ctx: RequestContext, principal: Principal, login: string, revision: number): Promise<Reply> {
  const { ref } = await authorizedHistory(ctx, principal, login);
  const at = Number.isSafeInteger(revision) ? await entityAtRevision<SubjectDTO>(ctx.app.db, ref, revision) : undefined;
  if (!at || at.revisionType === 'DEL') throw subjectNotFound(login);
  return ok(at.entity);
}
