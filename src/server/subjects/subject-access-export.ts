// The subject access export (GDPR art. 15; docs/subjects.md, "Access export"): GET api/subjects/{login}/access-export
// answers one JSON file with everything the portal holds about the subject: its current data (with its full project
// and provenance), its erasure tombstone, every revision of it, its pairing and contact history (pairing links
// without their names, which are credentials; when it was paired last; when its app and sources were last seen) and
// the audit events about it. The export is itself audited (SUBJECT_ACCESS_EXPORTED), in the same transaction that
// reads, so the file lists its own event.
import type { SubjectDTO } from '../../common/dto';
import { recordSecurityEvent } from '../audit/security-events';
import type { Principal } from '../auth/principal';
import type { RequestContext, Reply } from '../http/context';
import { toAuditEvent, type AuditEvent, type AuditRow } from '../management/audit-events';
import { readSubjectDetail } from './load-subject';
import { readErasure, type SubjectErasure } from './subject-erasure';
import { flushViews, viewerOf } from './subject-views';
import { withReadableProjects } from './subject-revisions';
import { subjectNotFound } from '../http/not-found';
import { jsonColumn } from '../db/database';

export interface SubjectAccessExport {
  exportedAt: string;
  exportedBy: string;
  subject: SubjectDTO;
  erasure: SubjectErasure | null;
  revisions: { revision: number; timestamp: string; author: string; changeType: string; snapshot: unknown }[];
  pairing: {
    paired: boolean;
    lastPairedAt: string | null;
    lastSeen: string | null;
    links: { clientId: string; persistent: boolean; status: 'PENDING' | 'USED' | 'EXPIRED'; createdBy: string | null; createdAt: string | null; expiresAt: string; usedAt: string | null }[];
  };
  auditEvents: AuditEvent[];
}

const iso = (d: Date | string | null | undefined) => (d === null || d === undefined ? null : new Date(d).toISOString());

export async function exportSubjectAccess(ctx: RequestContext, principal: Principal, login: string): Promise<Reply> {
  await flushViews(ctx.app);
  const timeout = ctx.app.config.persistentMetaTokenTimeoutMs ?? undefined;
  const file = await ctx.app.db.transaction(async (tx): Promise<SubjectAccessExport> => {
    const detail = (await readSubjectDetail(tx, login, timeout)).value;
    if (!detail) throw subjectNotFound(login);
    const subjectId = detail.found.row.id;
    await recordSecurityEvent(tx, viewerOf(principal), 'SUBJECT_ACCESS_EXPORTED', { subject_login: login });
    const revisions = await tx.query<{ revision_id: number; timestamp: Date | string; author: string; change_type: string; snapshot: unknown }>(
      `SELECT c.revision_id, r.timestamp, r.author, c.change_type, c.snapshot FROM revision_change c JOIN revision r ON r.id = c.revision_id
        WHERE c.entity_kind = 'subject' AND (c.entity_id = $1 OR c.entity_key = $2) ORDER BY c.revision_id, c.id`, [subjectId, login]);
    // The same rule as the revision pages: a snapshot's project the caller may not read shows its name only.
    const snapshots = await withReadableProjects(tx, principal,
      revisions.map((r) => jsonColumn(r.snapshot as SubjectDTO | string)));
    const links = await tx.query<{ client_id: string; persistent: boolean; fetched: boolean; live: boolean; created_by: string | null; created_at: Date | null; expiry_date: Date; used_at: Date | null }>(
      `SELECT client_id, persistent, fetched, expiry_date > now() AS live, created_by, created_at, expiry_date, used_at
         FROM radar_meta_token WHERE subject_id = $1 ORDER BY created_at DESC NULLS LAST, id DESC`, [subjectId]);
    const [pairing] = await tx.query<{ last_paired_at: Date | null }>('SELECT last_paired_at FROM subject_pairing WHERE subject_id = $1', [subjectId]);
    const events = await tx.query<AuditRow>(
      `SELECT id, principal, event_date, event_type, data FROM audit_event
        WHERE $1 = ANY(string_to_array(data->>'subject_login', ',')) OR data->>'user' = $1 OR principal = $1 ORDER BY event_date, id`, [login]);
    return {
      exportedAt: new Date().toISOString(),
      exportedBy: viewerOf(principal),
      subject: detail.dto,
      erasure: (await readErasure(tx, login)) ?? null,
      revisions: revisions.map((r, i) => ({
        revision: Number(r.revision_id), timestamp: iso(r.timestamp)!, author: r.author, changeType: r.change_type,
        snapshot: snapshots[i],
      })),
      pairing: {
        paired: pairing !== undefined,
        lastPairedAt: iso(pairing?.last_paired_at),
        lastSeen: detail.dto.lastSeen ?? null,
        links: links.map((l) => ({
          clientId: l.client_id, persistent: l.persistent, status: l.fetched ? 'USED' : l.live ? 'PENDING' : 'EXPIRED',
          createdBy: l.created_by, createdAt: iso(l.created_at), expiresAt: iso(l.expiry_date)!, usedAt: iso(l.used_at),
        })),
      },
      auditEvents: events.map(toAuditEvent),
    };
  });
  return {
    status: 200,
    body: file,
    headers: {
      'Content-Disposition': `attachment; filename="subject-${login.replace(/[^A-Za-z0-9._-]/g, '_')}-access-export.json"`,
      'Cache-Control': 'no-store',
    },
  };
}
