// Start-up against PostgreSQL (docs/deployment.md): the server waits for a database that is not there yet
// (DATABASE_WAIT_SECONDS), one log line per attempt, then exits 1 with one line; WORKERS x DATABASE_POOL_SIZE is fitted
// to what PostgreSQL lets the role open (sized down with a warning, or refused), and a full server answers 503.
import { createServer } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import postgres from 'postgres';
import { ConfigError, loadConfig } from '../../src/server/config';
import { fitPool, roomLeft, type ConnectionRoom } from '../../src/server/db/pool-fit';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable';
import { openPostgres } from '../../src/server/db/postgres';
import { errorReply } from '../../src/server/http/respond';
import { LoggerRegistry } from '../../src/server/log';
import { spawnServer, waitListening } from '../setup/process';
import { seedForProcess } from '../setup/process-fixture';
import { ownPostgresUnavailable, startOwnPostgres, type OwnPostgres } from '../setup/own-postgres';

const t = suite('database-start');

const room = (over: Partial<ConnectionRoom> = {}): ConnectionRoom => ({
  maxConnections: 100, reservedSlots: 3, superuser: false, roleLimit: -1, databaseLimit: -1, inUse: 0, roleInUse: 0, databaseInUse: 0, ...over,
});

t('the configuration reads the timeouts and the wait, with defaults', () => {
  const config = loadConfig({ DATABASE_URL: 'postgres://db/mp' });
  assert.is(config.databaseAcquireTimeoutSeconds, 10);
  assert.is(config.databaseStatementTimeoutSeconds, 30);
  assert.is(config.databaseWaitSeconds, 60);
  const set = loadConfig({ DATABASE_ACQUIRE_TIMEOUT_SECONDS: '2', DATABASE_STATEMENT_TIMEOUT_SECONDS: '7', DATABASE_WAIT_SECONDS: '0' });
  assert.equal([set.databaseAcquireTimeoutSeconds, set.databaseStatementTimeoutSeconds, set.databaseWaitSeconds], [2, 7, 0]);
  assert.throws(() => loadConfig({ DATABASE_WAIT_SECONDS: 'soon' }), (e: unknown) => e instanceof ConfigError && /DATABASE_WAIT_SECONDS/.test(e.message));
  assert.throws(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_SECONDS: '0' }), /DATABASE_STATEMENT_TIMEOUT_SECONDS/);
});

t('what the role may open: the least of max_connections less reserved slots, the role and database limits, less what is in use', () => {
  assert.is(roomLeft(room()).count, 97);
  assert.is(roomLeft(room({ superuser: true })).count, 100, 'a superuser may use the reserved slots');
  assert.is(roomLeft(room({ inUse: 40 })).count, 57);
  assert.is(roomLeft(room({ roleLimit: 20, roleInUse: 5 })).count, 15);
  assert.match(roomLeft(room({ roleLimit: 20, roleInUse: 5 })).because, /CONNECTION LIMIT 20/);
  assert.is(roomLeft(room({ databaseLimit: 8 })).count, 8);
});

t('a pool that fits is kept; one too big is sized down with a warning, or refused when not 2 per process fit', () => {
  assert.equal(fitPool(4, 10, room()), { poolSize: 10 });
  const down = fitPool(4, 10, room({ maxConnections: 30 }));
  assert.is(down.poolSize, 6);
  assert.match(down.warning!, /WORKERS 4 x DATABASE_POOL_SIZE 10 = 40 connections/);
  assert.match(down.warning!, /max_connections 30 less 3 reserved slots/);
  assert.match(down.warning!, /using 6 connections per process/);
  assert.throws(() => fitPool(8, 10, room({ maxConnections: 18 })), (e: unknown) =>
    e instanceof ConfigError && /DATABASE_POOL_SIZE does not fit/.test(e.message) && /WORKERS/.test(e.message) && /max_connections/.test(e.message));
});

t('an unavailable database is a 503 with Retry-After in the ErrorVM shape; other failures stay a 500', () => {
  const log = new LoggerRegistry('ERROR', () => {}).get('errors');
  for (const code of ['ECONNREFUSED', 'CONNECTION_CLOSED', 'CONNECT_TIMEOUT', 'DATABASE_TIMEOUT', '57P01', '57P03', '53300', '08006', '08001']) {
    const error = Object.assign(new Error(code), { code });
    assert.ok(isDatabaseUnavailable(error), code);
    const reply = errorReply(error, log);
    assert.is(reply.status, 503, code);
    assert.is(reply.headers!['Retry-After'], '5');
    assert.equal(reply.body, { message: 'error.databaseUnavailable', description: 'The database is not available at the moment; try again shortly', fieldErrors: null });
  }
  for (const code of ['23505', '42P01', '22001', undefined]) {
    assert.not.ok(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), String(code));
  }
  assert.is(errorReply(new Error('bug'), log).status, 500);
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

t('with nothing listening, start-up retries for DATABASE_WAIT_SECONDS, a line per attempt, then exits 1 with one line', async () => {
  const port = await closedPort();
  const started = Date.now();
  const p = spawnServer({ DATABASE_URL: `postgres://portal:secret@127.0.0.1:${port}/portal`, DATABASE_WAIT_SECONDS: '3' });
  assert.is(await p.exited, 1);
  const elapsed = Date.now() - started;
  const lines = p.output().trim().split('\n');
  const waiting = lines.filter((l) => l.includes(`waiting for the database at 127.0.0.1:${port}`));
  assert.ok(waiting.length >= 2, `a line per attempt:\n${p.output()}`);
  assert.match(waiting[0], /attempt 1/);
  assert.match(waiting[0], /ECONNREFUSED/);
  assert.is(lines.at(-1), `The database at 127.0.0.1:${port} did not answer within DATABASE_WAIT_SECONDS=3: connect ECONNREFUSED 127.0.0.1:${port} (ECONNREFUSED)`);
  assert.not.match(p.output(), /\n\s+at /, 'no stack trace');
  assert.not.match(p.output(), /secret/, 'the password is never printed');
  assert.ok(elapsed >= 3000, `it waited (${elapsed} ms)`);
});

const unavailable = ownPostgresUnavailable();
if (unavailable) {
  console.log(`  database-start: the tests with a PostgreSQL server of their own are skipped, ${unavailable}`);
} else {
  // One server of the test's own for the three tests below, with room for 10 connections of a role that is not a
  // superuser (12 less 2 reserved slots).
  let own: OwnPostgres | undefined;
  const ownPostgres = () => (own ??= startOwnPostgres('portal-start', '-c max_connections=12 -c superuser_reserved_connections=2'));
  t.after(() => own?.remove());
  const ROLE_URL = () => ownPostgres().url.replace('postgres@', 'portal_app@').replace(/\/postgres$/, '/portal_db');

  t('a database that comes up during the wait: the server starts once it answers', async () => {
    const pg = ownPostgres();
    let server: ReturnType<typeof spawnServer> | undefined;
    try {
      await pg.halt('fast');
      server = spawnServer({ DATABASE_URL: pg.url, DATABASE_WAIT_SECONDS: '60', WORKERS: '1' });
      const deadline = Date.now() + 20_000;
      while (!/waiting for the database/.test(server.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      assert.match(server.output(), /waiting for the database at 127\.0\.0\.1:\d+ \(attempt 1/);
      await pg.resume();
      const url = await waitListening(server, 60_000);
      assert.match(server.output(), /the database at 127\.0\.0\.1:\d+ answers \(attempt \d+\)/);
      assert.is((await fetch(`${url}/management/health`)).status, 200);
    } finally {
      server?.child.kill('SIGKILL');
      await server?.exited;
    }
  });

  /** Superuser statements on the test's own server. */
  async function asSuperuser<T>(fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
    const admin = postgres(ownPostgres().url, { max: 1, onnotice: () => {} });
    try {
      return await fn(admin);
    } finally {
      await admin.end();
    }
  }

  t('a pool bigger than max_connections allows is sized down with a warning; one that cannot fit is refused', async () => {
    // A role that is not a superuser, owning a database of its own.
    await asSuperuser(async (sql) => {
      await sql.unsafe('CREATE ROLE portal_app LOGIN');
      await sql.unsafe('CREATE DATABASE portal_db OWNER portal_app');
    });
    const servers: ReturnType<typeof spawnServer>[] = [];
    try {
      const big = spawnServer({ DATABASE_URL: ROLE_URL(), WORKERS: '2', DATABASE_POOL_SIZE: '8' });
      servers.push(big);
      await waitListening(big, 60_000);
      // Others' connections are the ones just closed, if their backends have not exited yet.
      const m = /WORKERS 2 x DATABASE_POOL_SIZE 8 = 16 connections, but PostgreSQL lets this role open (\d+) \(max_connections 12 less 2 reserved slots, (\d) in use by others\): using (\d) connections per process; set DATABASE_POOL_SIZE=\d/.exec(big.output());
      assert.ok(m, big.output());
      assert.is(Number(m![1]), 10 - Number(m![2]));
      assert.is(Number(m![3]), Math.floor(Number(m![1]) / 2));
      big.child.kill('SIGTERM');
      await big.exited;

      const refused = spawnServer({ DATABASE_URL: ROLE_URL(), WORKERS: '6', DATABASE_POOL_SIZE: '4' });
      servers.push(refused);
      assert.is(await refused.exited, 2);
      const lines = refused.output().trim().split('\n');
      assert.match(lines.at(-1)!, /^Invalid configuration: DATABASE_POOL_SIZE does not fit the database: WORKERS 6 x DATABASE_POOL_SIZE 4 = 24 connections.*lower WORKERS, or raise max_connections/);
      assert.not.match(refused.output(), /\n\s+at /, 'no stack trace');
    } finally {
      for (const s of servers) s.child.kill('SIGKILL');
      await Promise.all(servers.map((s) => s.exited));
    }
  });

  t('when the role has no connection left at run time, requests answer 503 with Retry-After, not 500', async () => {
    await asSuperuser((sql) => sql.unsafe('ALTER ROLE portal_app CONNECTION LIMIT 5'));
    let server: ReturnType<typeof spawnServer> | undefined;
    const squatter = postgres(ROLE_URL(), { max: 5, onnotice: () => {} });
    try {
      const seedDb = openPostgres(ROLE_URL(), { max: 1, searchPath: 'portal' });
      const fixture = await seedForProcess(seedDb);
      await seedDb.close();
      server = spawnServer({ DATABASE_URL: ROLE_URL(), DATABASE_POOL_SIZE: '4' });
      const base = await waitListening(server, 60_000);
      // Another application takes what the role has left: the portal's pool cannot grow.
      const open = async () => (await asSuperuser((sql) => sql.unsafe<{ n: number }[]>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = 'portal_app'")))[0].n;
      const n = await open();
      assert.ok(n < 5, `the portal keeps ${n} connections open`);
      await Promise.all(Array.from({ length: 5 - n }, () => squatter.reserve()));
      const answers = await Promise.all(Array.from({ length: 12 }, async () => {
        const res = await fetch(`${base}/api/projects/radar/subjects?size=5`, { headers: { authorization: `Bearer ${fixture.token}` }, signal: AbortSignal.timeout(20_000) });
        return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() as { message?: string } };
      }));
      const failed = answers.filter((a) => a.status !== 200);
      assert.ok(failed.length > 0, 'some requests needed a connection the role could not open');
      for (const a of failed) {
        assert.is(a.status, 503);
        assert.is(a.retryAfter, '5');
        assert.is(a.body.message, 'error.databaseUnavailable');
      }
      assert.match(server.output(), /answered 503: the database is unavailable \(53300/);
    } finally {
      await squatter.end({ timeout: 1 }).catch(() => {});
      server?.child.kill('SIGKILL');
    }
  });
}

t.run();
