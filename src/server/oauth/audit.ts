// Security events for the audit log (table audit_event, read by management/audits): sign-in successes and failures
// and every token issued (docs/management.md, Audits). Values are stored as strings, as the audit screen shows them.
import type { Queryable } from '../db/database';
import { signInFailures, tokenGrants } from '../metrics/portal-metrics';

export type AuditEventType = 'AUTHENTICATION_SUCCESS' | 'AUTHENTICATION_FAILURE' | 'GRANT_ACCESS_TOKEN' | 'PAIR_CLIENT_REQUEST'
  | 'TWO_FACTOR_ENABLED' | 'TWO_FACTOR_DISABLED' | 'TWO_FACTOR_RESET';

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

export async function recordAuditEvent(
  db: Queryable,
  principal: string,
  type: AuditEventType,
  data: Record<string, unknown>,
): Promise<void> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) if (value !== undefined && value !== null) values[key] = asText(value);
  await db.query('INSERT INTO audit_event (principal, event_type, data) VALUES ($1, $2, $3::text::jsonb)', [
    principal.slice(0, 255) || 'anonymous',
    type,
    JSON.stringify(values),
  ]);
  // Counted for management/prometheus where every path records them (password, second factor, OpenID Connect, grants).
  if (type === 'AUTHENTICATION_FAILURE') signInFailures.inc({ reason: values.type ?? 'unknown' });
  else if (type === 'GRANT_ACCESS_TOKEN') tokenGrants.inc({ grant_type: values.grantType ?? 'unknown' });
}
