import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { appendQuery, flattenQuery, parseQueryString, toQueryString } from '../../../src/client/lib/query-string';

test('nested keys are flattened with dots, arrays repeat the key', () => {
  assert.equal(flattenQuery({ size: 20, last: { id: 3, login: 'sub-1' }, sort: ['login,asc', 'id'] }), [
    ['size', '20'],
    ['last.id', '3'],
    ['last.login', 'sub-1'],
    ['sort', 'login,asc'],
    ['sort', 'id'],
  ]);
});

test('undefined, null and empty strings are skipped; false and 0 are kept', () => {
  assert.is(toQueryString({ a: undefined, b: null, c: '', d: false, e: 0, f: { g: '' } }), 'd=false&e=0');
});

test('values stay readable like the original client sends them, unsafe characters are escaped', () => {
  assert.is(toQueryString({ sort: 'login,desc', size: 20 }), 'sort=login,desc&size=20');
  assert.is(toQueryString({ q: 'a b&c=d+e' }), 'q=a%20b%26c%3Dd%2Be');
  assert.is(
    toQueryString({ enrollmentDate: { from: '2024-01-01T00:00[Europe/Amsterdam]' } }),
    'enrollmentDate.from=2024-01-01T00:00%5BEurope/Amsterdam%5D',
  );
});

test('dates are sent as ISO strings', () => {
  assert.is(toQueryString({ at: new Date(Date.UTC(2024, 0, 2)) }), 'at=2024-01-02T00:00:00.000Z');
});

test('appendQuery respects an existing query and adds nothing for an empty one', () => {
  assert.is(appendQuery('api/x?a=1', { b: 2 }), 'api/x?a=1&b=2');
  assert.is(appendQuery('api/x', { b: undefined }), 'api/x');
});

test('parseQueryString decodes and keeps the first of repeated keys', () => {
  assert.equal(parseQueryString('?tab=subjects&sort=login,asc&sort=id&q=a+b%20c'), { tab: 'subjects', sort: 'login,asc', q: 'a b c' });
});

test.run();
