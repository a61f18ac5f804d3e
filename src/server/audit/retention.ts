// Audit retention (docs/management.md, Audits; docs/privacy.md, "Retention"), run at start and then once a day by
// every process (each step is idempotent, so any number of processes may run it):
// - AUDIT_RETENTION_DAYS: every event older than that many days is deleted (unset: none);
// - AUDIT_RETENTION_BY_TYPE (`TYPE=days,...`): events of a type older than its days are deleted, e.g. views after a
//   year and failed sign-ins after 90 days, whatever AUDIT_RETENTION_DAYS keeps;
// - AUDIT_PERSONAL_DATA_DAYS (default 90, 0 = never): after that many days an event keeps what happened and to whom
//   but loses the personal fields that only security needs for a while: the address it came from (`remoteAddress`),
//   and a failed sign-in's principal that is no user's login (a typed e-mail address or name) becomes "[erased]".
//   The sign-in throttle's counters older than that go too.
// The per-subject export records of deleted export events go with them.
import type { Queryable } from '../db/database';
import type { Logger } from '../log';
import { purgeAuditEvents } from '../management/audit-events';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AuditRetentionPolicy {
  /** Every event older than this many days is deleted; undefined: kept. */
  days?: number;
  /** Per event type: events of that type older than this many days are deleted. */
  byType?: Readonly<Record<string, number>>;
  /** After this many days the personal fields are scrubbed; undefined or 0: never. */
  personalDataDays?: number;
}

/** Applies the policy once; answers how many events were deleted and how many scrubbed. */
export async function applyAuditRetention(db: Queryable, policy: AuditRetentionPolicy): Promise<{ deleted: number; scrubbed: number }> {
  let deleted = policy.days ? await purgeAuditEvents(db, policy.days) : 0;
  for (const [type, days] of Object.entries(policy.byType ?? {})) {
    const rows = await db.query<{ n: number }>(
      `WITH gone AS (DELETE FROM audit_event WHERE event_type = $1 AND event_date < now() - ($2::int * interval '1 day') RETURNING 1)
       SELECT count(*)::int AS n FROM gone`, [type, days]);
    deleted += Number(rows[0]?.n ?? 0);
  }
  let scrubbed = 0;
  if (policy.personalDataDays) {
    const cutoff = `now() - ($1::int * interval '1 day')`;
    const addresses = await db.query<{ n: number }>(
      `WITH done AS (UPDATE audit_event SET data = data - 'remoteAddress' WHERE event_date < ${cutoff} AND data ? 'remoteAddress' RETURNING 1)
       SELECT count(*)::int AS n FROM done`, [policy.personalDataDays]);
    const principals = await db.query<{ n: number }>(
      `WITH done AS (UPDATE audit_event e SET principal = '[erased]'
          WHERE e.event_type = 'AUTHENTICATION_FAILURE' AND e.event_date < ${cutoff} AND e.principal <> '[erased]'
            AND NOT EXISTS (SELECT 1 FROM radar_user u WHERE u.login = e.principal) RETURNING 1)
       SELECT count(*)::int AS n FROM done`, [policy.personalDataDays]);
    await db.query(`DELETE FROM login_attempt WHERE first_failure_at < ${cutoff} AND (locked_until IS NULL OR locked_until < now())`, [policy.personalDataDays]);
    scrubbed = Number(addresses[0]?.n ?? 0) + Number(principals[0]?.n ?? 0);
  }
  if (deleted) await db.query('DELETE FROM subject_export_record x WHERE NOT EXISTS (SELECT 1 FROM audit_event e WHERE e.id = x.audit_event_id)');
  return { deleted, scrubbed };
}

/**
 * Applies the policy now and daily; answers the function that stops the daily timer. A number is AUDIT_RETENTION_DAYS
 * alone; nothing to do: no timer.
 */
export async function startAuditRetention(db: Queryable, policy: number | AuditRetentionPolicy | undefined, log: Logger): Promise<() => void> {
  const p: AuditRetentionPolicy = typeof policy === 'number' ? { days: policy } : policy ?? {};
  if (!p.days && !p.personalDataDays && !Object.keys(p.byType ?? {}).length) return () => {};
  const run = async () => {
    try {
      const { deleted, scrubbed } = await applyAuditRetention(db, p);
      if (deleted || scrubbed) log.info(`audit retention: ${deleted} events deleted, ${scrubbed} personal fields scrubbed`);
    } catch (error) {
      log.error('audit retention failed', error);
    }
  };
  await run();
  const timer = setInterval(() => void run(), DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
