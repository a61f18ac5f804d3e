// An audit event's type as people read it, in the interface language: "Sign-in succeeded" for
// AUTHENTICATION_SUCCESS. The code itself stays what the server filters and exports by (the type filter's option
// values, the CSV and JSON exports) and the title of what shows the label; a code the client does not know shows
// as it is.
import { knownValueLabel } from '../../components/value-label';
import type { Translate } from '../../lib/i18n-react';

/** The types the server writes (oauth/audit.ts, audit/security-events.ts, subjects/subject-retire.ts, subjects/subject-views.ts). */
export const AUDIT_EVENT_TYPES = [
  'AUTHENTICATION_SUCCESS', 'AUTHENTICATION_FAILURE', 'GRANT_ACCESS_TOKEN', 'PAIR_CLIENT_REQUEST',
  'PAIRING_TOKEN_EXCHANGED', 'PAIRING_TOKEN_REVOKED', 'PASSWORD_CHANGED', 'PASSWORD_RESET', 'ROLE_GRANTED',
  'ROLE_REMOVED', 'USER_CREATED', 'USER_DEACTIVATED', 'USER_DELETED', 'OAUTH_CLIENT_CREATED', 'OAUTH_CLIENT_UPDATED',
  'OAUTH_CLIENT_DELETED', 'SESSION_ENDED', 'SESSIONS_ENDED', 'SUBJECT_DISCONTINUE', 'TWO_FACTOR_ENABLED',
  'TWO_FACTOR_DISABLED', 'TWO_FACTOR_RESET', 'TWO_FACTOR_USED', 'AUDIT_EXPORTED', 'CATALOGUE_IMPORTED',
  'SUBJECT_ERASED', 'SUBJECT_VIEWED', 'SUBJECT_ACCESS_EXPORTED', 'SUBJECTS_EXPORTED', 'SUBJECT_RESTRICTED',
  'SUBJECT_RESTRICTION_LIFTED', 'PROJECT_PRIVACY_UPDATED',
] as const;

export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/** "Sign-in succeeded"; an unknown code as it is. */
export const auditEventTypeLabel = (t: Translate, code: string | null | undefined): string =>
  knownValueLabel(t, AUDIT_EVENT_TYPES, 'audits.eventType.', code);

/** The type filter's options: the code as the value, the label to read, sorted by the label. */
export function auditEventTypeOptions(t: Translate): { value: AuditEventType; label: string }[] {
  return AUDIT_EVENT_TYPES.map((value) => ({ value, label: auditEventTypeLabel(t, value) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
