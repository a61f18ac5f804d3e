import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseLinkHeader, readPaging, readTotalCount } from '../../../src/client/lib/http';

test('a Link header in the server format gives the page of each rel', () => {
  const header =
    '</api/users?page=2&size=20>; rel="next",</api/users?page=0&size=20>; rel="prev",' +
    '</api/users?page=5&size=20>; rel="last",</api/users?page=0&size=20>; rel="first"';
  assert.equal(parseLinkHeader(header), { next: 2, prev: 0, last: 5, first: 0 });
});

test('spaces after the commas are accepted too', () => {
  assert.equal(parseLinkHeader('<a?page=1&size=2>; rel="next", <a?page=3>; rel="last"'), { next: 1, last: 3 });
});

test('entries without exactly one ";" or without a page are skipped; no header is no links', () => {
  assert.equal(parseLinkHeader('<a?page=1>; rel="next"; x,<a?size=2>; rel="last",<a?page=4>; rel="first"'), { first: 4 });
  assert.equal(parseLinkHeader(null), {});
  assert.equal(parseLinkHeader(''), {});
});

test('X-Total-Count is read as a number', () => {
  assert.is(readTotalCount(new Headers({ 'X-Total-Count': '28' })), 28);
  assert.is(readTotalCount(new Headers({ 'X-Total-Count': 'lots' })), undefined);
  assert.is(readTotalCount(new Headers()), undefined);
});

test('readPaging combines both', () => {
  const headers = new Headers({ 'X-Total-Count': '41', Link: '</api/users?page=1&size=20>; rel="next"' });
  assert.equal(readPaging(headers), { total: 41, links: { next: 1 } });
});

test.run();
