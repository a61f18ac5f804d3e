// The shared Spring-Pageable helper (docs/api-conventions.md): parsing, clamping, the sort whitelist, and the exact
// X-Total-Count / Link format (the users tests check the same over HTTP).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HttpError } from '../../src/server/http/errors';
import { encodeSegment, limitClause, orderByClause, pagingHeaders, parsePageable, type Pageable } from '../../src/server/http/paging';

const sortable = { id: 't.id', login: 't.login', createdDate: 't.created_date' };
const parse = (query: string, defaultSize = 20) => parsePageable(new URLSearchParams(query), { defaultSize, sortable });
const page = (p: number, size: number): Pageable => ({ page: p, size, sort: [] });

test('defaults, negative page, size below 1 and above 2000', () => {
  assert.equal(parse(''), { page: 0, size: 20, sort: [] });
  assert.equal(parse('page=-3&size=0'), { page: 0, size: 20, sort: [] });
  assert.equal(parse('page=2&size=-1', 2000), { page: 2, size: 2000, sort: [] });
  assert.is(parse('size=2001').size, 2000);
  assert.is(parse('', 1000000).size, 2000);
  assert.is(parse('page=99999999999999').page, 2147483647);
});

test('sort: repeatable, trailing direction applies to every property before it, case-insensitive', () => {
  const { sort } = parse('sort=login,DESC&sort=id&sort=createdDate,id,asc');
  assert.equal(sort.map((s) => `${s.property} ${s.direction}`), ['login DESC', 'id ASC', 'createdDate ASC', 'id ASC']);
  assert.is(orderByClause(parse('sort=login,desc'), 't.id'), 'ORDER BY t.login DESC, t.id ASC');
  assert.is(orderByClause(parse('sort=id,desc'), 't.id'), 'ORDER BY t.id DESC');
  assert.is(orderByClause(parse(''), 't.id'), 'ORDER BY t.id ASC');
  const withDefault = parsePageable(new URLSearchParams(''), { defaultSize: 5, sortable, defaultSort: [{ property: 'login', direction: 'DESC' }] });
  assert.equal(withDefault.sort, [{ property: 'login', column: 't.login', direction: 'DESC' }]);
});

test('bad values are one 400 naming every parameter', () => {
  try {
    parse('page=one&size=1.5&sort=password&sort=constructor,desc');
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, HttpError);
    const { status, body } = error as HttpError;
    assert.is(status, 400);
    const vm = body as { message: string; fieldErrors: { objectName: string; field: string }[] };
    assert.is(vm.message, 'error.validation');
    assert.equal(vm.fieldErrors.map((e) => e.field), ['page', 'size', 'sort', 'sort']);
    assert.is(vm.fieldErrors[0].objectName, 'pageable');
  }
});

test('LIMIT / OFFSET as parameters', () => {
  const params: unknown[] = ['x'];
  assert.is(limitClause({ page: 3, size: 25, sort: [] }, params), 'LIMIT $2 OFFSET $3');
  assert.equal(params, ['x', 25, 75]);
});

test('Link: next, prev, last, first in this order, bare commas, no next on the last page', () => {
  assert.equal(pagingHeaders('/api/users', page(0, 20), 0), {
    'X-Total-Count': '0',
    Link: '</api/users?page=0&size=20>; rel="last",</api/users?page=0&size=20>; rel="first"',
  });
  assert.is(
    pagingHeaders('/api/users', page(0, 10), 25).Link,
    '</api/users?page=1&size=10>; rel="next",</api/users?page=2&size=10>; rel="last",</api/users?page=0&size=10>; rel="first"',
  );
  assert.is(
    pagingHeaders('/api/users', page(2, 10), 25).Link,
    '</api/users?page=1&size=10>; rel="prev",</api/users?page=2&size=10>; rel="last",</api/users?page=0&size=10>; rel="first"',
  );
  // A page past the end still points back and to the real last page.
  assert.is(
    pagingHeaders('/a', page(7, 10), 20).Link,
    '</a?page=6&size=10>; rel="prev",</a?page=1&size=10>; rel="last",</a?page=0&size=10>; rel="first"',
  );
  assert.is(pagingHeaders('/a', page(0, 10), 20)['X-Total-Count'], '20');
  // Each entry has exactly one ';' and the client splits entries on ",\s*<".
  const entries = pagingHeaders('/a', page(1, 1), 3).Link.split(/,\s*</);
  assert.is(entries.length, 4);
  for (const entry of entries) assert.is(entry.split(';').length, 2);
});

test('encodeSegment writes form encoding as Java does', () => {
  assert.is(encodeSegment("my project (1)'s ~x*"), 'my+project+%281%29%27s+%7Ex*');
  assert.is(encodeSegment('a/b?c&d'), 'a%2Fb%3Fc%26d');
  assert.is(encodeSegment('sub-1.x_y@z'), 'sub-1.x_y%40z');
});

test.run();
