// Test databases. One migrated template per test process, copied for each suite: PGlite by default (a dump loaded
// into a fresh in-memory instance), a PostgreSQL server when TEST_DATABASE_URL is set (CREATE DATABASE ... TEMPLATE).
import type { Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { dumpPglite, openPglite } from '../../src/server/db/pglite';
import { openPostgres } from '../../src/server/db/postgres';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export interface TestDatabase {
  db: Database;
  /** The connection URL on PostgreSQL (for tests that start a second process), undefined on PGlite. */
  url?: string;
  drop(): Promise<void>;
}

let pgliteTemplate: Promise<Blob> | undefined;
let postgresTemplate: Promise<string> | undefined;
let counter = 0;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const admin = openPostgres(TEST_DATABASE_URL!, { max: 1 });
  try {
    await admin.query(sql);
  } finally {
    await admin.close();
  }
}

/** A fresh, empty PostgreSQL database (not migrated) and its URL; tests of migrations use it. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `mp_test_${process.pid}_${++counter}_${Date.now() % 100000}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  return { url: withDatabase(TEST_DATABASE_URL!, name), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A fresh, empty database (not migrated) on whichever database the tests run, for tests that migrate it themselves:
 * a new PGlite instance, or a new database on the PostgreSQL server with a pool of `max` connections. */
export async function openEmptyDatabase(max: number): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const db = await openPglite({});
    return { db, drop: () => db.close() };
  }
  const empty = await createEmptyPostgresDatabase();
  const db = openPostgres(empty.url, { max });
  return { db, url: empty.url, drop: async () => { await db.close(); await empty.drop(); } };
}

async function makePostgresTemplate(): Promise<string> {
  const name = `mp_template_${process.pid}`;
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${name}`);
  const db = openPostgres(withDatabase(TEST_DATABASE_URL!, name), { max: 1 });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  return name;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DATABASE_URL) {
    postgresTemplate ??= makePostgresTemplate();
    const template = await postgresTemplate;
    const name = `mp_test_${process.pid}_${++counter}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const url = withDatabase(TEST_DATABASE_URL, name);
    const db = openPostgres(url);
    return {
      db,
      url,
      async drop() {
        await db.close().catch(() => {});
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  pgliteTemplate ??= (async () => {
    const db = await openPglite({});
    await migrate(db);
    const dump = await dumpPglite(db);
    await db.close();
    return dump;
  })();
  const db = await openPglite({ loadDataDir: await pgliteTemplate });
  return { db, drop: () => db.close().catch(() => {}) };
}

/** Drops this process's PostgreSQL template; call once at the end of a test file that used the database. */
export async function dropTemplates(): Promise<void> {
  if (!TEST_DATABASE_URL || !postgresTemplate) return;
  const name = await postgresTemplate.catch(() => undefined);
  postgresTemplate = undefined;
  if (name) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
