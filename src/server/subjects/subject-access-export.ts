// The subject access export (GDPR art. 15; docs/privacy.md, docs/subjects.md "Access export"):
// GET api/subjects/{login}/access-export answers one JSON file with everything the portal holds about the subject:
// its current data (with its full project and provenance), its user account (e-mail, names, language), its erasure
// tombstones and restriction, every revision of it, its pairing and contact history (pairing links without their
// names, which are credentials; when it was paired last; when its app and sources were last seen), the audit events
// about it (including failed sign-ins under its e-mail address), the CSV exports that held it, and the Art. 15(1)
// information of each project it was in (purposes, legal basis, recipients, retention, source, rights). Everything is
// this subject row's, never a previous holder's of its login (subject-identity.ts). The export is itself audited
// (SUBJECT_ACCESS_EXPORTED), in the same transaction that reads, so the file lists its own event.
import type { SubjectDTO } from '../../common/dto';
import { recordSecurityEvent } from '../audit/security-events';
import type { Principal } from '../auth/principal';
import type { RequestContext, Reply } from '../http/context';
import { toAuditEvent, type AuditEvent, type AuditRow } from '../management/audit-events';
import { readSubjectDetail } from './load-subject';
import { type SubjectErasure } from './subject-erasure';
import { viewerOf } from './subject-views';
import { identityOf } from './subject-identity';
import { exportsOfSubject, type ExportOfSubject } from '../privacy/export-records';
import { privacyOfProjects, type ProjectPrivacy } from '../privacy/project-privacy';
import { readRestriction, type SubjectRestriction } from '../privacy/subject-restriction';
import { withReadableProjects } from './subject-revisions';
import { subjectNotFound } from '../http/not-found';
import { jsonColumn } from '../db/database';
import { eventAboutSql } from './subject-identity';

export interface SubjectAccessExport {
  exportedAt: string;
  exportedBy: string;
  subject: SubjectDTO;
  erasure: SubjectErasure | null;
  /** Every erasure of this subject, oldest first (an erasure may be repeated). */
  erasures: SubjectErasure[];
  restriction: SubjectRestriction | null;
  account: { login: string; email: string | null; firstName: string | null; lastName: string | null; langKey: string | null; activated: boolean; createdDate: string | null };
  /** The CSV exports that held the subject (GDPR Art. 15(1)(c), 17(2)). */
  exports: ExportOfSubject[];
  /** Art. 15(1) per project the subject was in, by project name. */
  processing: Record<string, ProjectPrivacy>;
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
  const timeout = ctx.app.config.persistentMetaTokenTimeoutMs ?? undefined;
  const file = await ctx.app.db.transaction(async (tx): Promise<SubjectAccessExport> => {
    const detail = (await readSubjectDetail(tx, login, timeout)).value;
    if (!detail) throw subjectNotFound(login);
    const subjectId = detail.found.row.id;
    const identity = await identityOf(tx, login);
    await recordSecurityEvent(tx, viewerOf(principal), 'SUBJECT_ACCESS_EXPORTED', { subject_login: login });
    const revisions = await tx.query<{ revision_id: number; timestamp: Date | string; author: string; change_type: string; snapshot: unknown }>(
      `SELECT c.revision_id, r.timestamp, r.author, c.change_type, c.snapshot FROM revision_change c JOIN revision r ON r.id = c.revision_id
        WHERE c.entity_kind = 'subject' AND c.entity_id = $1 ORDER BY c.revision_id, c.id`, [subjectId]);
    // The same rule as the revision pages: a snapshot's project the caller may not read shows its name only.
    const snapshots = await withReadableProjects(tx, principal,
      revisions.map((r) => jsonColumn(r.snapshot as SubjectDTO | string)));
    const links = await tx.query<{ client_id: string; persistent: boolean; fetched: boolean; live: boolean; created_by: string | null; created_at: Date | null; expiry_date: Date; used_at: Date | null }>(
      `SELECT client_id, persistent, fetched, expiry_date > now() AS live, created_by, created_at, expiry_date, used_at
         FROM radar_meta_token WHERE subject_id = $1 ORDER BY created_at DESC NULLS LAST, id DESC`, [subjectId]);
    const [pairing] = await tx.query<{ last_paired_at: Date | null }>('SELECT last_paired_at FROM subject_pairing WHERE subject_id = $1', [subjectId]);
    const [account] = await tx.query<{ login: string; email: string | null; first_name: string | null; last_name: string | null; lang_key: string | null; activated: boolean; created_date: Date | null }>(
      'SELECT login, email, first_name, last_name, lang_key, activated, created_date FROM radar_user WHERE id = $1', [detail.found.row.user_id]);
    // Events about it in its time, and failed sign-ins typed with its e-mail address as the user name.
    const params: unknown[] = [account?.email?.toLowerCase() ?? null];
    const events = await tx.query<AuditRow>(
      `SELECT id, principal, event_date, event_type, data FROM audit_event e
        WHERE ${eventAboutSql(identity, params)} OR ($1::text IS NOT NULL AND lower(e.principal) = $1::text) ORDER BY event_date, id`, params);
    const erasures = await tx.query<{ login: string; erased_by: string; erased_at: Date | string; reason: string }>(
      'SELECT login, erased_by, erased_at, reason FROM subject_erasure WHERE subject_id = $1 ORDER BY erased_at, id', [subjectId]);
    const projects = [...new Set([detail.found.associatedProject, ...snapshots.map((s) => (s?.project as { projectName?: string } | undefined)?.projectName)]
      .filter((p): p is string => typeof p === 'string'))];
    const privacy = await privacyOfProjects(tx, projects);
    const erasureList = erasures.map((e) => ({ login: e.login, erasedBy: e.erased_by, erasedAt: iso(e.erased_at)!, reason: e.reason }));
    return {
      exportedAt: new Date().toISOString(),
      exportedBy: viewerOf(principal),
      subject: detail.dto,
      erasure: erasureList.at(-1) ?? null,
      erasures: erasureList,
      restriction: (await readRestriction(tx, subjectId)) ?? null,
      account: {
        login: account.login, email: account.email, firstName: account.first_name, lastName: account.last_name, langKey: account.lang_key,
        activated: account.activated, createdDate: iso(account.created_date),
      },
      exports: await exportsOfSubject(tx, subjectId),
      processing: Object.fromEntries([...privacy].map(([name, p]) => [name, p.effective])),
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
