// AUDIT_RETENTION_DAYS (docs/management.md, Audits): events older than that many days are deleted at start and then
// once a day. Unset keeps every event. The delete is idempotent, so any number of processes may run it.
import type { Queryable } from '../db/database';
import type { Logger } from '../log';
import { purgeAuditEvents } from '../management/audit-events';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Purges now and daily; answers the function that stops the daily timer (undefined retention: nothing to do). */
export async function startAuditRetention(db: Queryable, days: number | undefined, log: Logger): Promise<() => void> {
  if (!days) return () => {};
  const run = async () => {
    try {
      const purged = await purgeAuditEvents(db, days);
      if (purged) log.info(`purged ${purged} audit events older than ${days} days`);
    } catch (error) {
      log.error('audit retention purge failed', error);
    }
  };
  await run();
  const timer = setInterval(() => void run(), DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
