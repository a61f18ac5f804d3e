// GET api/projects/{projectName}/meta-tokens (docs/subjects.md, "Invitations"): the pairing links of a project's
// subjects, newest first, paged: pending (not used, not expired), used, or expired. Revoking one is
// DELETE api/meta-token/{name}; a new link for a subject is the pairing request (pair.ts). Used single-use links and
// expired ones disappear with the monthly purge (meta-token-store.ts); whether a subject was ever paired is kept
// apart (subject_pairing, migration 055).
import type { Queryable } from '../db/database';
import { ok, type Reply } from '../http/context';
import { pagingHeaders, encodeSegment, type Pageable } from '../http/paging';
import { projectIdByName } from '../projects/project-dto';

export const INVITATION_STATUSES = ['PENDING', 'USED', 'EXPIRED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export interface MetaTokenDTO {
  tokenName: string;
  subjectLogin: string | null;
  externalId: string | null;
  clientId: string;
  persistent: boolean;
  status: InvitationStatus;
  createdBy: string | null;
  createdAt: string | null;
  expiresAt: string;
  usedAt: string | null;
}

interface Row {
  token_name: string;
  login: string | null;
  external_id: string | null;
  client_id: string;
  persistent: boolean;
  fetched: boolean;
  live: boolean;
  created_by: string | null;
  created_at: Date | string | null;
  expiry_date: Date | string;
  used_at: Date | string | null;
  total: number;
}

const STATUS_SQL: Record<InvitationStatus, string> = {
  PENDING: 'NOT t.fetched AND t.expiry_date > now()',
  USED: 't.fetched',
  EXPIRED: 'NOT t.fetched AND t.expiry_date <= now()',
};

const iso = (d: Date | string | null) => (d === null ? null : (d instanceof Date ? d : new Date(d)).toISOString());

export async function listInvitations(db: Queryable, projectName: string, pageable: Pageable, status?: InvitationStatus): Promise<Reply> {
  const projectId = await projectIdByName(db, projectName);
  const rows = await db.query<Row>(
    `SELECT t.token_name, s.login, s.external_id, t.client_id, t.persistent, t.fetched, t.expiry_date > now() AS live,
            t.created_by, t.created_at, t.expiry_date, t.used_at, count(*) OVER () AS total
       FROM radar_meta_token t JOIN subject s ON s.id = t.subject_id
      WHERE s.project_id = $1${status ? ` AND ${STATUS_SQL[status]}` : ''}
      ORDER BY t.created_at DESC NULLS LAST, t.id DESC LIMIT $2 OFFSET $3`,
    [projectId, pageable.size, pageable.page * pageable.size],
  );
  const total = rows.length ? Number(rows[0].total) : pageable.page === 0 ? 0 : await countAll(db, projectId, status);
  const items: MetaTokenDTO[] = rows.map((r) => ({
    tokenName: r.token_name,
    subjectLogin: r.login,
    externalId: r.external_id,
    clientId: r.client_id,
    persistent: r.persistent,
    status: r.fetched ? 'USED' : r.live ? 'PENDING' : 'EXPIRED',
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
    expiresAt: iso(r.expiry_date)!,
    usedAt: iso(r.used_at),
  }));
  return ok(items, pagingHeaders(`/api/projects/${encodeSegment(projectName)}/meta-tokens`, pageable, total));
}

async function countAll(db: Queryable, projectId: number, status?: InvitationStatus): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int8 AS n FROM radar_meta_token t JOIN subject s ON s.id = t.subject_id
      WHERE s.project_id = $1${status ? ` AND ${STATUS_SQL[status]}` : ''}`,
    [projectId],
  );
  return Number(row.n);
}
