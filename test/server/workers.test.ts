// WORKERS=N (src/server/cluster/): on PostgreSQL N worker processes serve one port, the health endpoint reports each
// of them, SIGTERM stops them all gracefully; on the embedded database WORKERS above 1 is refused with a message.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig, ConfigError } from '../../src/server/config';
import { createTestDatabase, dropTemplates, TEST_DATABASE_URL } from '../setup/database';
import { spawnServer, waitListening } from '../setup/process';
import { createSubjectOver, seedForProcess } from '../setup/process-fixture';

const t = suite('workers');

t('WORKERS defaults to the cores on PostgreSQL and to 1 on the embedded database, which refuses more', () => {
  assert.is(loadConfig({}).workers, 1);
  assert.ok(loadConfig({ DATABASE_URL: 'postgres://db/mp' }).workers >= 1);
  assert.is(loadConfig({ DATABASE_URL: 'postgres://db/mp', WORKERS: '3' }).workers, 3);
  assert.throws(() => loadConfig({ WORKERS: '2' }), (e: unknown) => e instanceof ConfigError && /WORKERS must be 1 with the embedded database/.test(e.message) && /DATABASE_URL/.test(e.message));
  assert.throws(() => loadConfig({ DATABASE_URL: 'postgres://db/mp', WORKERS: '0' }), /WORKERS/);
});

t('the server refuses to start with WORKERS=2 on the embedded database, naming the variable', async () => {
  const p = spawnServer({ WORKERS: '2' });
  assert.is(await p.exited, 2);
  assert.match(p.output(), /WORKERS must be 1 with the embedded database/);
});

if (TEST_DATABASE_URL) {
  t('WORKERS=2 serves from two processes, health lists both, SIGTERM stops all of them cleanly', async () => {
    const database = await createTestDatabase();
    const fixture = await seedForProcess(database.db);
    const server = spawnServer({ DATABASE_URL: database.url!, WORKERS: '2' });
    try {
      const url = await waitListening(server, 90000);
      assert.match(server.output(), /2 worker processes/);
      // The heartbeat reaches both workers within a few seconds of the start.
      let health: { status: string; components: { workers?: { status: string; details: { up: number; workers: { pid: number }[] } } } } | undefined;
      for (let i = 0; i < 100; i++) {
        // Worker details are shown to a system administrator only.
        const res = await fetch(`${url}/management/health`, { headers: { authorization: `Bearer ${fixture.token}` } });
        health = await res.json();
        if (res.status === 200 && health!.components.workers?.details.up === 2) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.is(health!.status, 'UP');
      assert.is(health!.components.workers!.status, 'UP');
      const pids = health!.components.workers!.details.workers.map((w) => w.pid);
      assert.is(new Set(pids).size, 2);
      assert.not.ok(pids.includes(server.child.pid!), 'the primary serves nothing itself');
      // Writes through either worker land in the one database.
      const statuses = await Promise.all(Array.from({ length: 8 }, (_, i) => createSubjectOver(url, fixture, `worker-made-${i}`)));
      assert.equal(statuses, Array(8).fill(201));
      const [{ n }] = await database.db.query<{ n: number }>("SELECT count(*)::int AS n FROM subject WHERE login LIKE 'worker-made-%'");
      assert.is(n, 8);
      server.child.kill('SIGTERM');
      assert.is(await server.exited, 0);
      assert.match(server.output(), /stopping 2 worker processes/);
      assert.is((server.output().match(/SIGTERM received: finishing requests in flight/g) ?? []).length, 2, 'each worker stops gracefully');
    } finally {
      server.child.kill('SIGKILL');
      await database.drop();
    }
  });
}

t.after(dropTemplates);
t.run();
