// The import command as an administrator runs it: its arguments, the report on stdout and progress on stderr, exit
// codes, and a locked data directory. The full runs need a postgres:// URL for the ManagementPortal database, so they
// run on the PostgreSQL run of the suite (TEST_DATABASE_URL), where the test makes both databases on that server.
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
import { createMpDatabase, fillDemoData } from './import-mp-fixture';

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

if (TEST_DATABASE_URL) {
  t('on PostgreSQL: a dry run, the import, and a second run, each with its report and progress', async () => {
    const mp = await createMpDatabase();
    const target = await createEmptyPostgresDatabase();
    try {
      await fillDemoData(mp.db);
      const env = { DATABASE_URL: target.url, MP_DATABASE_URL: mp.url! };
      const dry = run(['--dry-run'], env);
      assert.is(dry.status, 0, dry.stderr);
      assert.match(dry.stderr, /applied migrations: 001_schema/);
      assert.match(dry.stderr, /\[\d+\.\d s\] subjects\.\.\./);
      assert.match(dry.stdout, /subjects\s+4\s+4\s+0\s+0\s+0/);
      assert.match(dry.stdout, /dry run: nothing was written/);
      const real = run([], env);
      assert.is(real.status, 0, real.stderr);
      assert.match(real.stdout, /imported in \d+\.\d s, in one transaction/);
      const again = run(['--json'], env);
      assert.is(again.status, 0, again.stderr);
      const report = JSON.parse(again.stdout);
      assert.is(report.entities.subjects.unchanged, 4);
      assert.is(report.entities.users.unchanged, 3);
      assert.ok(report.written);
    } finally {
      await mp.drop();
      await target.drop();
    }
  });
}

t.run();
