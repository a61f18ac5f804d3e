// No statement crosses a transaction's boundary on PostgreSQL, whatever the load. The case that broke postgres.js's
// own `sql.begin()` (3.4.9): a small pool whose connections are all taken, a queue of plain statements and
// transactions behind them, and a BEGIN that lands as the statement filling a connection's pipeline (100 statements).
// The queue lengths below sweep across that boundary on both connections. Each transaction marks itself with a
// transaction-local setting and a row; every statement takes its transaction's id (pg_current_xact_id), so a plain
// statement that ran inside anything but its own transaction shares an id with another statement. Plain statements
// also write rows of their own. Afterwards every acknowledged write is there, every rolled-back one is not, and no
// connection was left inside a transaction. src/server/db/postgres.ts says why transactions reserve a connection.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openPostgres } from '../../src/server/db/postgres';
import { createEmptyPostgresDatabase, TEST_DATABASE_URL } from '../setup/database';

const t = suite('transaction isolation');

interface Tally {
  failures: string[];
  /** Transaction id -> who used it: one transaction's statements, or a single plain statement. */
  xids: Map<string, Set<string>>;
  leaks: string[];
  committed: Set<string>;
  rolledBack: Set<string>;
  plainWrites: number;
}

if (TEST_DATABASE_URL) {
  t('plain statements and transactions on a full two-connection pool never share a transaction', async () => {
    const empty = await createEmptyPostgresDatabase();
    const db = openPostgres(empty.url, { max: 2 });
    const tally: Tally = { failures: [], xids: new Map(), leaks: [], committed: new Set(), rolledBack: new Set(), plainWrites: 0 };
    try {
      await db.query('CREATE TABLE probe (id bigserial PRIMARY KEY, tx text)');

      let plainCount = 0;
      const used = (xid: string, by: string) => {
        const users = tally.xids.get(xid) ?? new Set<string>();
        users.add(by);
        tally.xids.set(xid, users);
      };
      const plain = async (n: number) => {
        try {
          const [row] = await db.query<{ mark: string | null; xid: string }>(
            "SELECT current_setting('mp.tx', true) AS mark, pg_current_xact_id()::text AS xid, $1::int AS n", [n]);
          if (row.mark) tally.leaks.push(`plain statement ran inside transaction ${row.mark}`);
          used(row.xid, `plain ${(plainCount += 1)}`);
          if (n % 4 === 0) {
            await db.query('INSERT INTO probe (tx) VALUES (NULL)');
            tally.plainWrites += 1;
          }
        } catch (error) {
          tally.failures.push(String(error));
        }
      };

      const transaction = async (id: string, rollBack: boolean) => {
        // Plain statements reach the pool a microtask after the call; a transaction starts at once. Waiting a turn
        // puts its BEGIN behind the plain statements queued before it, as requests arriving in that order would.
        await new Promise((resolve) => setImmediate(resolve));
        try {
          await db.transaction(async (tx) => {
            const [first] = await tx.query<{ xid: string }>("SELECT set_config('mp.tx', $1, true), pg_current_xact_id()::text AS xid", [id]);
            await tx.query('INSERT INTO probe (tx) VALUES ($1)', [id]);
            const [row] = await tx.query<{ mark: string; xid: string }>("SELECT current_setting('mp.tx', true) AS mark, pg_current_xact_id()::text AS xid");
            if (row.mark !== id) tally.leaks.push(`transaction ${id} saw ${row.mark || 'no mark'}`);
            used(first.xid, id);
            used(row.xid, id);
            if (rollBack) throw new Error('roll back');
          });
          tally.committed.add(id);
        } catch (error) {
          if (rollBack && (error as Error).message === 'roll back') tally.rolledBack.add(id);
          else tally.failures.push(`${id}: ${String(error)}`);
        }
      };

      for (let queued = 90; queued <= 230; queued += 1) {
        // Both connections held by transactions, so everything after this queues in the pool.
        let open!: () => void;
        const gate = new Promise<void>((resolve) => (open = resolve));
        let started = 0;
        const holding = [0, 1].map((i) =>
          db.transaction(async (tx) => {
            await tx.query('SELECT 1');
            started += 1;
            await gate;
          }).catch((error) => tally.failures.push(`holder ${i}: ${String(error)}`)),
        );
        while (started < 2) await new Promise((resolve) => setTimeout(resolve, 1));
        // `queued` plain statements, then a BEGIN: as the pool hands the queue to the freed connections, that BEGIN is
        // sent as the 100th statement in a connection's pipeline for some of these lengths. Then a mix.
        const work: Promise<unknown>[] = [];
        for (let i = 0; i < queued; i += 1) work.push(plain(i));
        work.push(transaction(`t-${queued}`, queued % 3 === 0));
        for (let i = 0; i < 30; i += 1) {
          work.push(plain(queued + i));
          if (i % 7 === 3) work.push(transaction(`t-${queued}-${i}`, i % 2 === 1));
        }
        open();
        await Promise.all([...holding, ...work]);
      }

      const rows = await db.query<{ tx: string | null }>('SELECT tx FROM probe');
      const plainRows = rows.filter((r) => r.tx === null).length;
      const txRows = new Set(rows.filter((r) => r.tx !== null).map((r) => r.tx!));
      const open = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'");

      assert.equal(tally.failures, [], 'no statement failed');
      assert.equal(tally.leaks, [], 'no statement ran inside another transaction');
      const shared = [...tally.xids].filter(([, users]) => users.size > 1).map(([xid, users]) => `${xid}: ${[...users].join(', ')}`);
      assert.equal(shared, [], 'each transaction id belongs to one transaction or one plain statement');
      assert.is(plainRows, tally.plainWrites, 'every acknowledged plain write is there');
      assert.equal([...tally.committed].filter((id) => !txRows.has(id)), [], 'every committed transaction wrote its row');
      assert.equal([...tally.rolledBack].filter((id) => txRows.has(id)), [], 'no rolled-back transaction left a row');
      assert.ok(tally.rolledBack.size > 100 && tally.committed.size > 200, 'both outcomes ran many times');
      assert.is(open[0].n, 0, 'no connection was left inside a transaction');
    } finally {
      await db.close();
      await empty.drop();
    }
  });

  t('a statement a transaction did not wait for never runs after it ended', async () => {
    const empty = await createEmptyPostgresDatabase();
    const db = openPostgres(empty.url, { max: 1 });
    try {
      let late!: Promise<unknown>;
      await db.transaction(async (tx) => {
        late = new Promise((resolve) => setTimeout(resolve, 20)).then(() => tx.query("SELECT set_config('mp.tx', 'late', false)"));
      });
      const stray = late.then(() => 'ran', (error: Error) => error.message);
      assert.is(await stray, 'statement sent after its transaction ended');
      const [row] = await db.query<{ mark: string | null }>("SELECT current_setting('mp.tx', true) AS mark");
      assert.ok(!row.mark, 'the connection back in the pool carries nothing of the ended transaction');
    } finally {
      await db.close();
      await empty.drop();
    }
  });

  t('a failed COMMIT rolls back and the connection serves the next caller', async () => {
    const empty = await createEmptyPostgresDatabase();
    const db = openPostgres(empty.url, { max: 1 });
    try {
      await db.query('CREATE TABLE d (id int PRIMARY KEY, ref int, CONSTRAINT self FOREIGN KEY (ref) REFERENCES d (id) DEFERRABLE INITIALLY DEFERRED)');
      const outcome = await db.transaction(async (tx) => {
        await tx.query('INSERT INTO d VALUES (1, 99)');
      }).then(() => 'committed', (error: { code?: string }) => error.code);
      assert.is(outcome, '23503', 'the deferred foreign key fails at COMMIT');
      const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM d');
      assert.is(n, 0);
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO d VALUES (2, NULL)');
      });
      const [{ m }] = await db.query<{ m: number }>('SELECT count(*)::int AS m FROM d');
      assert.is(m, 1);
    } finally {
      await db.close();
      await empty.drop();
    }
  });
}

t.run();
