// The import command as an administrator runs it: its arguments, the report on stdout and progress on stderr, exit
// codes, a locked data directory, and the whole command on ManagementPortal 3.0's real schema and dev data.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseImportArgs } from '../../src/server/import-mp/cli-args';
import { lockDataDir } from '../../src/server/db/data-dir-lock';
import { createEmptyPostgresDatabase, TEST_DATABASE_URL } from '../setup/database';
import { verifyPassword } from '../../src/server/auth/password-hash';
import { openPglite } from '../../src/server/db/pglite';
import { openPostgres } from '../../src/server/db/postgres';
import { createMpServerDatabase, DEV_DATA, mpChecksums, postgresServerUnavailable } from './import-mp-source';

const t = suite('import-mp command');

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function run(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/import-mp/main.ts', ...args], {
    cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

t('arguments: --from URL, --from=URL, MP_DATABASE_URL, --dry-run, --json; anything else is refused with the usage', () => {
  const url = 'postgres://mp:secret@db:5432/managementportal';
  assert.equal(parseImportArgs(['--from', url], {}), { from: url, dryRun: false, json: false });
  assert.equal(parseImportArgs([`--from=${url}`, '--dry-run', '--json'], {}), { from: url, dryRun: true, json: true });
  assert.equal(parseImportArgs(['--dry-run'], { MP_DATABASE_URL: url }), { from: url, dryRun: true, json: false });
  assert.throws(() => parseImportArgs([], {}), /needs a postgres:\/\/ URL/);
  assert.throws(() => parseImportArgs(['--from', 'mysql://x/y'], {}), /needs a postgres:\/\/ URL/);
  assert.throws(() => parseImportArgs(['--from', url, '--force'], {}), /unknown option --force[\s\S]*usage: npm run import-mp/);
});

t("without --from or MP_DATABASE_URL, the server's own PostgreSQL database is the source (schema public); never the embedded one", () => {
  const own = 'postgres://mp:secret@db:5432/managementportal';
  assert.equal(parseImportArgs(['--dry-run'], {}, own), { from: own, dryRun: true, json: false, sameDatabase: true });
  // --from and MP_DATABASE_URL still win.
  const other = 'postgres://mp@elsewhere/managementportal';
  assert.equal(parseImportArgs(['--from', other], {}, own), { from: other, dryRun: false, json: false });
  assert.equal(parseImportArgs([], { MP_DATABASE_URL: other }, own), { from: other, dryRun: false, json: false });
  assert.throws(() => parseImportArgs([], {}, undefined), /needs a postgres:\/\/ URL[\s\S]*schema public/);
});

t('a data directory held by a running server stops the command with exit code 3, before anything is read', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mp-import-lock-'));
  const lock = lockDataDir(dataDir);
  try {
    const result = run([], { DATA_DIR: dataDir, MP_DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    assert.is(result.status, 3, result.stderr);
  } finally {
    lock.release();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

t('bad arguments exit with 1 and the usage', () => {
  const result = run(['--from', 'nonsense'], {});
  assert.is(result.status, 1);
  assert.match(result.stderr, /usage: npm run import-mp/);
});

// ManagementPortal's database is a PostgreSQL server on both runs (import-mp-source.ts): a database on the test
// server on the PostgreSQL run, a throw-away server from .ci/postgres.sh on the PGlite run. The portal's database is
// the run's own: a new PostgreSQL database, or an embedded one in a data directory.
// On the PGlite run MP's database needs a throw-away PostgreSQL server, which needs root and the postgres OS user.
const noServer = TEST_DATABASE_URL ? undefined : postgresServerUnavailable();
if (noServer) {
  const line = `the whole command on MP 3.0's schema and dev data: skipped, no PostgreSQL server for MP's database can be started: ${noServer}`;
  console.log(`import-mp command: ${line}`);
  t(line, () => {});
}
if (!noServer) t("the whole command on MP 3.0's schema and dev data: a dry run, the import, a second run; MP's tables unchanged; admin's password verifies", async () => {
  const mp = await createMpServerDatabase();
  const target = TEST_DATABASE_URL ? await createEmptyPostgresDatabase() : undefined;
  const dataDir = target ? undefined : mkdtempSync(join(tmpdir(), 'mp-import-target-'));
  try {
    const mpBefore = await mpChecksums(mp.db);
    const env: Record<string, string> = { MP_DATABASE_URL: mp.url, ...(target ? { DATABASE_URL: target.url } : { DATA_DIR: dataDir! }) };
    const dry = run(['--dry-run'], env);
    assert.is(dry.status, 0, dry.stderr);
    assert.match(dry.stderr, /applied migrations: 001_schema/);
    assert.match(dry.stderr, /\[\d+\.\d s\] subjects\.\.\./);
    assert.match(dry.stdout, /subjects\s+51\s+51\s+0\s+0\s+0/);
    assert.match(dry.stdout, /dry run: nothing was written/);
    const real = run([], env);
    assert.is(real.status, 0, real.stderr);
    assert.match(real.stdout, /imported in \d+\.\d s, in one transaction/);
    const again = run(['--json'], env);
    assert.is(again.status, 0, again.stderr);
    const report = JSON.parse(again.stdout);
    assert.ok(report.written);
    // Every entity of the dev data, unchanged the second time.
    const unchanged = Object.fromEntries(Object.entries(report.entities as Record<string, { unchanged: number }>).map(([k, v]) => [k, v.unchanged]));
    assert.equal(unchanged, {
      organizations: DEV_DATA.organizations, 'source types': DEV_DATA.sourceTypes, 'source data': DEV_DATA.sourceData, projects: DEV_DATA.projects,
      groups: DEV_DATA.groups, users: DEV_DATA.staff.length, subjects: DEV_DATA.subjects, sources: DEV_DATA.sources, 'oauth clients': 0, 'meta-tokens': 0,
    });
    assert.equal(await mpChecksums(mp.db), mpBefore, "ManagementPortal's tables are exactly as before");
    const portal = target ? openPostgres(target.url, { max: 1, searchPath: 'portal' }) : await openPglite({ dataDir: `${dataDir}/pgdata` }); // where open-database.ts keeps it
    try {
      const [admin] = await portal.query<{ password_hash: string }>(`SELECT password_hash FROM radar_user WHERE login = 'admin'`);
      assert.ok(await verifyPassword(DEV_DATA.adminPassword, admin.password_hash), "the dev admin's MP hash verifies with `admin`");
      assert.equal(await portal.query(`SELECT (SELECT count(*)::int FROM subject) AS subjects, (SELECT count(*)::int FROM role_users) AS memberships`),
        [{ subjects: DEV_DATA.subjects, memberships: DEV_DATA.staff.length + DEV_DATA.subjects }]);
    } finally {
      await portal.close();
    }
  } finally {
    await mp.drop();
    await target?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
});

if (!noServer) t("a portal sharing MP's database: DATABASE_URL alone, MP's tables read from public, the portal's written to its schema", async () => {
  const mp = await createMpServerDatabase();
  try {
    const mpBefore = await mpChecksums(mp.db);
    const real = run([], { DATABASE_URL: mp.url });
    assert.is(real.status, 0, real.stderr);
    assert.match(real.stdout, /subjects\s+51\s+51\s+0\s+0\s+0/);
    assert.equal(await mpChecksums(mp.db), mpBefore, "ManagementPortal's tables are exactly as before");
    const portal = openPostgres(mp.url, { max: 1, searchPath: 'portal' });
    try {
      assert.equal(await portal.query('SELECT count(*)::int AS n FROM subject'), [{ n: DEV_DATA.subjects }]);
    } finally {
      await portal.close();
    }
    // With the portal's tables in public too, the same database cannot be the source: a clear error, exit 1.
    const inPublic = run(['--dry-run'], { DATABASE_URL: mp.url, DATABASE_SCHEMA: 'public' });
    assert.is(inPublic.status, 1);
    assert.match(inPublic.stderr, /schema public of DATABASE_URL[\s\S]*--from or MP_DATABASE_URL/);
  } finally {
    await mp.drop();
  }
});

t.run();
