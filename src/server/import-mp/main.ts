// `npm run import-mp -- --from postgres://user:pass@host/managementportal [--dry-run] [--json]`: imports a
// ManagementPortal database (its URL may come from MP_DATABASE_URL instead, which keeps the password off the command
// line) into the database the server would use (DATABASE_URL, else the embedded database in DATA_DIR, which must
// not be held by a running server), after applying the portal's migrations. Prints progress on stderr and the
// report on stdout. Exit codes: 0 imported (or a dry run without conflicts), 4 conflicts (nothing written), 2 a bad
// setting, 3 data directory in use, 1 anything else, bad arguments included (nothing written). docs/import-mp.md.
import { loadConfig } from '../config';
import { runCommand } from '../cli';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open-database';
import { openPostgres } from '../db/postgres';
import { importFromMp } from './import-run';
import { parseImportArgs } from './cli-args';

async function main(): Promise<void> {
  const args = parseImportArgs(process.argv.slice(2));
  const config = loadConfig();
  const target = await openDatabase(config);
  const source = openPostgres(args.from, { max: 1 });
  try {
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

runCommand(main);
