// Two server processes starting together on one PostgreSQL database, for start-up work guarded by an advisory lock:
// two extra connections run `work` while a third holds the lock, so both surely overlap and must wait; the lock is
// then released and they take turns. PGlite has one connection, so there the two runs simply follow each other.
import * as assert from 'uvu/assert';
import type { Database } from '../../src/server/db/database';
import { openPostgres } from '../../src/server/db/postgres';
import type { TestServer } from './server';

export async function runTwiceAtOnce<T>(
  server: TestServer,
  lockKey: number,
  work: (db: Database) => Promise<T>,
  options: { waitMs?: number } = {},
): Promise<T[]> {
  if (!server.database.url) return Promise.all([work(server.app.db), work(server.app.db)]);
  const [first, second, holder] = [1, 2, 3].map(() => openPostgres(server.database.url!, { max: 1 }));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  try {
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = holder.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [lockKey]);
      locked();
      await released;
    });
    await isLocked;
    let finished = 0;
    const runs = [work(first), work(second)].map((p) => p.then((r) => (finished++, r)));
    await new Promise((resolve) => setTimeout(resolve, options.waitMs ?? 500));
    assert.is(finished, 0, 'both wait for the lock');
    release();
    await holding;
    return await Promise.all(runs);
  } finally {
    release();
    await Promise.all([first, second, holder].map((db) => db.close()));
  }
}
