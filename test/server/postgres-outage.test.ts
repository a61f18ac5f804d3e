// A PostgreSQL server that goes away and comes back under load (docs/deployment.md, "PostgreSQL: pool size, timeouts
// and outages"): a real server of the test's own is stopped (`immediate`, as by a crash, then `fast`, as by an administrator) and
// started again while readers and writers keep calling the API of a WORKERS=2 portal. Every request must be answered
// within a bound, every failure must be a 503 with Retry-After in the ErrorVM shape, every subject acknowledged with
// a 201 must be in the database afterwards, and every request started once the database is back must succeed.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import postgres from 'postgres';
import { openPostgres } from '../../src/server/db/postgres';
import type { Database, DatabaseTimeouts } from '../../src/server/db/database';
import { spawnServer, waitListening } from '../setup/process';
import { seedForProcess, type ProcessFixture } from '../setup/process-fixture';
import { ownPostgresUnavailable, startOwnPostgres } from '../setup/own-postgres';
import { TEST_DATABASE_URL } from '../setup/database';

const t = suite('postgres-outage');

/** No request may take longer than this, whatever the database does (the statement and pool-acquire timeouts below
 * are the server's bound; the rest is slack for a loaded machine). */
const ANSWER_BOUND_MS = 12_000;
const READERS_AND_WRITERS = 8;

interface Outcome {
  kind: 'read' | 'write';
  login?: string;
  started: number;
  ended: number;
  status: number; // 0: no answer within the bound, or the connection failed
  retryAfter: string | null;
  body: unknown;
}

async function call(url: string, fixture: ProcessFixture, kind: 'read' | 'write', login: string): Promise<Outcome> {
  const started = Date.now();
  try {
    const res = kind === 'read'
      ? await fetch(`${url}/api/projects/radar/subjects?size=5`, {
        headers: { authorization: `Bearer ${fixture.token}` }, signal: AbortSignal.timeout(ANSWER_BOUND_MS),
      })
      : await fetch(`${url}/api/subjects`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fixture.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ login, project: fixture.radar }),
        signal: AbortSignal.timeout(ANSWER_BOUND_MS),
      });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text
    }
    return { kind, login: kind === 'write' ? login : undefined, started, ended: Date.now(), status: res.status, retryAfter: res.headers.get('retry-after'), body };
  } catch (error) {
    return { kind, login, started, ended: Date.now(), status: 0, retryAfter: null, body: String(error) };
  }
}

/** A pool of the portal's own (`timeouts`: as the server enforces them once started) and a superuser connection that
 * ends its sessions, both closed after `fn`. */
async function withPool(max: number, timeouts: DatabaseTimeouts | undefined, fn: (db: Database, admin: postgres.Sql) => Promise<void>) {
  const db = openPostgres(TEST_DATABASE_URL!, { max });
  if (timeouts) db.enforceTimeouts!(timeouts);
  const admin = postgres(TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    await fn(db, admin);
  } finally {
    await admin.end();
    await db.close();
  }
}

if (TEST_DATABASE_URL) {
  t('a transaction whose session the server ended between two statements fails at once; the pool carries on', async () => {
    await withPool(2, undefined, async (db, admin) => {
      // postgres.js 3.4.9 never answers a statement sent on such a connection, and throws from a timer.
      const thrown: unknown[] = [];
      const onThrown = (error: unknown) => thrown.push(error);
      process.on('uncaughtException', onThrown);
      try {
        const outcome = await db.transaction(async (tx) => {
          const [{ pid }] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          await admin.unsafe('SELECT pg_terminate_backend($1)', [pid]);
          await new Promise((resolve) => setTimeout(resolve, 300));
          return tx.query('SELECT 1');
        }).then(() => 'committed', (error: { code?: string }) => error.code);
        assert.is(outcome, 'CONNECTION_CLOSED');
        await new Promise((resolve) => setTimeout(resolve, 50));
        assert.equal(thrown, []);
        assert.equal(await db.transaction((tx) => tx.query<{ ok: number }>('SELECT 1 AS ok')), [{ ok: 1 }]);
        assert.equal(await db.query('SELECT 2 AS ok'), [{ ok: 2 }]);
      } finally {
        process.off('uncaughtException', onThrown);
      }
    });
  });

  t('a session the server ended mid-statement: the callers after it are not handed its stale 57P01', async () => {
    await withPool(2, { acquireMs: 5000, statementMs: 5000 }, async (db, admin) => {
      for (const next of [() => db.query('SELECT 1 AS ok'), () => db.transaction((tx) => tx.query('SELECT 1 AS ok'))]) {
        // Both connections busy, the next caller queued for whichever frees first.
        const pids: number[] = [];
        const sleepers = [0, 1].map(() => db.transaction(async (tx) => {
          pids.push((await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0].pid);
          await tx.query('SELECT pg_sleep(1.5)');
        }).then(() => 'slept', (error: { code?: string }) => error.code));
        while (pids.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
        const after = next();
        await new Promise((resolve) => setTimeout(resolve, 100));
        await admin.unsafe('SELECT pg_terminate_backend($1)', [pids[0]]);
        assert.equal((await Promise.all(sleepers)).sort(), ['CONNECTION_CLOSED', 'slept'], 'the statement on the ended session fails');
        // postgres.js 3.4.9 fails the caller that reconnects that connection with the 57P01 it kept.
        assert.equal(await after, [{ ok: 1 }]);
      }
    });
  });

  t('a transaction waiting for the connection the server ends gets it once it has reconnected (postgres.js #1195)', async () => {
    await withPool(1, { acquireMs: 3000, statementMs: 5000 }, async (db, admin) => {
      let pid = 0;
      let endFirst!: () => void;
      const first = db.transaction(async (tx) => {
        pid = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0].pid;
        await new Promise<void>((resolve) => (endFirst = resolve));
        return tx.query('SELECT 1');
      }).then(() => 'committed', (error: { code?: string }) => error.code);
      while (!pid) await new Promise((resolve) => setTimeout(resolve, 10));
      // Queued for the one connection, which the server then ends: the pool reconnects it for this caller.
      const started = Date.now();
      const second = db.transaction((tx) => tx.query<{ ok: number }>('SELECT 1 AS ok')).catch((error: { code?: string }) => error.code);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await admin.unsafe('SELECT pg_terminate_backend($1)', [pid]);
      assert.equal(await second, [{ ok: 1 }], 'the waiting transaction runs on the reconnected connection');
      assert.ok(Date.now() - started < 2000, `at once, not at its deadline (${Date.now() - started} ms)`);
      endFirst();
      assert.is(await first, 'CONNECTION_CLOSED');
      assert.equal(await db.query('SELECT 2 AS ok'), [{ ok: 2 }]);
    });
  });

  t('a transaction handed the stale error of a connection the server ended does not take that connection out of the pool', async () => {
    await withPool(1, { acquireMs: 3000, statementMs: 5000 }, async (db, admin) => {
      const sleeping = db.query("SELECT pg_sleep(5), 'stale-sleeper' AS mark").then(() => 'slept', (error: { code?: string }) => error.code);
      let pids: { pid: number }[] = [];
      while (!pids.length) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        pids = await admin.unsafe<{ pid: number }[]>("SELECT pid FROM pg_stat_activity WHERE query LIKE '%stale-sleeper'' AS mark' AND pid <> pg_backend_pid()");
      }
      await admin.unsafe('SELECT pg_terminate_backend($1)', [pids[0].pid]);
      assert.is(await sleeping, 'CONNECTION_CLOSED');
      // The connection reconnects for this transaction's reservation, which postgres.js 3.4.9 fails with the 57P01 it
      // kept and then hands the connection anyway; the transaction tries again (postgres.ts, STALE_CODES).
      const started = Date.now();
      assert.equal(await db.transaction((tx) => tx.query<{ ok: number }>('SELECT 1 AS ok')).catch((error: { code?: string }) => error.code), [{ ok: 1 }]);
      assert.equal(await db.query('SELECT 2 AS ok').catch((error: { code?: string }) => error.code), [{ ok: 2 }], 'the connection is back in the pool');
      assert.ok(Date.now() - started < 2000, `at once (${Date.now() - started} ms)`);
    });
  });

  t('a statement past its timeout answers a DatabaseTimeout and is cancelled on the server, in a transaction or not', async () => {
    const db = openPostgres(TEST_DATABASE_URL!, { max: 1 });
    db.enforceTimeouts!({ acquireMs: 300, statementMs: 700 });
    try {
      let started = Date.now();
      const inTransaction = await db.transaction((tx) => tx.query("SELECT pg_sleep(20), 'tx-sleeper' AS mark")).catch((error: { code?: string }) => error.code);
      assert.is(inTransaction, 'DATABASE_TIMEOUT');
      assert.ok(Date.now() - started < 3000, `answered within the bound (${Date.now() - started} ms)`);
      started = Date.now();
      const plain = await db.query("SELECT pg_sleep(20), 'sleeper' AS mark").catch((error: { code?: string }) => error.code);
      assert.is(plain, 'DATABASE_TIMEOUT');
      assert.ok(Date.now() - started < 3000);
      // The one connection serves again: both statements were cancelled, and the transaction rolled back.
      assert.equal(await db.transaction((tx) => tx.query<{ ok: number }>('SELECT 1 AS ok')), [{ ok: 1 }]);
      const [{ n }] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE '%sleeper'' AS mark' AND state = 'active' AND pid <> pg_backend_pid()");
      assert.is(n, 0, 'nothing still sleeps on the server');
    } finally {
      await db.close();
    }
  });
}

const unavailable = ownPostgresUnavailable();
if (unavailable) {
  console.log(`  postgres-outage: skipped, ${unavailable}`);
} else {
  t('PostgreSQL stopped (immediate, then fast) and started again under load: every request answered, nothing lost', async () => {
    // synchronous_commit on: .ci/postgres.sh turns it off for speed, and then PostgreSQL itself may lose the last
    // commits it acknowledged when it is killed, which is not what is tested here.
    const pg = startOwnPostgres('portal-outage', '-c synchronous_commit=on');
    let server: ReturnType<typeof spawnServer> | undefined;
    try {
      const seedDb = openPostgres(pg.url, { max: 2, searchPath: 'portal' });
      await seedDb.query('CREATE SCHEMA portal');
      const fixture = await seedForProcess(seedDb);
      await seedDb.close();
      server = spawnServer({
        DATABASE_URL: pg.url, WORKERS: '2', DATABASE_POOL_SIZE: '4', DATABASE_ACQUIRE_TIMEOUT_SECONDS: '3', DATABASE_STATEMENT_TIMEOUT_SECONDS: '5',
      });
      const url = await waitListening(server, 60_000);

      const outcomes: Outcome[] = [];
      let running = true;
      let sequence = 0;
      const loops = Array.from({ length: READERS_AND_WRITERS }, async (_, i) => {
        while (running) {
          const kind = (sequence++ + i) % 2 === 0 ? 'read' : 'write';
          outcomes.push(await call(url, fixture, kind, `outage-${sequence}`));
        }
      });
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
      // [from, to): the database is back from `from` until it is stopped again at `to`.
      const upIntervals: [number, number][] = [];
      await sleep(1000);
      await pg.halt('immediate');
      await sleep(5000);
      await pg.resume();
      let back = Date.now();
      await sleep(2500);
      upIntervals.push([back, Date.now()]);
      await pg.halt('fast');
      await sleep(2000);
      await pg.resume();
      back = Date.now();
      await sleep(2500);
      running = false;
      await Promise.all(loops);
      upIntervals.push([back, Date.now()]);

      const counts = new Map<string, number>();
      for (const o of outcomes) counts.set(`${o.kind} ${o.status}`, (counts.get(`${o.kind} ${o.status}`) ?? 0) + 1);
      const slowest = Math.max(...outcomes.map((o) => o.ended - o.started));
      console.log(`  postgres-outage: ${[...counts].map(([k, n]) => `${n} × ${k}`).join(', ')}; slowest answer ${slowest} ms`);
      const reasons = new Set([...server.output().matchAll(/answered 503: the database is unavailable \((\S+)/g)].map((m) => m[1]));
      console.log(`  postgres-outage: the 503s' causes: ${[...reasons].join(', ')}`);
      const unanswered = outcomes.filter((o) => o.status === 0);
      assert.equal(unanswered.map((o) => `${o.kind} after ${o.ended - o.started} ms: ${o.body}`), [], 'every request is answered within the bound');
      const failures = outcomes.filter((o) => o.status !== 200 && o.status !== 201);
      assert.ok(failures.length > 0, 'the outage was seen');
      for (const f of failures) {
        assert.is(f.status, 503, `a failure during the outage is a 503: ${f.status} ${JSON.stringify(f.body)}`);
        assert.ok(f.retryAfter !== null && /^\d+$/.test(f.retryAfter), 'with Retry-After in seconds');
        assert.equal(f.body, { message: 'error.databaseUnavailable', description: (f.body as { description: string }).description, fieldErrors: null });
      }
      const afterBack = outcomes.filter((o) => upIntervals.some(([from, to]) => o.started >= from && o.ended <= to));
      assert.ok(afterBack.length > 10, `requests ran while the database was back (${afterBack.length})`);
      const failedAfterBack = afterBack.filter((o) => o.status >= 300);
      const logDuring = (o: Outcome) => server!.output().split('\n').filter((line) => {
        const at = Date.parse(line.slice(0, 24));
        return / (WARN|ERROR) /.test(line) && at >= o.started - 20 && at <= o.ended + 20;
      });
      assert.equal(failedAfterBack.map((o) => `${o.kind} ${o.status} at +${o.started - upIntervals[0][0]} ms: ${logDuring(o).join(' | ')}`), [],
        'every request started after the database is back succeeds');

      const acknowledged = outcomes.filter((o) => o.kind === 'write' && o.status === 201).map((o) => o.login!);
      assert.ok(acknowledged.length > 10, `writes were acknowledged (${acknowledged.length})`);
      const check = postgres(pg.url, { max: 1, onnotice: () => {} });
      try {
        const rows = await check.unsafe<{ login: string }[]>('SELECT login FROM portal.subject WHERE login = ANY($1)', [acknowledged]);
        const found = new Set(rows.map((r) => r.login));
        assert.equal(acknowledged.filter((login) => !found.has(login)), [], 'no acknowledged write is lost');
        // Nothing of the portal is left running or inside a transaction once the load has stopped.
        const [{ busy }] = await check.unsafe<{ busy: number }[]>(
          "SELECT count(*)::int AS busy FROM pg_stat_activity WHERE application_name = 'radar-portal' AND state <> 'idle'");
        assert.is(busy, 0, 'no portal connection is left active or idle in a transaction');
      } finally {
        await check.end();
      }
    } finally {
      server?.child.kill('SIGKILL');
      pg.remove();
    }
  });
}

t.run();
