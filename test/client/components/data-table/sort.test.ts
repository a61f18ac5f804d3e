import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { formatSort, parseSort, sortQuery, sortRows, toggleSort } from '../../../../src/client/components/data-table';

const t = suite('data-table: sort');

t('parses and formats field,asc / field,desc', () => {
  assert.equal(parseSort('login,desc'), { field: 'login', ascending: false });
  assert.equal(parseSort('login,asc'), { field: 'login', ascending: true });
  assert.equal(parseSort('login'), { field: 'login', ascending: true });
  assert.is(parseSort(''), null);
  assert.is(parseSort(undefined), null);
  assert.is(formatSort({ field: 'id', ascending: false }), 'id,desc');
});

t('server lists add the id tie-breaker unless sorting by id', () => {
  assert.equal(sortQuery({ field: 'login', ascending: true }), ['login,asc', 'id']);
  assert.equal(sortQuery({ field: 'id', ascending: false }), ['id,desc']);
});

t('toggling flips the same field and starts a new one ascending', () => {
  assert.equal(toggleSort({ field: 'a', ascending: true }, 'a'), { field: 'a', ascending: false });
  assert.equal(toggleSort({ field: 'a', ascending: false }, 'b'), { field: 'b', ascending: true });
  assert.equal(toggleSort(null, 'b'), { field: 'b', ascending: true });
});

t('sortRows sorts a copy: numbers numerically, text naturally, empty values last, stable', () => {
  const rows = [
    { id: 10, name: 'b', nested: { v: 'x2' } },
    { id: 9, name: '', nested: { v: 'x10' } },
    { id: 100, name: 'a', nested: { v: 'x1' } },
    { id: 1, name: 'B', nested: { v: 'x2' } },
  ];
  assert.equal(sortRows(rows, { field: 'id', ascending: true }).map((r) => r.id), [1, 9, 10, 100]);
  assert.equal(sortRows(rows, { field: 'name', ascending: true }).map((r) => r.id), [100, 10, 1, 9]);
  assert.equal(sortRows(rows, { field: 'name', ascending: false }).map((r) => r.id), [10, 1, 100, 9]);
  assert.equal(sortRows(rows, { field: 'nested.v', ascending: true }).map((r) => r.id), [100, 10, 1, 9]);
  assert.equal(rows[0].id, 10, 'the input is untouched');
  assert.equal(sortRows(rows, null).map((r) => r.id), [10, 9, 100, 1]);
});

t.run();
