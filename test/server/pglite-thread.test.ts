// The embedded database in its worker thread (src/server/db/pglite-thread.ts): the Database interface behaves as
// in-process PGlite does — values, transactions that commit or roll back as a whole, PostgreSQL error codes and
// constraint names for the callers that turn them into 4xx answers, statements of one transaction kept together.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Database } from '../../src/server/db/database';
import { pgErrorCode, PG_UNIQUE_VIOLATION } from '../../src/server/db/database';
import { openPgliteThread } from '../../src/server/db/pglite-thread';
import { DatabaseUnavailableError } from '../../src/server/db/database-unavailable';
import { LoggerRegistry } from '../../src/server/log';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const t = suite('pglite thread');
let db: Database;

t.before(async () => {
  db = await openPgliteThread({});
  await db.query('CREATE TABLE item (id int8 PRIMARY KEY, name text UNIQUE, born date, at timestamptz, doc jsonb)');
});
t.after(async () => {
  await db.close();
});

t('rows come back with numbers for int8, text for dates, Date for timestamps, objects for jsonb', async () => {
  await db.query('INSERT INTO item VALUES ($1, $2, $3::date, $4::timestamptz, $5::jsonb)', [1, 'one', '2000-01-31', new Date('2024-01-01T00:00:00Z'), JSON.stringify({ a: [1] })]);
  const [row] = await db.query('SELECT * FROM item WHERE id = $1', [1]);
  assert.equal(row, { id: 1, name: 'one', born: '2000-01-31', at: new Date('2024-01-01T00:00:00Z'), doc: { a: [1] } });
  // JSON crosses the thread boundary as text and is parsed on this side (pglite-json.ts): every JSON value, json or
  // jsonb, and text beside it untouched.
  const [json] = await db.query(`SELECT '{"b": [1, "x"]}'::json AS object, 'null'::json AS null_json, NULL::jsonb AS missing,
      '"s"'::jsonb AS string, '[]'::json AS empty, 'plain' AS text, json_build_object('k', 2) AS built`);
  assert.equal(json, { object: { b: [1, 'x'] }, null_json: null, missing: null, string: 's', empty: [], text: 'plain', built: { k: 2 } });
});

t('a transaction commits everything its callback wrote and answers its value', async () => {
  const value = await db.transaction(async (tx) => {
    await tx.query("INSERT INTO item (id, name) VALUES (2, 'two')");
    await tx.query("INSERT INTO item (id, name) VALUES (3, 'three')");
    return (await tx.query<{ n: number }>('SELECT count(*)::int8 AS n FROM item'))[0].n;
  });
  assert.is(value, 3);
});

t('a unique violation keeps its code and constraint, and the transaction writes nothing', async () => {
  const error = await db.transaction(async (tx) => {
    await tx.query("INSERT INTO item (id, name) VALUES (4, 'four')");
    await tx.query("INSERT INTO item (id, name) VALUES (5, 'one')");
  }).catch((e: unknown) => e);
  assert.instance(error, Error);
  assert.is(pgErrorCode(error), PG_UNIQUE_VIOLATION);
  assert.is((error as { constraint?: string }).constraint, 'item_name_key');
  assert.equal(await db.query('SELECT id FROM item WHERE id IN (4, 5)'), []);
});

t('an error thrown by the callback rolls the transaction back and reaches the caller unchanged', async () => {
  class Refused extends Error {}
  const error = await db.transaction(async (tx) => {
    await tx.query("INSERT INTO item (id, name) VALUES (6, 'six')");
    throw new Refused('no');
  }).catch((e: unknown) => e);
  assert.instance(error, Refused);
  assert.equal(await db.query('SELECT id FROM item WHERE id = 6'), []);
});

t('statements sent without waiting run in order; a query outside waits for the open transaction', async () => {
  let outside: Promise<{ n: number }[]> | undefined;
  await db.transaction(async (tx) => {
    const writes = [7, 8, 9].map((id) => tx.query('INSERT INTO item (id, name) VALUES ($1, $2)', [id, `n${id}`]));
    outside = db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM item WHERE id >= 7');
    const seen = tx.query<{ ids: number[] }>('SELECT array_agg(id ORDER BY id) AS ids FROM item WHERE id >= 7');
    await Promise.all(writes);
    assert.equal((await seen)[0].ids, [7, 8, 9]);
  });
  assert.equal(await outside, [{ n: 3 }]);
});

t('a statement error outside a transaction keeps its code', async () => {
  const error = await db.query("INSERT INTO item (id, name) VALUES (1, 'again')").catch((e: unknown) => e);
  assert.is(pgErrorCode(error), PG_UNIQUE_VIOLATION);
});

t('a thread that stops answering: calls fail after their time limit, the thread is replaced, the data is there', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mp-stuck-thread-'));
  const lines: string[] = [];
  const log = new LoggerRegistry('INFO', (line) => lines.push(line)).get('database');
  const stuck = await openPgliteThread({ dataDir, log, callTimeoutMs: 1000, stuckAfterMs: 2000 });
  /** Settles with an error after 10 s, so that a call that never answers fails the test instead of hanging it. */
  const hang = (what: string) => new Promise((resolve) => setTimeout(() => resolve(new Error(`${what}: no answer within 10 s`)), 10_000).unref());
  try {
    await stuck.query('CREATE TABLE kept (n int)');
    await stuck.query('INSERT INTO kept VALUES (1)');
    // pg_sleep keeps the WebAssembly backend busy, as PGlite on a full volume does (disk-full.test.ts), without end
    // within this test.
    let started = Date.now();
    const busy = await Promise.race([stuck.query('SELECT pg_sleep(600)').catch((e: unknown) => e), hang('pg_sleep')]);
    assert.instance(busy, DatabaseUnavailableError);
    assert.is((busy as DatabaseUnavailableError).reason, 'timeout');
    assert.ok(Date.now() - started < 3000);
    started = Date.now();
    const behind = await Promise.race([stuck.query('SELECT 1').catch((e: unknown) => e), hang('SELECT 1')]);
    assert.instance(behind, DatabaseUnavailableError, 'a call behind it is not left waiting either');
    assert.ok(Date.now() - started < 3000);
    let rows: unknown[] | undefined;
    for (let i = 0; i < 120 && !rows; i++) {
      await new Promise((r) => setTimeout(r, 500));
      rows = await stuck.query('SELECT n FROM kept').catch(() => undefined);
    }
    assert.equal(rows, [{ n: 1 }]);
    assert.ok(lines.some((l) => /ERROR database: the embedded database stopped answering \(no answer for 2 s\)/.test(l)), lines.join('\n'));
  } finally {
    await Promise.race([stuck.close(), hang('close')]);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

t.run();
