// The subject counters by slot (migration 057): a database with subjects made before it gets counters that match its
// rows, the views under the old names answer what the one-row-per-key tables answered, and after creates, moves,
// contacts, deactivations and deletes every key still matches a count of the rows with no slot row below zero.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Database } from '../../src/server/db/database';
import { loadMigrations, migrate } from '../../src/server/db/migrate';
import { seedSubjects } from '../../src/server/seed/bulk-subjects';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { openEmptyDatabase } from '../setup/database';

const t = suite('subject counters by slot');
let db: Database;
let dropDatabase: () => Promise<void> = async () => {};

t.before(async () => {
  ({ db, drop: dropDatabase } = await openEmptyDatabase(2));
});
t.after(() => dropDatabase());

/** Each counter as its view reads it, the same numbers counted from the rows, and both again per slot (a subject
 * counts in the slot of its id modulo 16, and nowhere else). Each pair must be equal. */
const CHECKS: { name: string; view: string; rows: string; slots: string; rowsBySlot: string }[] = [
  {
    name: 'subject_count',
    view: 'SELECT project_key, subjects FROM subject_count WHERE subjects <> 0',
    rows: 'SELECT coalesce(project_id, 0) AS project_key, count(*)::int8 AS subjects FROM subject GROUP BY 1',
    slots: 'SELECT project_key, slot, subjects FROM subject_count_slot WHERE subjects <> 0',
    rowsBySlot: 'SELECT coalesce(project_id, 0) AS project_key, (id % 16)::smallint AS slot, count(*)::int8 AS subjects FROM subject GROUP BY 1, 2',
  },
  {
    name: 'subject_activity_count',
    view: 'SELECT project_key, removed, activated, paired, subjects FROM subject_activity_count WHERE subjects <> 0',
    rows: `SELECT coalesce(s.project_id, 0) AS project_key, s.removed, u.activated, s.last_seen IS NOT NULL AS paired, count(*)::int8 AS subjects
             FROM subject s JOIN radar_user u ON u.id = s.user_id GROUP BY 1, 2, 3, 4`,
    slots: 'SELECT project_key, removed, activated, paired, slot, subjects FROM subject_activity_count_slot WHERE subjects <> 0',
    rowsBySlot: `SELECT coalesce(s.project_id, 0) AS project_key, s.removed, u.activated, s.last_seen IS NOT NULL AS paired,
                        (s.id % 16)::smallint AS slot, count(*)::int8 AS subjects
                   FROM subject s JOIN radar_user u ON u.id = s.user_id GROUP BY 1, 2, 3, 4, 5`,
  },
  {
    name: 'subject_seen_hour',
    view: 'SELECT project_key, hour, subjects FROM subject_seen_hour WHERE subjects <> 0',
    rows: `SELECT coalesce(project_id, 0) AS project_key, date_trunc('hour', last_seen AT TIME ZONE 'UTC') AS hour, count(*)::int8 AS subjects
             FROM subject WHERE last_seen IS NOT NULL GROUP BY 1, 2`,
    slots: 'SELECT project_key, hour, slot, subjects FROM subject_seen_hour_slot WHERE subjects <> 0',
    rowsBySlot: `SELECT coalesce(project_id, 0) AS project_key, date_trunc('hour', last_seen AT TIME ZONE 'UTC') AS hour,
                        (id % 16)::smallint AS slot, count(*)::int8 AS subjects
                   FROM subject WHERE last_seen IS NOT NULL GROUP BY 1, 2, 3`,
  },
  {
    name: 'subject_enrolment_week',
    view: 'SELECT project_key, week, subjects FROM subject_enrolment_week WHERE subjects <> 0',
    rows: `SELECT coalesce(project_id, 0) AS project_key, date_trunc('week', enrollment_date AT TIME ZONE 'UTC')::date AS week, count(*)::int8 AS subjects
             FROM subject WHERE enrollment_date IS NOT NULL GROUP BY 1, 2`,
    slots: 'SELECT project_key, week, slot, subjects FROM subject_enrolment_week_slot WHERE subjects <> 0',
    rowsBySlot: `SELECT coalesce(project_id, 0) AS project_key, date_trunc('week', enrollment_date AT TIME ZONE 'UTC')::date AS week,
                        (id % 16)::smallint AS slot, count(*)::int8 AS subjects
                   FROM subject WHERE enrollment_date IS NOT NULL GROUP BY 1, 2, 3`,
  },
];

const sorted = (rows: unknown[]) => rows.map((r) => JSON.stringify(r, (_, v) => (v instanceof Date ? v.toISOString() : v))).sort();

async function assertCountersMatch(when: string): Promise<void> {
  for (const check of CHECKS) {
    assert.equal(sorted(await db.query(check.view)), sorted(await db.query(check.rows)), `${check.name} ${when}`);
    assert.equal(sorted(await db.query(check.slots)), sorted(await db.query(check.rowsBySlot)), `${check.name} by slot ${when}`);
  }
  for (const table of ['subject_count_slot', 'subject_activity_count_slot', 'subject_seen_hour_slot', 'subject_enrolment_week_slot', 'subject_seen_day_slot']) {
    const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE subjects < 0 OR slot NOT BETWEEN 0 AND 15`);
    assert.is(Number(n), 0, `${table} ${when}: no slot row below zero`);
  }
}

t('counters made before the migration are recounted by slot, and stay exact through every kind of write', async () => {
  const all = loadMigrations();
  await migrate(db, all.filter((m) => m.version < '057'));
  await db.transaction((tx) => seedDemoData(tx, '!x'));
  await seedSubjects(db, 600, { chunk: 200 });
  await db.query(`UPDATE subject SET last_seen = now() - (id % 50) * interval '97 minutes' WHERE id % 3 <> 0`);
  await db.query(`UPDATE subject SET enrollment_date = now() - (id % 40) * interval '1 day' WHERE id % 4 = 1`);
  await db.query(`UPDATE radar_user SET activated = false WHERE id IN (SELECT user_id FROM subject WHERE id % 7 = 0)`);
  await db.query('UPDATE subject SET removed = true WHERE id % 11 = 0');
  const days = sorted(await db.query('SELECT project_key, day, subjects FROM subject_seen_day'));

  await migrate(db, all);
  await assertCountersMatch('after the migration');
  assert.equal(sorted(await db.query('SELECT project_key, day, subjects FROM subject_seen_day')), days, 'the days are kept as they were');

  // Contacts one at a time, as the token endpoint writes them, moving subjects between hours.
  for (const id of [1, 10, 12, 25, 28, 44]) await db.query(`UPDATE subject SET last_seen = now() WHERE id = $1`, [id]);
  await db.query(`UPDATE subject SET last_seen = now() - interval '3 hours' WHERE id BETWEEN 100 AND 140 AND last_seen IS NOT NULL`);
  await db.query(`UPDATE subject SET last_seen = now() - interval '5 hours' WHERE id BETWEEN 141 AND 180`);
  const [pilot] = await db.query<{ id: number }>("SELECT id FROM project WHERE project_name = 'Radar-Pilot-01'");
  await db.query('UPDATE subject SET project_id = $1 WHERE id BETWEEN 200 AND 260', [pilot.id]);
  await db.query('UPDATE subject SET project_id = NULL WHERE id BETWEEN 261 AND 265');
  await db.query(`UPDATE radar_user SET activated = NOT activated WHERE id IN (SELECT user_id FROM subject WHERE id % 5 = 0)`);
  await seedSubjects(db, 50, { chunk: 50 });
  await db.query('DELETE FROM radar_user WHERE id IN (SELECT user_id FROM subject WHERE id % 13 = 0)');
  await db.query('DELETE FROM subject WHERE id % 17 = 0');
  await assertCountersMatch('after the writes');
});

t.run();
