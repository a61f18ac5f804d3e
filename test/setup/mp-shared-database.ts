// ManagementPortal 3.0's real database (test/fixtures/mp-3.0: its Liquibase schema and dev rows) in a PostgreSQL
// database of its own, owned by a role that is not a superuser, as a deployment has it: the database the portal is
// pointed at when it takes MP's place. PostgreSQL only (TEST_DATABASE_URL).
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { TEST_DATABASE_URL } from './database';

const FIXTURE = new URL('../fixtures/mp-3.0/', import.meta.url);
let counter = 0;

export interface MpSharedDatabase {
  /** postgres:// URL of the database, signing in as its owner (not a superuser). */
  url: string;
  owner: string;
  password: string;
  database: string;
  drop(): Promise<void>;
}

async function asAdmin<T>(fn: (sql: postgres.Sql) => Promise<T>, database?: string): Promise<T> {
  const url = new URL(TEST_DATABASE_URL!);
  if (database) url.pathname = `/${database}`;
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Runs a pg_dump script (several statements, `SET`s included) on one connection, through the simple protocol. */
export async function runScript(url: string, script: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(script).simple();
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** A new database `managementportal_…` owned by a new non-superuser role, holding MP's schema and (by default) dev rows. */
export async function createMpSharedDatabase(options: { devData?: boolean } = {}): Promise<MpSharedDatabase> {
  const suffix = `${process.pid}_${++counter}`;
  const owner = `mp_owner_${suffix}`;
  const database = `managementportal_${suffix}`;
  const password = `pw-${suffix}`;
  await asAdmin(async (sql) => {
    await sql.unsafe(`CREATE ROLE ${owner} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '${password}'`);
    await sql.unsafe(`CREATE DATABASE ${database} OWNER ${owner}`);
  });
  const u = new URL(TEST_DATABASE_URL!);
  u.username = owner;
  u.password = password;
  u.pathname = `/${database}`;
  const url = u.toString();
  // Loaded as the owner, so MP's tables belong to it as they do where MP's Liquibase made them.
  await runScript(url, readFileSync(new URL('schema.sql', FIXTURE), 'utf8'));
  if (options.devData !== false) await runScript(url, readFileSync(new URL('dev-data.sql', FIXTURE), 'utf8'));
  return {
    url, owner, password, database,
    drop: () => asAdmin(async (sql) => {
      await sql.unsafe(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await sql.unsafe(`DROP ROLE IF EXISTS ${owner}`);
    }),
  };
}

export interface TableState {
  rows: number;
  /** md5 over every row's text, in a fixed order: any change to any value changes it. */
  checksum: string;
}

/** Row count and checksum of every table in `public` (MP's tables), by name. */
export async function publicTableStates(url: string): Promise<Record<string, TableState>> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const tables = await sql<{ name: string }[]>`
      SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`;
    const states: Record<string, TableState> = {};
    for (const { name } of tables) {
      const [row] = await sql.unsafe<{ rows: number; checksum: string | null }[]>(
        `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS checksum FROM public."${name}" t`,
      );
      states[name] = { rows: row.rows, checksum: row.checksum ?? '' };
    }
    return states;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
