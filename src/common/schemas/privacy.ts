// The view models of a subject's privacy rights (docs/subjects.md, "Erasure", "Access export", "Who looked").
import { anything, arrayOf, boolean, dateTime, integer, nullableString, object, ref, string, type Schema } from '../schema';

export const PRIVACY_SCHEMAS: Record<string, Schema> = {
  SubjectErasureRequest: object({
    reason: string('Why the personal data is erased (kept in the tombstone)', { minLength: 1, maxLength: 1000 }),
    confirmLogin: string('The subject\'s login typed again, as the confirmation', { minLength: 1, maxLength: 50 }),
  }, ['reason', 'confirmLogin'], 'Erase a subject\'s personal data.'),
  SubjectErasureDTO: object({
    login: string(), erasedBy: string(), erasedAt: dateTime(), reason: string(),
  }, ['login', 'erasedBy', 'erasedAt', 'reason'], 'The tombstone of an erasure.'),
  SubjectPrivacyVM: object({
    erasure: ref('SubjectErasureDTO'),
    lastViewed: object({ by: string('Who (a login or a client id)'), at: dateTime() }, ['by', 'at'], 'The latest view by someone else than the caller; absent when none'),
  }, [], 'Whether a subject\'s personal data was erased, and who looked at it last.'),
  SubjectAccessExport: object({
    exportedAt: dateTime(), exportedBy: string(),
    subject: ref('SubjectDTO'),
    erasure: anything('SubjectErasureDTO or null'),
    revisions: arrayOf(object({ revision: integer(), timestamp: dateTime(), author: string(), changeType: string(), snapshot: anything() }, ['revision', 'timestamp', 'author', 'changeType', 'snapshot'])),
    pairing: object({
      paired: boolean(), lastPairedAt: nullableString(), lastSeen: nullableString(),
      links: arrayOf(anything('A pairing link without its name: clientId, persistent, status, createdBy, createdAt, expiresAt, usedAt')),
    }, ['paired', 'links']),
    auditEvents: arrayOf(ref('AuditEvent')),
  }, ['exportedAt', 'exportedBy', 'subject', 'revisions', 'pairing', 'auditEvents'], 'Everything the portal holds about one subject (GDPR art. 15).'),
};
