// The benchmark's database: on PostgreSQL a dedicated database `mp_bench_subjects` on the server of DATABASE_URL (or
// /tmp/pgurl), kept between runs and reused when it already holds enough seeded subjects (seeding a million takes a
// couple of minutes); on PGlite a fresh in-memory database. Seeded with the seed command's own code.
import { existsSync, readFileSync } from 'node:fs';
import { bootstrap } from '../src/server/db/bootstrap';
import type { Database } from '../src/server/db/database';
import { migrate } from '../src/server/db/migrate';
import { openPglite } from '../src/server/db/pglite';
import { openPostgres } from '../src/server/db/postgres';
import { seedSubjects } from '../src/server/seed/bulk-subjects';
import { seedDemoData } from '../src/server/seed/demo-data';

export const BENCH_DATABASE = 'mp_bench_subjects';
export const ADMIN_PASSWORD = 'Bench-Password-1';

export function postgresServerUrl(): string | undefined {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  return existsSync('/tmp/pgurl') ? readFileSync('/tmp/pgurl', 'utf8').trim() || undefined : undefined;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function seededSubjects(db: Database): Promise<number> {
  try {
    const [row] = await db.query<{ n: number }>("SELECT count(*)::int8 AS n FROM radar_user WHERE login LIKE 'sub-%'");
    return Number(row.n);
  } catch {
    return 0; // not migrated yet
  }
}

async function seed(db: Database, subjects: number, log: (line: string) => void): Promise<void> {
  await migrate(db);
  await bootstrap(db, ADMIN_PASSWORD);
  await db.transaction((tx) => seedDemoData(tx, '!bench'));
  const result = await seedSubjects(db, subjects, { chunk: 50_000, progress: (n) => process.stdout.write(`\r  seeding ${n}/${subjects}`) });
  process.stdout.write('\n');
  log(`seeded ${subjects} subjects in ${(result.ms / 1000).toFixed(1)} s`);
}

/** An open, migrated database holding at least `subjects` seeded subjects, and its URL on PostgreSQL. `name`: the
 * PostgreSQL database (another benchmark keeps its own, so the two never reseed or migrate each other's). */
export async function benchDatabase(kind: 'pglite' | 'postgres', subjects: number, fresh: boolean, log: (line: string) => void, name = BENCH_DATABASE): Promise<{ db: Database; url?: string }> {
  if (kind === 'pglite') {
    const db = await openPglite({});
    await seed(db, subjects, log);
    return { db };
  }
  const server = postgresServerUrl();
  if (!server) throw new Error('--db postgres needs DATABASE_URL (or a URL in /tmp/pgurl)');
  const url = withDatabase(server, name);
  if (!fresh) {
    const existing = openPostgres(url);
    const have = await seededSubjects(existing).catch(() => 0);
    if (have >= subjects) {
      await migrate(existing);
      log(`reusing database ${name} with ${have} seeded subjects (--fresh to reseed)`);
      return { db: existing, url };
    }
    await existing.close().catch(() => {});
  }
  const admin = openPostgres(server, { max: 1 });
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const db = openPostgres(url);
  await seed(db, subjects, log);
  await db.query('VACUUM ANALYZE'); // index-only scans and fresh statistics, as on a settled database
  return { db, url };
}
