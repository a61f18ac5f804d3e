// How PGlite statements carry their values (src/server/db/pglite-statements.ts): quoted literals of type unknown,
// arrays as array literals, and $n replaced only outside quotes, comments and $$ bodies.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openPglite } from '../../src/server/db/pglite';
import { inlineParams, literal } from '../../src/server/db/pglite-statements';

const t = suite('pglite statements');

t('values become quoted literals; quotes are doubled, NUL is refused as PostgreSQL refuses it', () => {
  assert.is(literal(null), 'NULL');
  assert.is(literal("it's"), "'it''s'");
  assert.is(literal(5), "'5'");
  assert.is(literal(true), "'t'");
  assert.is(literal(new Date('2024-01-01T00:00:00Z')), "'2024-01-01T00:00:00.000Z'");
  assert.is(literal([1, null, 'a"b\\c']), `'{"1",NULL,"a\\"b\\\\c"}'`);
  assert.throws(() => literal('a\0b'), (e: unknown) => (e as { code?: string }).code === '22021');
});

t('$n is replaced outside strings, quoted names, comments and dollar-quoted bodies', () => {
  const sql = `SELECT $1, '$1', "$1", $2::int -- $1\n, $$ $1 $$, $tag$ $2 $tag$, x$1`;
  assert.is(inlineParams(sql, ["'a'", "'2'"]), `SELECT 'a', '$1', "$1", '2'::int -- $1\n, $$ $1 $$, $tag$ $2 $tag$, x$1`);
});

t('a prepared statement reads its values with the types their positions call for', async () => {
  const db = await openPglite({});
  try {
    await db.query('CREATE TABLE v (id int8 PRIMARY KEY, name text, tags text[], on_ boolean, at timestamptz)');
    const at = new Date('2024-05-06T07:08:09Z');
    for (const id of [1, 2]) {
      await db.query('INSERT INTO v VALUES ($1, $2, $3, $4, $5)', [id, `o'brien ${id}`, ['x', 'y,z'], id === 1, at]);
    }
    const rows = await db.query('SELECT * FROM v WHERE id = ANY($1::int8[]) AND name LIKE $2 ORDER BY id', [[1, 2], "o'b%"]);
    assert.equal(rows, [
      { id: 1, name: "o'brien 1", tags: ['x', 'y,z'], on_: true, at },
      { id: 2, name: "o'brien 2", tags: ['x', 'y,z'], on_: false, at },
    ]);
    const planned = await db.query('SELECT id FROM v WHERE name LIKE $1', ['%2'], { planPerCall: true });
    assert.equal(planned, [{ id: 2 }]);
    const injected = await db.query('SELECT count(*)::int8 AS n FROM v WHERE name = $1', ["x'; DROP TABLE v; --"]);
    assert.equal(injected, [{ n: 0 }]);
    assert.equal((await db.query('SELECT count(*)::int8 AS n FROM v'))[0], { n: 2 });
  } finally {
    await db.close();
  }
});

t.run();
