// npm run import-mp at scale: ManagementPortal 3.0's database (test/fixtures/mp-3.0: its schema and dev data, plus
// the import tests' added rows) with N more subjects (default 100,000: users, PARTICIPANT roles, two attributes each, a source for one in five) imported
// into a fresh, migrated portal database; then the same import again (every row unchanged). Prints the figures.
//   node --import tsx bench/import-mp.ts [--db postgres|pglite] [--subjects N] [--progress]
// On PostgreSQL (DATABASE_URL or /tmp/pgurl) it uses two databases of its own on that server, mp_source_bench and
// mp_import_bench_target, made anew on every run; on PGlite both are in memory.
import bcrypt from 'bcryptjs';
import type { Database } from '../src/server/db/database';
import { migrate } from '../src/server/db/migrate';
import { openPglite } from '../src/server/db/pglite';
import { openPostgres } from '../src/server/db/postgres';
import { readMp } from '../src/server/import-mp/read-mp';
import { writeImport } from '../src/server/import-mp/import-run';
import { addTestRows, loadDump, sqlFile } from '../test/server/import-mp-source';
import { postgresServerUrl } from './subjects-database';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const kind = arg('--db', 'postgres');
const subjects = Number(arg('--subjects', '100000'));

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function freshPostgres(server: string, name: string): Promise<Database> {
  const admin = openPostgres(server, { max: 1 });
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  return openPostgres(withDatabase(server, name), { max: 2 });
}

/** N subjects after the dev data and test rows: users from id 10000, the dev data's PARTICIPANT roles 2 (radar) and 5
 * (Radar-Pilot-01), attributes, some sources. ManagementPortal keeps no audit columns on these rows (envers.ts). */
async function fillSubjects(db: Database, n: number): Promise<void> {
  const hash = bcrypt.hashSync('subject-password', 10);
  await db.query(`INSERT INTO radar_user (id, login, password_hash, activated, lang_key)
    SELECT 10000 + g, 'bench-' || g, $1, g % 40 <> 0, 'en' FROM generate_series(1, $2::int) g`, [hash, n]);
  await db.query(`INSERT INTO role_users (users_id, roles_id) SELECT 10000 + g, CASE WHEN g % 5 = 0 THEN 5 ELSE 2 END FROM generate_series(1, $1::int) g`, [n]);
  await db.query(`INSERT INTO subject (id, external_link, external_id, removed, user_id, group_id, date_of_birth, person_name, enrollment_date)
    SELECT 100000 + g, CASE WHEN g % 4 = 0 THEN 'https://example.org/p/' || g END, 'EXT-' || lpad(g::text, 7, '0'), g % 50 = 0, 10000 + g,
           CASE WHEN g % 5 <> 0 AND g % 7 = 0 THEN 1 END, date '1950-01-01' + (g % 20000), 'Person ' || g,
           timestamp '2020-01-01' + g * interval '17 minutes'
      FROM generate_series(1, $1::int) g`, [n]);
  await db.query(`INSERT INTO subject_metadata (id, attribute_key, attribute_value)
    SELECT 100000 + g, k, CASE WHEN k = 'Human-readable-identifier' THEN 'P-' || g ELSE 'site-' || (g % 12) END
      FROM generate_series(1, $1::int) g CROSS JOIN (VALUES ('Human-readable-identifier'), ('site')) AS keys(k)`, [n]);
  await db.query(`INSERT INTO radar_source (id, source_id, source_name, assigned, source_type_id, project_id, subject_id, deleted)
    SELECT 1000000 + g, md5('bench-source-' || g)::uuid, 'E4-bench-' || g, true, 1, CASE WHEN g % 5 = 0 THEN 2 ELSE 1 END, 100000 + g, false
      FROM generate_series(1, $1::int, 5) g`, [n]);
  await db.query('ANALYZE');
}

async function main(): Promise<void> {
  let source: Database;
  let target: Database;
  let t0 = performance.now();
  if (kind === 'postgres') {
    const server = postgresServerUrl();
    if (!server) throw new Error('no PostgreSQL server: set DATABASE_URL or write its URL to /tmp/pgurl');
    source = await freshPostgres(server, 'mp_source_bench');
    await loadDump(withDatabase(server, 'mp_source_bench'), ['schema.sql', 'dev-data.sql']);
    target = await freshPostgres(server, 'mp_import_bench_target');
  } else {
    const pglite = await openPglite({});
    for (const file of ['schema.sql', 'dev-data.sql']) await pglite.pg.exec(sqlFile(file));
    await pglite.pg.exec('RESET search_path');
    source = pglite;
    target = await openPglite({});
  }
  try {
    await addTestRows(source);
    await fillSubjects(source, subjects);
    console.log(`ManagementPortal database (${kind}): ${subjects} subjects made in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await migrate(target);

    for (const run of ['first run (empty portal)', 'second run (unchanged)']) {
      t0 = performance.now();
      const data = await readMp(source);
      const readMs = performance.now() - t0;
      const started = performance.now();
      const progress = args.includes('--progress')
        ? (text: string) => console.log(`  [${((performance.now() - started) / 1000).toFixed(1)} s] ${text}`)
        : undefined;
      const report = await writeImport(target, data, { progress });
      const totalMs = performance.now() - t0;
      const c = report.toJSON().entities.subjects;
      console.log(`${run}: ${(totalMs / 1000).toFixed(1)} s total = read ${(readMs / 1000).toFixed(1)} s + write ${(report.ms / 1000).toFixed(1)} s` +
        ` (one transaction); subjects created ${c.created}, unchanged ${c.unchanged}; ${Math.round(subjects / (totalMs / 1000))} subjects/s`);
      if (!report.written) throw new Error(report.format());
    }
    const [count] = await target.query<{ n: number }>('SELECT count(*)::int8 AS n FROM subject');
    console.log(`portal subjects after import: ${count.n}; heap in use at the end ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB (garbage included; the limit it needs: docs/import-mp.md, "Performance")`);
  } finally {
    await source.close();
    await target.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
