// The portal in ManagementPortal's own database (docs/deploy.md): its tables in their own schema, created by a
// database owner that is not a superuser; the first start imports MP's tables by itself, once however many processes
// start together; MP's tables stay byte-for-byte as they were; a portal already in `public` keeps being used there.
// PostgreSQL only: the embedded database is the portal's alone and keeps its tables in `public`.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig, type Config } from '../../src/server/config';
import { choosePortalSchema } from '../../src/server/db/portal-schema';
import { openDatabase } from '../../src/server/db/open-database';
import { migrate } from '../../src/server/db/migrate';
import { openPostgres } from '../../src/server/db/postgres';
import { LoggerRegistry } from '../../src/server/log';
import { startServer, type RunningServer } from '../../src/server/start';
import { TEST_DATABASE_URL } from '../setup/database';
import { createMpSharedDatabase, publicTableStates } from '../setup/mp-shared-database';

const t = suite('mp-shared-database');

function configFor(url: string, extra: Record<string, string> = {}): Config {
  return loadConfig({ DATABASE_URL: url, PORT: '0', WORKERS: '1', LOG_LEVEL: 'INFO', ...extra });
}

async function start(config: Config, lines: string[]): Promise<RunningServer> {
  const db = await openDatabase(config);
  return startServer(config, db, { logs: new LoggerRegistry('INFO', (line) => lines.push(line)) });
}

async function signIn(url: string, username: string, password: string): Promise<number> {
  const res = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from('ManagementPortalapp:front-secret').toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'password', username, password }),
  });
  await res.arrayBuffer();
  return res.status;
}

if (TEST_DATABASE_URL) {
  t('the portal creates its own schema as the non-superuser owner and never writes public', async () => {
    const mp = await createMpSharedDatabase();
    try {
      const before = await publicTableStates(mp.url);
      const config = configFor(mp.url, { MP_AUTO_IMPORT: 'false' });
      const db = await openDatabase(config);
      try {
        assert.ok((await migrate(db)).length > 0);
        const [{ schema }] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
        assert.is(schema, 'portal');
        const tables = await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'portal' AND table_name IN ('radar_user', 'subject', 'schema_migrations')",
        );
        assert.is(tables[0].n, 3);
      } finally {
        await db.close();
      }
      assert.equal(await publicTableStates(mp.url), before, "MP's tables unchanged");
      // A configured other name is used instead.
      const other = await choosePortalSchema(mp.url, 'radar_portal');
      assert.equal(other, { schema: 'radar_portal', reason: 'configured', created: true });
    } finally {
      await mp.drop();
    }
  });

  t('a portal already in public (an installation from before schemas) keeps its tables there', async () => {
    const mp = await createMpSharedDatabase({ devData: false });
    try {
      // The old layout: the portal's tables in public, in a database of its own (no MP tables: they share names).
      const legacy = openPostgres(mp.url, { max: 1 });
      await legacy.query('DROP SCHEMA public CASCADE');
      await legacy.query('CREATE SCHEMA public');
      await migrate(legacy);
      await legacy.close();
      assert.equal(await choosePortalSchema(mp.url, 'portal'), { schema: 'public', reason: 'existing-public', created: false });
      const db = await openDatabase(configFor(mp.url));
      const [{ schema }] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
      await db.close();
      assert.is(schema, 'public');
    } finally {
      await mp.drop();
    }
  });

  t('the first start imports MP by itself, once, with the report in the log; MP stays unchanged', async () => {
    const mp = await createMpSharedDatabase();
    const before = await publicTableStates(mp.url);
    const linesA: string[] = [];
    const linesB: string[] = [];
    let a: RunningServer | undefined;
    let b: RunningServer | undefined;
    try {
      const config = configFor(mp.url, { FRONTEND_CLIENT_SECRET: 'front-secret' });
      // Two processes' worth of servers starting at once on the fresh database.
      [a, b] = await Promise.all([start(config, linesA), start(config, linesB)]);
      const reports = [linesA, linesB].filter((lines) => lines.some((l) => l.includes('import report')));
      assert.is(reports.length, 1, 'exactly one of them imported');
      const log = reports[0].join('\n');
      assert.match(log, 'first start on a ManagementPortal database');
      assert.match(log, /subjects\s+51\s+51/);
      assert.ok(!a.bootstrap.adminCreated && !b.bootstrap.adminCreated, "MP's admin was imported, none created");
      const [{ n }] = await a.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM subject');
      assert.is(n, 51);
      // MP's admin signs in with the password MP had (the dev data's bcrypt hash of "admin").
      assert.is(await signIn(a.url, 'admin', 'admin'), 200);
      assert.equal(await publicTableStates(mp.url), before, "MP's tables unchanged");
      await a.stop();
      await b.stop();
      a = b = undefined;
      // A second start imports nothing again.
      const linesC: string[] = [];
      const c = await start(config, linesC);
      await c.stop();
      assert.not.ok(linesC.some((l) => l.includes('import report')));
      assert.equal(await publicTableStates(mp.url), before, "MP's tables unchanged");
    } finally {
      await a?.stop();
      await b?.stop();
      await mp.drop();
    }
  });

  t('MP_AUTO_IMPORT=false: no import, the first admin is created as on any empty database', async () => {
    const mp = await createMpSharedDatabase();
    const lines: string[] = [];
    try {
      const server = await start(configFor(mp.url, { MP_AUTO_IMPORT: 'false', ADMIN_PASSWORD: 'portal-admin-1' }), lines);
      try {
        assert.ok(server.bootstrap.adminCreated);
        const [{ n }] = await server.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM subject');
        assert.is(n, 0);
        assert.not.ok(lines.some((l) => l.includes('import report')));
      } finally {
        await server.stop();
      }
    } finally {
      await mp.drop();
    }
  });

  t("ADMIN_PASSWORD_EVERY_START (MP's admin password) sets admin's password at every start", async () => {
    const mp = await createMpSharedDatabase();
    const lines: string[] = [];
    try {
      const config = configFor(mp.url, { MANAGEMENTPORTAL_COMMON_ADMIN_PASSWORD: 'chart-admin-pw', FRONTEND_CLIENT_SECRET: 'front-secret' });
      let server = await start(config, lines);
      try {
        assert.is(await signIn(server.url, 'admin', 'chart-admin-pw'), 200);
        assert.is(await signIn(server.url, 'admin', 'admin'), 400);
      } finally {
        await server.stop();
      }
      assert.ok(lines.some((l) => l.includes('password of "admin" was set')));
      // Changed in the portal, set back by the next start.
      const db = await openDatabase(config);
      await db.query("UPDATE radar_user SET password_hash = NULL WHERE login = 'admin'");
      await db.close();
      server = await start(config, lines);
      try {
        assert.is(await signIn(server.url, 'admin', 'chart-admin-pw'), 200);
      } finally {
        await server.stop();
      }
    } finally {
      await mp.drop();
    }
  });
} else {
  t('sharing ManagementPortal\'s database needs PostgreSQL: skipped without TEST_DATABASE_URL', () => {});
}

t.run();
