import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ApiError,
  NetworkError,
  createHttp,
  isAbortError,
  isApiError,
  isNetworkError,
  readCookie,
  type HttpError,
} from '../../../src/client/lib/http';
import { fakeFetch, json } from './fake-fetch';

function setup(routes: Parameters<typeof fakeFetch>[0], cookies = '') {
  const fake = fakeFetch(routes);
  const seen = { unauthorized: [] as ApiError[], errors: [] as HttpError[], alerts: [] as [string, string | undefined][] };
  const http = createHttp({
    basePath: '/managementportal/',
    fetch: fake.fetch,
    readCookies: () => cookies,
    onUnauthorized: (e) => seen.unauthorized.push(e),
    onError: (e) => seen.errors.push(e),
    onAlert: (key, param) => seen.alerts.push([key, param]),
  });
  return { http, calls: fake.calls, seen };
}

const requests = suite('http: requests');

requests('paths resolve under the base path, with the session cookie and JSON both ways', async () => {
  const { http, calls } = setup({ 'GET /managementportal/api/projects': json([{ projectName: 'radar' }]) });
  const response = await http.get<{ projectName: string }[]>('api/projects');
  assert.equal(response.data, [{ projectName: 'radar' }]);
  assert.is(response.status, 200);
  assert.is(calls[0].url, '/managementportal/api/projects');
  assert.is(calls[0].credentials, 'include');
  assert.match(calls[0].headers.get('Accept') ?? '', 'application/json');
});

requests('a base path without trailing slash and an empty one both work', async () => {
  const fake = fakeFetch({ 'GET /mp/api/x': json(1), 'GET api/x': json(2) });
  assert.is((await createHttp({ basePath: '/mp', fetch: fake.fetch }).get('api/x')).data, 1);
  assert.is((await createHttp({ fetch: fake.fetch }).get('api/x')).data, 2);
  assert.is(createHttp({ basePath: '/mp/' }).url('api/redirect/login'), '/mp/api/redirect/login');
});

requests('query objects are flattened onto the URL', async () => {
  const { http, calls } = setup({ 'GET /managementportal/api/projects/radar/subjects': json([]) });
  await http.get('api/projects/radar/subjects', {
    query: { size: 20, sort: 'login,desc', last: { id: 7, login: 'sub-7', externalId: undefined }, groupId: null },
  });
  assert.is(calls[0].url, '/managementportal/api/projects/radar/subjects?size=20&sort=login,desc&last.id=7&last.login=sub-7');
});

requests('a JSON body is sent as application/json; text: true sends a string as text/plain', async () => {
  const { http, calls } = setup({
    'POST /managementportal/api/users': json({ id: 1 }, 201),
    'POST /managementportal/api/account/change_password': { status: 200 },
  });
  await http.post('api/users', { body: { login: 'jo' } });
  assert.is(calls[0].headers.get('Content-Type'), 'application/json');
  assert.is(calls[0].body, '{"login":"jo"}');
  const answer = await http.post('api/account/change_password', { body: 'n3w-Secret!', text: true });
  assert.is(calls[1].headers.get('Content-Type'), 'text/plain;charset=UTF-8');
  assert.is(calls[1].body, 'n3w-Secret!');
  assert.is(answer.data, undefined, 'an empty answer has no data');
});

requests('non-JSON answers come back as text', async () => {
  const { http } = setup({ 'GET /managementportal/api/x': { text: 'plain' } });
  assert.is((await http.get('api/x')).data, 'plain');
});

requests('every non-GET carries X-XSRF-TOKEN from the XSRF-TOKEN cookie; GET does not', async () => {
  const answers = { status: 204 };
  const { http, calls } = setup(
    {
      'GET /managementportal/api/x': answers,
      'POST /managementportal/api/x': answers,
      'PUT /managementportal/api/x': answers,
      'PATCH /managementportal/api/x': answers,
      'DELETE /managementportal/api/x': answers,
    },
    'SESSION=abc; XSRF-TOKEN=tok%3D1; other=2',
  );
  await http.get('api/x');
  await http.post('api/x');
  await http.put('api/x');
  await http.patch('api/x');
  await http.delete('api/x');
  assert.is(calls[0].headers.get('X-XSRF-TOKEN'), null);
  for (const call of calls.slice(1)) assert.is(call.headers.get('X-XSRF-TOKEN'), 'tok=1', call.method);
});

requests('by default the XSRF cookie is read from document.cookie', async () => {
  document.cookie = 'XSRF-TOKEN=from-document';
  const fake = fakeFetch({ 'POST api/logout': { status: 200 } });
  await createHttp({ fetch: fake.fetch }).post('api/logout');
  assert.is(fake.calls[0].headers.get('X-XSRF-TOKEN'), 'from-document');
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

requests('no cookie, no header', async () => {
  const { http, calls } = setup({ 'POST /managementportal/api/x': { status: 200 } }, 'SESSION=1');
  await http.post('api/x');
  assert.is(calls[0].headers.has('X-XSRF-TOKEN'), false);
});

requests('extra headers such as a bearer token are passed on', async () => {
  const { http, calls } = setup({ 'POST /managementportal/api/login': json({ login: 'admin' }) });
  await http.post('api/login', { headers: { Authorization: 'Bearer t0k' } });
  assert.is(calls[0].headers.get('Authorization'), 'Bearer t0k');
});

requests('readCookie finds a cookie among others', () => {
  assert.is(readCookie('a=1; XSRF-TOKEN=x y; b=2', 'XSRF-TOKEN'), 'x y');
  assert.is(readCookie('a=1', 'XSRF-TOKEN'), undefined);
});

requests.run();

const errors = suite('http: errors and interceptors');

errors('an answered failure is an ApiError with status, headers, body, method and url', async () => {
  const { http, seen } = setup({
    'PUT /managementportal/api/projects': json({ message: 'error.validation' }, 400, { 'X-managementPortalApp-error': 'error.x' }),
  });
  try {
    await http.put('api/projects', { body: {} });
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.ok(isApiError(error));
    assert.not.ok(isNetworkError(error));
    assert.is(error.status, 400);
    assert.is(error.method, 'PUT');
    assert.is(error.url, '/managementportal/api/projects');
    assert.equal(error.body, { message: 'error.validation' });
    assert.is(error.headers.get('x-managementportalapp-error'), 'error.x');
  }
  assert.is(seen.errors.length, 1);
});

errors('no answer is a NetworkError, reported through onError', async () => {
  const { http, seen } = setup({ 'GET /managementportal/api/x': 'network-error' });
  const error = await http.get('api/x').catch((e: unknown) => e);
  assert.ok(isNetworkError(error));
  assert.not.ok(isApiError(error));
  assert.instance(error, NetworkError);
  assert.equal(seen.errors, [error]);
});

errors('status 0 counts as no answer', async () => {
  const { http } = setup({ 'GET /managementportal/api/x': { status: 0 } });
  assert.ok(isNetworkError(await http.get('api/x').catch((e: unknown) => e)));
});

errors('a 401 calls onUnauthorized (not onError)', async () => {
  const { http, seen } = setup({ 'GET /managementportal/api/projects': json({ status: 401 }, 401) });
  await http.get('api/projects').catch(() => undefined);
  assert.is(seen.unauthorized.length, 1);
  assert.is(seen.unauthorized[0].status, 401);
  assert.is(seen.errors.length, 0);
});

errors('a 401 on api/account is how "not signed in" is learnt: no callback at all', async () => {
  const { http, seen } = setup({ 'GET /managementportal/api/account': json({}, 401) });
  const error = await http.get('api/account').catch((e: unknown) => e);
  assert.ok(isApiError(error) && error.status === 401);
  assert.is(seen.unauthorized.length, 0);
  assert.is(seen.errors.length, 0);
});

errors('a 409 on DELETE is silenced, a 409 elsewhere is not', async () => {
  const { http, seen } = setup({
    'DELETE /managementportal/api/projects/radar/groups/a': { status: 409 },
    'POST /managementportal/api/organizations': { status: 409 },
  });
  await http.delete('api/projects/radar/groups/a').catch(() => undefined);
  assert.is(seen.errors.length, 0);
  await http.post('api/organizations', { body: {} }).catch(() => undefined);
  assert.is(seen.errors.length, 1);
});

errors('silent requests skip onError but still throw', async () => {
  const { http, seen } = setup({ 'GET /managementportal/api/x': { status: 503 } });
  const error = await http.get('api/x', { silent: true }).catch((e: unknown) => e);
  assert.ok(isApiError(error));
  assert.is(seen.errors.length, 0);
});

errors('an aborted request rejects with an AbortError and reports nothing', async () => {
  const { http, seen } = setup({ 'GET /managementportal/api/x': json(1) });
  const controller = new AbortController();
  controller.abort();
  const error = await http.get('api/x', { signal: controller.signal }).catch((e: unknown) => e);
  assert.ok(isAbortError(error));
  assert.not.ok(isNetworkError(error));
  assert.is(seen.errors.length, 0);
});

errors('a header ending in app-alert calls onAlert with the app-params value', async () => {
  const { http, seen } = setup({
    'POST /managementportal/api/projects': json({}, 201, {
      'X-managementPortalApp-alert': 'managementPortalApp.project.created',
      'X-managementPortalApp-params': 'radar',
    }),
    'GET /managementportal/api/y': json({}, 200, { 'x-other-app-alert': 'userManagement.deleted' }),
  });
  await http.post('api/projects', { body: {} });
  await http.get('api/y');
  assert.equal(seen.alerts, [
    ['managementPortalApp.project.created', 'radar'],
    ['userManagement.deleted', undefined],
  ]);
});

errors('ApiError and NetworkError are Errors with readable messages', () => {
  const api = new ApiError({ status: 404, headers: new Headers(), body: undefined, method: 'GET', url: 'api/x' });
  assert.instance(api, Error);
  assert.is(api.name, 'ApiError');
  assert.match(api.message, '404');
  assert.is(new NetworkError({ method: 'GET', url: 'api/x' }).name, 'NetworkError');
});

errors.run();
