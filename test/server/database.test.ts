// The data layer: migrations are idempotent and, on PostgreSQL, safe when several processes start at once; the
// embedded database's directory is locked against a second process; SIGTERM stops a server cleanly; kill -9 under
// write load loses no write the server acknowledged (the embedded database runs in a worker thread).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMigrations, migrate, splitStatements } from '../../src/server/db/migrate';
import { openPglite } from '../../src/server/db/pglite';
import { openPostgres } from '../../src/server/db/postgres';
import { createSubjectOver, seedForProcess } from '../setup/process-fixture';
import { createEmptyPostgresDatabase, createTestDatabase, dropTemplates, TEST_DATABASE_URL } from '../setup/database';
import { spawnServer, waitListening } from '../setup/process';

const t = suite('database');

t('statements split on semicolons outside quotes and $$ bodies', () => {
  const parts = splitStatements("SELECT ';'; -- a; comment\nDO $$ BEGIN PERFORM 1; END $$;\nSELECT 2");
  assert.equal(parts, ["SELECT ';'", 'DO $$ BEGIN PERFORM 1; END $$', 'SELECT 2']);
});

t('migrating an up-to-date database applies nothing and changes nothing', async () => {
  const { db, drop } = await createTestDatabase();
  try {
    const before = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    assert.equal(before.map((r) => r.version), loadMigrations().map((m) => m.version));
    assert.equal(await migrate(db), []);
    const after = await db.query('SELECT version FROM schema_migrations ORDER BY version');
    assert.equal(after, before);
    const [{ n }] = await db.query<{ n: number }>("SELECT count(*) AS n FROM radar_organization WHERE name = 'main'");
    assert.is(n, 1);
  } finally {
    await drop();
  }
});

if (TEST_DATABASE_URL) {
  t('two processes migrating one PostgreSQL database at once apply each migration exactly once', async () => {
    const empty = await createEmptyPostgresDatabase();
    try {
      const run = () =>
        new Promise<string[]>((resolve, reject) => {
          const child = spawn(process.execPath, ['--import', 'tsx', 'test/setup/migrate-once.ts'], {
            env: { ...process.env, DATABASE_URL: empty.url },
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          let out = '';
          child.stdout.on('data', (d) => (out += d));
          child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`exit ${code}`))));
        });
      const [a, b] = await Promise.all([run(), run()]);
      const all = loadMigrations().map((m) => m.version);
      assert.equal([...a, ...b].sort(), all);
      const db = openPostgres(empty.url, { max: 1 });
      const rows = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
      const [{ n }] = await db.query<{ n: number }>('SELECT count(*) AS n FROM radar_authority');
      await db.close();
      assert.equal(rows.map((r) => r.version), all);
      assert.is(n, 8);
    } finally {
      await empty.drop();
    }
  });
}

t('a second process on the same data directory refuses to start; SIGTERM stops the first cleanly', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mp-lock-'));
  const first = spawnServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'Admin-Password-1' });
  try {
    // A new embedded database applies every migration before the server listens: 53 s once on a loaded 2-core machine.
    const url = await waitListening(first, 180_000);
    assert.ok(existsSync(join(dataDir, '.lock')));
    const second = spawnServer({ DATA_DIR: dataDir });
    const code = await second.exited;
    assert.is(code, 3);
    assert.match(second.output(), /in use by another server process/);
    const health = await fetch(url + '/management/health');
    assert.is(health.status, 200);
    first.child.kill('SIGTERM');
    assert.is(await first.exited, 0);
    assert.not.ok(existsSync(join(dataDir, '.lock')));
  } finally {
    first.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

t('kill -9 under write load loses no acknowledged write; the next start takes over the stale lock', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mp-crash-'));
  const seeding = await openPglite({ dataDir: join(dataDir, 'pgdata') });
  const fixture = await seedForProcess(seeding);
  await seeding.close();
  const first = spawnServer({ DATA_DIR: dataDir });
  const acknowledged: string[] = [];
  try {
    const url = await waitListening(first, 180_000);
    // Eight writers create subjects one after another until 40 creates were acknowledged; then the process is killed
    // while the writers' next creates are in flight.
    let killed = false;
    let sent = 0;
    const writers = Array.from({ length: 8 }, async (_, w) => {
      for (let n = 0; !killed; n++) {
        const login = `crash-${w}-${n}`;
        sent++;
        const status = await createSubjectOver(url, fixture, login);
        if (status === 201) acknowledged.push(login);
        else if (!killed) throw new Error(`create answered ${status}`);
        if (acknowledged.length >= 40 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    });
    await Promise.all(writers);
    assert.ok(sent > acknowledged.length, 'writes were in flight when the process died');
  } finally {
    first.child.kill('SIGKILL');
    await first.exited;
  }
  const second = spawnServer({ DATA_DIR: dataDir });
  try {
    const url = await waitListening(second, 180_000);
    for (const login of acknowledged) {
      const res = await fetch(`${url}/api/subjects/${login}`, { headers: { authorization: `Bearer ${fixture.token}` } });
      assert.is(res.status, 200, `acknowledged subject ${login} survives`);
    }
    second.child.kill('SIGTERM');
    assert.is(await second.exited, 0);
  } finally {
    second.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

t('a bad configuration value stops the start with a message naming the variable', async () => {
  const p = spawnServer({ PORT: 'eighty' });
  assert.is(await p.exited, 2);
  assert.match(p.output(), /PORT/);
});

t.after(dropTemplates);
t.run();
