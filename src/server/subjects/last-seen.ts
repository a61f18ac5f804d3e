// Recording a participant's last contact (docs/subjects.md, "Activity"): the pairing-token exchange, the refresh-token
// grant and a source registration each run one UPDATE in their own transaction. The WHERE skips a subject seen within
// the last minute, so a busy app costs at most one row write a minute, and several server processes need no shared
// state: the database decides (a second writer waits for the first's row lock, then finds the subject fresh and
// skips). Stored to the millisecond, the precision of the DTO's instant. The counters of the project overview follow by trigger (migration 056).
import type { Queryable } from '../db/database';

/** How often, at most, a subject's last contact is written. */
export const LAST_SEEN_RESOLUTION = "interval '1 minute'";

const BY_USER = `UPDATE subject SET last_seen = date_trunc('milliseconds', now())
  WHERE user_id = $1 AND (last_seen IS NULL OR last_seen < now() - ${LAST_SEEN_RESOLUTION})`;

/** The subject of this user (if the user is one) was in contact now. One statement; nothing when seen this minute. */
export async function recordSubjectSeen(tx: Queryable, userId: number): Promise<void> {
  await tx.query(BY_USER, [userId]);
}

/** A registration: the subject and the registered source were in contact now (both at most once a minute). */
export async function recordSourceSeen(tx: Queryable, subjectId: number, sourceRowId: number): Promise<void> {
  await tx.query(
    `WITH seen AS (UPDATE radar_source SET last_seen = date_trunc('milliseconds', now())
        WHERE id = $2 AND (last_seen IS NULL OR last_seen < now() - ${LAST_SEEN_RESOLUTION}))
     UPDATE subject SET last_seen = date_trunc('milliseconds', now()) WHERE id = $1 AND (last_seen IS NULL OR last_seen < now() - ${LAST_SEEN_RESOLUTION})`,
    [subjectId, sourceRowId],
  );
}

/** Housekeeping: hours of the overview's counter that no subject's last contact falls in any more (the counter
 * keeps a row per project, hour of contact and slot (migration 057); each contact moves a subject to a later hour,
 * within its own slot, so a row at zero holds nobody). A row a writer is adding to meanwhile is locked by it, and the
 * delete re-checks it after that commit. */
export async function purgeEmptySeenHours(db: Queryable): Promise<void> {
  await db.query("DELETE FROM subject_seen_hour_slot WHERE subjects = 0 AND hour < (now() AT TIME ZONE 'UTC') - interval '1 hour'");
}
