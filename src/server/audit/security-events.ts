// The security events of the audit trail (docs/management.md, Audits), beside the sign-in and token events that
// oauth/audit.ts writes (pairing links issued are its PAIR_CLIENT_REQUEST): who did what to whom. Each is written with the query runner of the action it records, so
// an action that runs in a transaction and its event commit or roll back together.
import type { Queryable } from '../db/database';

export type SecurityEventType =
  | 'PASSWORD_CHANGED'
  | 'PASSWORD_RESET'
  | 'ROLE_GRANTED'
  | 'ROLE_REMOVED'
  | 'USER_CREATED'
  | 'USER_DEACTIVATED'
  | 'USER_DELETED'
  | 'OAUTH_CLIENT_CREATED'
  | 'OAUTH_CLIENT_UPDATED'
  | 'OAUTH_CLIENT_DELETED'
  | 'PAIRING_TOKEN_EXCHANGED'
  | 'PAIRING_TOKEN_REVOKED'
  | 'SESSION_ENDED'
  | 'SESSIONS_ENDED'
  | 'TWO_FACTOR_USED'
  | 'TWO_FACTOR_ENABLED'
  | 'AUDIT_EXPORTED'
  | 'CATALOGUE_IMPORTED'
  // Personal data of subjects (docs/subjects.md, "Erasure", "Access export", "Who looked")
  | 'SUBJECT_ERASED'
  | 'SUBJECT_VIEWED'
  | 'SUBJECT_ACCESS_EXPORTED'
  | 'SUBJECTS_EXPORTED'
  // Restriction of processing and the projects' privacy information (docs/privacy.md)
  | 'SUBJECT_RESTRICTED'
  | 'SUBJECT_RESTRICTION_LIFTED'
  | 'PROJECT_PRIVACY_UPDATED';

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

/** `principal` is who acted (the audit screen's principal filter); `data` says to whom and what, as strings. */
export async function recordSecurityEvent(
  db: Queryable,
  principal: string | undefined,
  type: SecurityEventType,
  data: Record<string, unknown>,
): Promise<void> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) if (value !== undefined && value !== null) values[key] = asText(value);
  await db.query('INSERT INTO audit_event (principal, event_type, data) VALUES ($1, $2, $3::text::jsonb)', [
    (principal ?? '').slice(0, 255) || 'anonymous',
    type,
    JSON.stringify(values),
  ]);
}
