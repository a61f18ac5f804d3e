// AUDIT_RETENTION_BY_TYPE, read with the rest of the configuration (config.ts): how many days the audit events of a
// type are kept, as `TYPE=days` pairs separated by commas (e.g. `SUBJECT_VIEWED=730,AUTHENTICATION_FAILURE=90`). The
// deletes run in audit/retention.ts (docs/privacy.md, "Retention").

/** The pairs; empty for unset. Throws with the problem for anything else. */
export function parseRetentionByType(raw: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const pair of (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const match = /^([A-Z][A-Z0-9_]{0,99})\s*=\s*(\d{1,5})$/.exec(pair);
    if (!match || Number(match[2]) < 1 || Number(match[2]) > 36500) {
      throw new Error(`must be TYPE=days pairs (days 1-36500), separated by commas, got "${pair}"`);
    }
    out[match[1]] = Number(match[2]);
  }
  return out;
}
