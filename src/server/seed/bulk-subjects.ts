// Many subjects fast: each chunk is ONE statement (data-modifying CTEs over generate_series) that writes the users,
// the subject rows, their PARTICIPANT roles and a Human-readable-identifier for every other subject. Values are
// derived from the sequence number, so a data set is reproducible: logins `sub-<n>` continue after the highest
// existing one; 4 in 5 subjects are in `radar`, the rest in `Radar-Pilot-01`; 1 in 10 has no external id, 1 in 40
// is deactivated, 1 in 50 discontinued; radar subjects fall into the two test groups by n mod 7.
import type { Database } from '../db/database';
import { projectRoleId } from '../subjects/participant-roles';

const FIRST = ['John', 'Jane', 'Ali', 'Mei', 'Sven', 'Anna', 'Kofi', 'Lena', 'Omar', 'Ines', 'Raj', 'Eva'];
const LAST = ['Doe', 'Smith', 'Jansen', 'Garcia', 'Okafor', 'Novak', 'Kim', 'Rossi', 'Silva', 'Berg', 'Haddad', 'Moreau'];

const CHUNK_SQL = `WITH u AS (
  INSERT INTO radar_user (login, password_hash, activated, lang_key, created_by, last_modified_by)
  SELECT 'sub-' || n, '!seeded', n % 40 <> 11, 'en', 'system', 'system' FROM generate_series($1::bigint, $2::bigint) n
  RETURNING id, login
), s AS (
  INSERT INTO subject (user_id, login, project_id, external_id, external_link, person_name, date_of_birth, enrollment_date, group_id, removed)
  SELECT u.id, u.login, CASE WHEN x.n % 5 = 0 THEN $4::bigint ELSE $3::bigint END,
         CASE WHEN x.n % 10 = 7 THEN NULL ELSE 'EXT-' || lpad(x.n::text, 7, '0') END,
         CASE WHEN x.n % 4 = 0 THEN 'https://example.org/participants/' || x.n END,
         ($7::text[])[1 + x.n % 12] || ' ' || ($8::text[])[1 + (x.n / 12) % 12],
         date '1950-01-01' + ((x.n * 7919) % 20000)::int,
         timestamptz '2020-01-01T00:00:00Z' + ((x.n * 104729) % 157680000) * interval '1 second',
         CASE WHEN x.n % 5 <> 0 AND x.n % 7 = 0 THEN $9::bigint WHEN x.n % 5 <> 0 AND x.n % 7 = 1 THEN $10::bigint END,
         x.n % 50 = 3
    FROM u CROSS JOIN LATERAL (SELECT substring(u.login from 5)::bigint AS n) x
  RETURNING id, user_id, project_id, login
), r AS (
  INSERT INTO role_users (role_id, user_id)
  SELECT CASE WHEN s.project_id = $4::bigint THEN $6::bigint ELSE $5::bigint END, s.user_id FROM s
)
INSERT INTO subject_metadata (subject_id, attribute_key, attribute_value)
SELECT s.id, 'Human-readable-identifier', 'P-' || upper(to_hex((substring(s.login from 5)::bigint * 2654435761) % 4294967296))
  FROM s WHERE substring(s.login from 5)::bigint % 2 = 0`;

async function idOf(db: Database, sql: string, params: unknown[]): Promise<number> {
  const [row] = await db.query<{ id: number }>(sql, params);
  if (!row) throw new Error(`seed: missing row for ${params.join(', ')} (seed the demo data first)`);
  return row.id;
}

export interface BulkResult {
  first: number;
  last: number;
  ms: number;
}

/** Appends `count` subjects in chunks of `chunk` (one transaction each), then refreshes planner statistics. */
export async function seedSubjects(db: Database, count: number, options: { chunk?: number; progress?: (done: number) => void } = {}): Promise<BulkResult> {
  const started = performance.now();
  const chunk = options.chunk ?? 25_000;
  const radar = await idOf(db, 'SELECT id FROM project WHERE project_name = $1', ['radar']);
  const pilot = await idOf(db, 'SELECT id FROM project WHERE project_name = $1', ['Radar-Pilot-01']);
  const group = (name: string) => idOf(db, 'SELECT id FROM radar_group WHERE project_id = $1 AND name = $2', [radar, name]);
  const [groupA, groupB] = [await group('Test Group A'), await group('Test Group B')];
  const [radarRole, pilotRole] = await db.transaction(async (tx) =>
    [await projectRoleId(tx, 'ROLE_PARTICIPANT', radar), await projectRoleId(tx, 'ROLE_PARTICIPANT', pilot)]);
  const [{ max }] = await db.query<{ max: number }>(
    "SELECT coalesce(max(substring(login from '^sub-([0-9]{1,15})$')::bigint), 0) AS max FROM radar_user",
  );
  const first = Number(max) + 1;
  const last = first + count - 1;
  for (let from = first; from <= last; from += chunk) {
    const to = Math.min(last, from + chunk - 1);
    await db.transaction((tx) => tx.query(CHUNK_SQL, [from, to, radar, pilot, radarRole, pilotRole, FIRST, LAST, groupA, groupB]));
    options.progress?.(to - first + 1);
  }
  for (const table of ['radar_user', 'subject', 'role_users', 'subject_metadata']) await db.query(`ANALYZE ${table}`);
  return { first, last, ms: performance.now() - started };
}
