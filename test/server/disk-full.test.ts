// A full volume under the embedded database is an error, never a hang (docs/deploy.md, "Disk space"). Run on a real
// small volume: a tmpfs mounted for the test, so only as root. PGlite's backend spins for good when PostgreSQL cannot
// create its next WAL segment; the first test drives it there and asserts every call is answered within seconds, the
// database comes back once the volume grows, and nothing acknowledged is lost. The second runs the server: a warning
// in the log before the volume is full, 507 for writes and health DOWN below the minimum while reads go on, writes
// again once space is freed, and SIGTERM still stops it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readlinkSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DatabaseUnavailableError } from '../../src/server/db/database-unavailable';
import { DiskSpaceMonitor } from '../../src/server/db/disk-space';
import { dumpPglite, openPglite } from '../../src/server/db/pglite';
import { openPgliteThread } from '../../src/server/db/pglite-thread';
import { LoggerRegistry } from '../../src/server/log';
import { spawnServer, waitListening } from '../setup/process';
import { createSubjectOver, seedForProcess } from '../setup/process-fixture';

const t = suite('disk full');
const MiB = 1024 * 1024;

/** A tmpfs of `mib` MiB, or the reason there cannot be one here. */
function smallVolume(mib: number): { dir: string; grow(mib: number): void; remove(): void } | string {
  if (process.getuid?.() !== 0) return 'not root';
  const dir = mkdtempSync(join(tmpdir(), 'mp-small-volume-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${mib}m`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return `mount failed: ${String((error as { stderr?: unknown }).stderr ?? error).trim()}`;
  }
  return {
    dir,
    grow: (size) => execFileSync('mount', ['-o', `remount,size=${size}m`, dir]),
    remove() {
      execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const free = (dir: string) => {
  const s = statfsSync(dir);
  return s.bavail * s.bsize;
};

/** The files this process holds open under `dir` (Linux /proc). */
function openFilesUnder(dir: string): string[] {
  return readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((path) => path.startsWith(dir + '/'));
}

/** The promise's outcome, or a failure naming `what` when it is not settled within `ms` (a hang fails the test). */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)));
  try {
    return await Promise.race([promise, hang]);
  } finally {
    clearTimeout(timer);
  }
}

const probe = smallVolume(1);
const skip = typeof probe === 'string' ? probe : undefined;
if (typeof probe !== 'string') probe.remove();

/** One migrated, seeded database for both tests, as a dump: loading it is quicker than making a database. */
let seeded: Promise<{ dump: Blob; fixture: Awaited<ReturnType<typeof seedForProcess>> }> | undefined;
const seed = () =>
  (seeded ??= (async () => {
    const db = await openPglite({});
    const fixture = await seedForProcess(db);
    const dump = await dumpPglite(db);
    await db.close();
    return { dump, fixture };
  })());

if (skip) {
  console.log(`disk-full: skipped, a small volume needs a tmpfs mounted by root (${skip})`);
} else {
  t('PGlite stuck on a WAL segment it cannot create: calls answer within seconds, it reopens when the volume grows, nothing acknowledged is lost', async () => {
    const { dump } = await seed();
    const volume = smallVolume(256) as Exclude<ReturnType<typeof smallVolume>, string>;
    // The database as a server holds it, then the volume shrunk to leave 10 MiB: less than a WAL segment.
    const seeding = await openPglite({ dataDir: join(volume.dir, 'pgdata'), loadDataDir: dump });
    await seeding.close();
    const used = statfsSync(volume.dir);
    volume.grow(Math.ceil(((used.blocks - used.bfree) * used.bsize) / MiB) + 10);
    const lines: string[] = [];
    const log = new LoggerRegistry('INFO', (line) => lines.push(line)).get('database');
    // No minimum: writes go on until PostgreSQL itself runs out of room.
    const disk = new DiskSpaceMonitor(volume.dir, { warningBytes: 0, minimumBytes: 0 }, log);
    const db = await openPgliteThread({ dataDir: join(volume.dir, 'pgdata'), disk, log });
    try {
      await db.query('CREATE TABLE acknowledged (n int PRIMARY KEY)');
      await db.query('CREATE TABLE churn (id int PRIMARY KEY, v text)');
      await db.query("INSERT INTO churn SELECT g, '' FROM generate_series(1, 40) g");
      // Each write rewrites 40 rows of 2 KiB that do not compress: much WAL, little table, so the WAL segment that
      // cannot be created comes before a table file that cannot grow.
      const acknowledged: number[] = [];
      let failure: unknown;
      for (let n = 0; n < 5000 && failure === undefined; n++) {
        const started = Date.now();
        try {
          await within(15_000, `write ${n}`, db.query(
            `WITH u AS (UPDATE churn SET v = (SELECT string_agg(md5(random()::text || g || id), '') FROM generate_series(1, 64) g))
             INSERT INTO acknowledged VALUES ($1)`, [n]));
          acknowledged.push(n);
        } catch (error) {
          failure = error;
          assert.ok(Date.now() - started < 10_000, `the failing write answered after ${Date.now() - started} ms`);
        }
      }
      assert.instance(failure, DatabaseUnavailableError, String(failure));
      assert.is((failure as DatabaseUnavailableError).reason, 'diskFull');
      assert.ok(acknowledged.length > 10, `${acknowledged.length} writes before the volume was full`);
      assert.ok(free(volume.dir) < 16 * MiB, 'the next WAL segment did not fit');
      assert.ok(lines.some((l) => /could not write: ENOSPC/.test(l)), lines.join('\n'));
      assert.ok(lines.some((l) => /ERROR database: the embedded database stopped answering/.test(l)), lines.join('\n'));

      // While the volume stays full every call fails at once.
      const started = Date.now();
      const read = await within(2000, 'a read while full', db.query('SELECT 1').catch((e: unknown) => e));
      assert.instance(read, DatabaseUnavailableError);
      assert.ok(Date.now() - started < 1000);

      // The stopped thread soon holds no file on the volume, so space freed there is free.
      for (let i = 0; i < 30 && openFilesUnder(volume.dir).length; i++) await new Promise((r) => setTimeout(r, 100));
      assert.equal(openFilesUnder(volume.dir), []);
      volume.grow(256);
      let rows: { n: number }[] | undefined;
      for (let i = 0; i < 60 && !rows; i++) {
        await new Promise((r) => setTimeout(r, 500));
        rows = await within(5000, 'a read after the volume grew', db.query<{ n: number }>('SELECT n FROM acknowledged ORDER BY n')).catch(() => undefined);
      }
      assert.ok(rows, 'the database is back within 30 s of the volume growing');
      const found = new Set(rows!.map((r) => r.n));
      assert.equal(acknowledged.filter((n) => !found.has(n)), [], 'every acknowledged write is there');
      await within(5000, 'a write after the volume grew', db.query('INSERT INTO acknowledged VALUES (-1)'));
      assert.ok(lines.some((l) => /open again/.test(l)), lines.join('\n'));
    } finally {
      try {
        await within(10_000, 'close', db.close());
      } finally {
        volume.remove();
      }
    }
  });

  t('the server warns before the volume is full, answers writes 507 below the minimum while reads go on, writes again once space is freed, stops on SIGTERM', async () => {
    const { dump, fixture } = await seed();
    const volume = smallVolume(160) as Exclude<ReturnType<typeof smallVolume>, string>;
    const seeding = await openPglite({ dataDir: join(volume.dir, 'pgdata'), loadDataDir: dump });
    await seeding.close();
    const server = spawnServer({ DATA_DIR: volume.dir, DISK_SPACE_WARNING_MB: '48', DISK_SPACE_MINIMUM_MB: '32' });
    const ballast = join(volume.dir, 'ballast');
    /** A file that leaves `mib` MiB free. */
    const leave = (mib: number) => {
      rmSync(ballast, { force: true });
      writeFileSync(ballast, Buffer.alloc(Math.max(0, free(volume.dir) - mib * MiB)));
    };
    try {
      const url = await waitListening(server, 60_000);
      const auth = { authorization: `Bearer ${fixture.token}` };
      assert.is(await createSubjectOver(url, fixture, 'roomy'), 201);
      assert.not.match(server.output(), /WARN/);

      leave(40);
      assert.is(await createSubjectOver(url, fixture, 'low-space'), 201);
      // Read before each statement (a reading of plentiful space is reused for 250 ms) and every 5 s.
      const warning = /WARN +database: the volume of \S+ has [\d.]+ MiB free, below DISK_SPACE_WARNING_MB \(48\.0 MiB\)/;
      for (let i = 0; i < 60 && !warning.test(server.output()); i++) await new Promise((r) => setTimeout(r, 100));
      assert.match(server.output(), warning);

      leave(24);
      const started = Date.now();
      const refused = await within(5000, 'a write on a full volume', fetch(`${url}/api/subjects`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'no-room', project: fixture.radar }),
      }));
      assert.ok(Date.now() - started < 3000);
      assert.is(refused.status, 507);
      assert.ok(refused.headers.get('retry-after'));
      const body = await refused.json();
      assert.is(body.message, 'error.insufficientStorage');
      assert.match(body.description, /full/);
      assert.is((await fetch(`${url}/api/subjects/no-room`, { headers: auth })).status, 404, 'nothing half-written');
      assert.is((await fetch(`${url}/api/projects`, { headers: auth })).status, 200, 'reads go on');
      // Reading one person's data records the view first (docs/privacy.md): with no room to record it, the read is
      // refused too, rather than made without a trace.
      assert.is((await fetch(`${url}/api/subjects/low-space`, { headers: auth })).status, 507, 'no unrecorded view of a person');
      const health = await within(7000, 'health', fetch(`${url}/management/health`, { headers: auth }));
      assert.is(health.status, 503);
      const components = (await health.json()).components;
      assert.is(components.diskSpace.status, 'DOWN');
      assert.ok(components.diskSpace.details.free < 32 * MiB);
      assert.is(components.diskSpace.details.threshold, 32 * MiB);
      assert.is(components.db.status, 'UP', 'the database still answers reads: the chart\'s probe, which reads db, does not restart the pod');
      assert.match(server.output(), /ERROR +database: the volume of \S+ has [\d.]+ MiB free, below DISK_SPACE_MINIMUM_MB/);

      rmSync(ballast);
      assert.is(await createSubjectOver(url, fixture, 'room-again'), 201);
      assert.is((await fetch(`${url}/management/health`)).status, 200);
      assert.match(server.output(), /free again: writes are accepted/);

      server.child.kill('SIGTERM');
      assert.is(await within(15_000, 'exit after SIGTERM', server.exited), 0);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      volume.remove();
    }
  });
}

t.run();
