// Which PostgreSQL schema holds the portal's tables (docs/deploy.md, "One database with ManagementPortal"). Our tables
// have ManagementPortal's names (radar_user, subject, project, ...), so to share MP's `managementportal` database
// they live in a schema of their own, DATABASE_SCHEMA (default `portal`), and every connection's search_path names
// it alone: an unqualified name can never reach MP's tables in `public`, which the portal thus never writes.
//
// The rule, decided once per process before anything else is read:
// 1. the configured schema already holds the portal (its `schema_migrations`): use it;
// 2. else `public` holds the portal (an installation from before schemas, or DATABASE_SCHEMA=public): keep using it;
// 3. else create the configured schema (the database's owner may, no superuser needed) and use it.
// The embedded database (PGlite) is the portal's alone and keeps its tables in `public`.
import type { Database } from './database';
import { openPostgres } from './postgres';

const LOCK_KEY = 727_000_003; // shared by every process of this application: one of them creates the schema

export interface SchemaChoice {
  schema: string;
  /** Why: `configured` (rules 1 and 3) or `existing-public` (rule 2). */
  reason: 'configured' | 'existing-public';
  created: boolean;
}

export async function choosePortalSchema(url: string, configured: string): Promise<SchemaChoice> {
  const db: Database = openPostgres(url, { max: 1 });
  try {
    return await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const [row] = await tx.query<{ mine: boolean; public: boolean; exists: boolean }>(
        `SELECT to_regclass(quote_ident($1) || '.schema_migrations') IS NOT NULL AS mine,
                to_regclass('public.schema_migrations') IS NOT NULL AS public,
                EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1) AS exists`,
        [configured],
      );
      if (row.mine) return { schema: configured, reason: 'configured', created: false };
      if (row.public) return { schema: 'public', reason: 'existing-public', created: false };
      // The name was checked by config-deploy.ts (a plain lower-case identifier), so it goes in unquoted.
      if (!row.exists) await tx.query(`CREATE SCHEMA ${configured}`);
      return { schema: configured, reason: 'configured', created: !row.exists };
    });
  } finally {
    await db.close();
  }
}
