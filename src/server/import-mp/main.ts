// `npm run import-mp -- --from postgres://user:pass@host/managementportal [--dry-run] [--json]`: imports a
// ManagementPortal database (its URL may come from MP_DATABASE_URL instead, which keeps the password off the command
// line) into the database the server would use (DATABASE_URL, else the embedded database in DATA_DIR, which must
// not be held by a running server), after applying the portal's migrations. Without either, a portal sharing
// ManagementPortal's database reads MP's tables from that database's schema `public` (cli-args.ts); the image has
// this command as `import-mp` (docs/deploy.md). Prints progress on stderr and the
// report on stdout. Exit codes: 0 imported (or a dry run without conflicts), 4 conflicts (nothing written), 2 a bad
// setting, 3 data directory in use, 1 anything else, bad arguments included (nothing written). docs/import-mp.md.
import { loadConfig } from '../config';
import { runCommand } from '../cli';
import { migrate } from '../db/migrate';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open-database';
import { openPostgres } from '../db/postgres';
import { importFromMp } from './import-run';
import { parseImportArgs } from './cli-args';

async function main(): Promise<void> {
  const config = loadConfig();
  const args = parseImportArgs(process.argv.slice(2), process.env, config.databaseUrl);
  const target = await openDatabase(config);
  const source = openPostgres(args.from, { max: 1, ...(args.sameDatabase ? { searchPath: 'public' } : {}) });
  try {
    if (args.sameDatabase) await sharesWithMp(target);
    const applied = await migrate(target);
    if (applied.length) console.error(`applied migrations: ${applied.join(', ')}`);
    const started = Date.now();
    const report = await importFromMp(source, target, {
      dryRun: args.dryRun,
      progress: (text) => console.error(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${text}`),
    });
    console.log(args.json ? JSON.stringify(report, null, 2) : report.format());
    if (report.conflicts.length) process.exitCode = 4;
  } finally {
    await source.close();
    await target.close();
  }
}

/** The portal's tables must be in a schema of their own to read ManagementPortal's from `public` of the same database. */
async function sharesWithMp(target: Database): Promise<void> {
  const [row] = await target.query<{ schema: string | null }>('SELECT current_schema() AS schema');
  if (row.schema === 'public') {
    throw new Error("the portal's tables are in schema public of DATABASE_URL, so ManagementPortal's cannot be there too: " +
      'name its database with --from or MP_DATABASE_URL');
  }
}

runCommand(main);
