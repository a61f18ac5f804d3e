import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { matchPath, matchRoute } from '../../../src/client/lib/router';

test('static paths match exactly', () => {
  assert.equal(matchPath('user-management', 'user-management'), {});
  assert.equal(matchPath('', ''), {});
  assert.is(matchPath('user-management', 'user-management/admin'), null);
  assert.is(matchPath('user-management/admin', 'user-management'), null);
  assert.is(matchPath('audits', 'logs'), null);
});

test('named params capture one segment, decoded', () => {
  assert.equal(matchPath('project/:projectName', 'project/radar'), { projectName: 'radar' });
  assert.equal(matchPath('user-management/:login', 'user-management/Jo%20Doe'), { login: 'Jo Doe' });
  assert.equal(matchPath('source-type/:producer/:model/:catalogVersion', 'source-type/Empatica/E4/v1'), {
    producer: 'Empatica',
    model: 'E4',
    catalogVersion: 'v1',
  });
});

test('optional and rest params', () => {
  assert.equal(matchPath('subject/:login/revisions/:n?', 'subject/sub-1/revisions'), { login: 'sub-1' });
  assert.equal(matchPath('subject/:login/revisions/:n?', 'subject/sub-1/revisions/3'), { login: 'sub-1', n: '3' });
  assert.equal(matchPath('docs/:rest*', 'docs/a/b'), { rest: 'a/b' });
  assert.equal(matchPath('docs/:rest*', 'docs'), { rest: '' });
  assert.is(matchPath('docs/:rest+', 'docs'), null);
  assert.equal(matchPath('files/*', 'files/x/y'), {});
});

test('slashes at either end do not matter', () => {
  assert.equal(matchPath('/project/:projectName/', 'project/radar/'), { projectName: 'radar' });
});

test('matchRoute takes the first match in table order', () => {
  const routes = [
    { path: 'role/:projectName/:authorityName', page: 'project-role' },
    { path: 'role/:organizationName/:authorityName', page: 'organization-role' },
  ];
  const match = matchRoute(routes, 'role/radar/ROLE_PROJECT_ADMIN');
  assert.is(match?.route.page, 'project-role');
  assert.equal(match?.params, { projectName: 'radar', authorityName: 'ROLE_PROJECT_ADMIN' });
  assert.is(matchRoute(routes, 'nowhere'), null);
});

test.run();
