import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildAppUrl, parseAppUrl, pathOf } from '../../../src/client/lib/router';

test('a plain path with a query', () => {
  assert.equal(parseAppUrl('/project/radar?tab=subjects'), {
    path: 'project/radar',
    matrix: {},
    query: { tab: 'subjects' },
    popup: null,
    url: '/project/radar?tab=subjects',
  });
});

test('matrix params on the path (Angular form)', () => {
  const location = parseAppUrl('#/project/radar;subjectId=b-1;externalId=x%3By?page=1&sort=login,asc');
  assert.is(location.path, 'project/radar');
  assert.equal(location.matrix, { subjectId: 'b-1', externalId: 'x;y' });
  assert.equal(location.query, { page: '1', sort: 'login,asc' });
});

test('a popup outlet is read from the parentheses', () => {
  const location = parseAppUrl('/organization/main(popup:organization/main/edit)?tab=x');
  assert.is(location.path, 'organization/main');
  assert.is(location.popup, 'organization/main/edit');
  assert.equal(location.query, { tab: 'x' });
  assert.is(parseAppUrl('/(popup:user-management-new)').popup, 'user-management-new');
  assert.is(parseAppUrl('/(popup:user-management-new)').path, '');
  assert.is(parseAppUrl('/project/radar/(popup:project-subject-new/radar)').path, 'project/radar');
  assert.is(parseAppUrl('/a(other:x//popup:b/c)').popup, 'b/c');
});

test('home is the empty path', () => {
  assert.is(parseAppUrl('').path, '');
  assert.is(parseAppUrl('/').path, '');
  assert.is(parseAppUrl('#/').path, '');
});

test('building writes the same form, skipping empty values', () => {
  assert.is(
    buildAppUrl({
      path: 'project/radar',
      matrix: { subjectId: 'b-1', login: '', group: null, note: 'a;b(c)' },
      popup: 'project-subject-new/radar',
      query: { tab: 'subjects', page: 2, empty: undefined },
    }),
    '/project/radar;subjectId=b-1;note=a%3Bb%28c%29(popup:project-subject-new/radar)?tab=subjects&page=2',
  );
  assert.is(buildAppUrl({ path: '' }), '/');
  assert.is(buildAppUrl({ path: '', popup: 'user-management-new' }), '/(popup:user-management-new)');
});

test('parse and build round-trip', () => {
  for (const url of ['/organization/main(popup:organization/main/edit)?tab=x', '/project/radar;subjectId=b-1?page=1', '/']) {
    const { path, matrix, query, popup } = parseAppUrl(url);
    assert.is(buildAppUrl({ path, matrix, query, popup }), url);
  }
});

test('pathOf encodes each segment, including outlet delimiters', () => {
  assert.is(pathOf('user-management', "Jo O'Doe (admin)", 'edit'), "user-management/Jo%20O'Doe%20%28admin%29/edit");
  assert.is(pathOf('subject', 'a/b;c'), 'subject/a%2Fb%3Bc');
});

test.run();
