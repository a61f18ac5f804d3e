// The view models of a subject's privacy rights (docs/subjects.md, "Erasure", "Access export", "Who looked").
import { anything, arrayOf, boolean, dateTime, integer, mapOf, nullableString, object, ref, string, type Schema } from '../schema';

export const PRIVACY_SCHEMAS: Record<string, Schema> = {
  SubjectErasureRequest: object({
    reason: string('Why the personal data is erased (kept in the tombstone)', { minLength: 1, maxLength: 1000 }),
    confirmLogin: string('The subject\'s login typed again, as the confirmation', { minLength: 1, maxLength: 50 }),
  }, ['reason', 'confirmLogin'], 'Erase a subject\'s personal data.'),
  SubjectErasureDTO: object({
    login: string(), erasedBy: string(), erasedAt: dateTime(), reason: string(),
    exports: arrayOf(object({ exportedAt: dateTime(), exportedBy: string(), project: string() }, ['exportedAt', 'exportedBy', 'project']), 'The erasure\'s answer only: the CSV exports that held the subject (GDPR Art. 17(2))'),
    recipients: string('The erasure\'s answer only: the recipients the project names (its privacy information)'),
  }, ['login', 'erasedBy', 'erasedAt', 'reason'], 'The tombstone of an erasure.'),
  SubjectPrivacyVM: object({
    erasure: ref('SubjectErasureDTO'),
    lastViewed: object({ by: string('Who (a login or a client id)'), at: dateTime() }, ['by', 'at'], 'The latest view by someone else than the caller; absent when none'),
    restriction: ref('SubjectRestrictionDTO'),
  }, [], 'Whether a subject\'s personal data was erased or its processing restricted, and who looked at it last.'),
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
    erasures: arrayOf(ref('SubjectErasureDTO'), 'Every erasure of this subject, oldest first'),
    restriction: anything('SubjectRestrictionDTO or null'),
    account: object({
      login: string(), email: nullableString(), firstName: nullableString(), lastName: nullableString(), langKey: nullableString(),
      activated: boolean(), createdDate: nullableString(),
    }, ['login', 'activated'], 'The subject\'s user account'),
    exports: arrayOf(object({ exportedAt: dateTime(), exportedBy: string(), project: string() }, ['exportedAt', 'exportedBy', 'project']), 'The CSV exports that held the subject'),
    processing: mapOf(ref('ProjectPrivacy'), 'GDPR Art. 15(1) per project the subject was in, by project name'),
  }, ['exportedAt', 'exportedBy', 'subject', 'revisions', 'pairing', 'auditEvents'], 'Everything the portal holds about one subject (GDPR art. 15).'),
  SubjectRestrictionRequest: object({
    reason: string('Why processing is restricted (GDPR Art. 18)', { minLength: 1, maxLength: 1000 }),
  }, ['reason'], 'Restrict the processing of a subject\'s data.'),
  SubjectRestrictionDTO: object({
    login: string(), restrictedBy: string(), restrictedAt: dateTime(), reason: string(),
  }, ['login', 'restrictedBy', 'restrictedAt', 'reason'], 'A restriction of processing (GDPR Art. 18).'),
  ProjectPrivacy: object({
    controller: string(), purposes: string(), legalBasis: string(), recipients: string(), retention: string(), dataSource: string(), rights: string(),
  }, ['controller', 'purposes', 'legalBasis', 'recipients', 'retention', 'dataSource', 'rights'], 'What a participant is told (GDPR Art. 13, 15(1))'),
  ProjectPrivacyRequest: object({
    controller: nullableString(undefined, { maxLength: 4000 }), purposes: nullableString(undefined, { maxLength: 4000 }),
    legalBasis: nullableString(undefined, { maxLength: 4000 }), recipients: nullableString(undefined, { maxLength: 4000 }),
    retention: nullableString(undefined, { maxLength: 4000 }), dataSource: nullableString(undefined, { maxLength: 4000 }),
    rights: nullableString(undefined, { maxLength: 4000 }),
  }, [], 'A project\'s privacy information; a field null, empty or left out answers the default.'),
  ProjectPrivacyVM: object({
    projectName: string(),
    settings: anything('Each field as set; null: the default applies'),
    effective: ref('ProjectPrivacy'),
    defaults: ref('ProjectPrivacy'),
    updatedBy: nullableString(), updatedAt: nullableString(),
  }, ['projectName', 'settings', 'effective', 'defaults'], 'A project\'s privacy information'),
  SubjectExportRecord: object({
    id: integer(), exportedAt: dateTime(), exportedBy: string(), project: string('The project, or * for every project'), subjects: arrayOf(string(), 'Logins'),
  }, ['id', 'exportedAt', 'exportedBy', 'project', 'subjects'], 'Whose data left in one CSV export'),
  ProcessingRecord: anything('The record of processing activities (GDPR Art. 30), docs/privacy.md'),
};
