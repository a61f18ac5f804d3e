import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { alertText, createAlertQueue, type Alert, type Timers } from '../../../src/client/lib/alerts';
import { alertForHttpError, statusAlert } from '../../../src/client/lib/http-error-alerts';
import { ApiError, NetworkError } from '../../../src/client/lib/http';

function fakeTimers() {
  let now = 0;
  const pending = new Map<number, { at: number; callback: () => void }>();
  let nextHandle = 1;
  const timers: Timers = {
    setTimeout(callback, ms) {
      const handle = nextHandle++;
      pending.set(handle, { at: now + ms, callback });
      return handle;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  const advance = (ms: number): void => {
    now += ms;
    for (const [handle, timer] of [...pending]) {
      if (timer.at <= now) {
        pending.delete(handle);
        timer.callback();
      }
    }
  };
  return { timers, advance, pendingCount: () => pending.size };
}

const queue = suite('alert queue');

queue('success, error and info alerts carry a key and params, in order', () => {
  const alerts = createAlertQueue({ timers: fakeTimers().timers });
  alerts.success('managementPortalApp.project.created', { param: 'radar' });
  alerts.error('error.url.not.found');
  alerts.info('global.messages.info');
  assert.equal(
    alerts.getAlerts().map(({ type, key, params }) => ({ type, key, params })),
    [
      { type: 'success', key: 'managementPortalApp.project.created', params: { param: 'radar' } },
      { type: 'error', key: 'error.url.not.found', params: undefined },
      { type: 'info', key: 'global.messages.info', params: undefined },
    ],
  );
});

queue('alerts close themselves after 5000 ms', () => {
  const clock = fakeTimers();
  const alerts = createAlertQueue({ timers: clock.timers });
  alerts.success('a');
  clock.advance(4999);
  assert.is(alerts.getAlerts().length, 1);
  clock.advance(1);
  assert.is(alerts.getAlerts().length, 0);
});

queue('closing by hand removes the alert and its timer; a timeout of 0 keeps an alert', () => {
  const clock = fakeTimers();
  const alerts = createAlertQueue({ timers: clock.timers });
  const first = alerts.error('x');
  const sticky = alerts.add({ type: 'info', key: 'y', timeoutMs: 0 });
  alerts.close(first);
  assert.equal(alerts.getAlerts().map((a) => a.id), [sticky]);
  assert.is(clock.pendingCount(), 0);
  clock.advance(60_000);
  assert.is(alerts.getAlerts().length, 1);
  alerts.clear();
  assert.is(alerts.getAlerts().length, 0);
});

queue('subscribers hear every change until they unsubscribe', () => {
  const alerts = createAlertQueue({ timers: fakeTimers().timers });
  const heard: (readonly Alert[])[] = [];
  const stop = alerts.subscribe((list) => heard.push(list));
  const id = alerts.success('a');
  alerts.close(id);
  stop();
  alerts.success('b');
  assert.equal(heard.map((list) => list.map((a) => a.key)), [['a'], []]);
});

queue('one failure, one message: an alert equal to one still showing is not added again', () => {
  const clock = fakeTimers();
  const alerts = createAlertQueue({ timers: clock.timers });
  const first = alerts.error('error.server.not.reachable');
  assert.is(alerts.error('error.server.not.reachable'), first);
  alerts.add({ type: 'error', key: 'error.server.not.reachable' });
  alerts.error('error.http.status', { status: 500 });
  alerts.error('error.http.status', { status: 500 });
  alerts.error('error.http.status', { status: 502 });
  assert.equal(alerts.getAlerts().map((a) => a.key), ['error.server.not.reachable', 'error.http.status', 'error.http.status']);
  // Once it has gone, the same failure shows again.
  clock.advance(5000);
  alerts.error('error.server.not.reachable');
  assert.is(alerts.getAlerts().length, 1);
});

queue('real timers are used by default', async () => {
  const alerts = createAlertQueue({ timeoutMs: 5 });
  alerts.success('a');
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.is(alerts.getAlerts().length, 0);
});

queue.run();

const mapping = suite('alertForHttpError');

const apiError = (status: number, body?: unknown, headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'POST') =>
  new ApiError({ status, headers: new Headers(headers), body, method, url: 'api/x' });

mapping('no answer (NetworkError or status 0) -> server not reachable', () => {
  assert.equal(alertForHttpError(new NetworkError({ method: 'GET', url: 'api/x' })), [
    { type: 'error', key: 'error.server.not.reachable' },
  ]);
  assert.equal(alertForHttpError(apiError(0)), [{ type: 'error', key: 'error.server.not.reachable' }]);
});

mapping('400/409 with an app-error header -> that key, entity name from app-params (translated, raw fallback)', () => {
  for (const status of [400, 409]) {
    const error = apiError(status, undefined, {
      'X-managementPortalApp-error': 'error.nameexists',
      'X-managementPortalApp-params': 'project',
    });
    assert.equal(alertForHttpError(error), [
      {
        type: 'error',
        key: 'error.nameexists',
        params: { entityName: { key: 'global.menu.entities.project', fallback: 'project' } },
        fallback: statusAlert(status),
      },
    ]);
  }
  assert.equal(alertForHttpError(apiError(400, undefined, { 'x-app-error': 'error.idexists' })), [
    { type: 'error', key: 'error.idexists', params: undefined, fallback: statusAlert(400) },
  ]);
});

mapping('400 with field errors -> one "field cannot be empty" alert per field', () => {
  const body = {
    message: 'error.validation',
    fieldErrors: [
      { objectName: 'groupDTO', field: 'name', message: 'NotNull: must not be null' },
      { objectName: 'projectDTO', field: 'sourceTypes[3].model', message: 'NotNull' },
    ],
  };
  assert.equal(alertForHttpError(apiError(400, body)), [
    { type: 'error', key: 'error.field.required', params: { fieldName: { key: 'managementPortalApp.groupDTO.name', fallback: 'name' } } },
    {
      type: 'error',
      key: 'error.field.required',
      params: { fieldName: { key: 'managementPortalApp.projectDTO.sourceTypes[].model', fallback: 'sourceTypes[3].model' } },
    },
  ]);
});

mapping('field errors name their rule: required, the date order, else "not valid"', () => {
  const body = {
    message: 'error.validation',
    fieldErrors: [
      { objectName: 'project', field: 'endDate', message: 'DateOrder: must not be before startDate' },
      { objectName: 'project', field: 'projectName', message: 'Pattern: must match' },
      { objectName: 'project', field: 'location', message: 'NotBlank' },
    ],
  };
  assert.equal(alertForHttpError(apiError(400, body)).map((a) => a.key), ['error.field.dateOrder', 'error.field.invalid', 'error.field.required']);
});

mapping('400/409 otherwise -> the body message: as a key when it is one (with its params), else as text', () => {
  assert.equal(alertForHttpError(apiError(409, { message: 'error.groupExists', params: { timestamp: 't', n: 2, x: {} } })), [
    { type: 'error', key: 'error.groupExists', params: { timestamp: 't', n: 2 }, fallback: statusAlert(409) },
  ]);
  assert.equal(alertForHttpError(apiError(400, { message: 'Subject sub-1 is not in project radar' })), [
    { type: 'error', key: 'error.server.message', params: { message: 'Subject sub-1 is not in project radar' } },
  ]);
  assert.equal(alertForHttpError(apiError(400)), [statusAlert(400)]);
});

mapping('404 -> not found, whatever the body says', () => {
  assert.equal(alertForHttpError(apiError(404, { message: 'error.subjectNotFound' })), [{ type: 'error', key: 'error.url.not.found' }]);
});

mapping('other statuses -> the message (key or text), else the status', () => {
  assert.equal(alertForHttpError(apiError(403, { message: 'error.accessDenied' })), [
    { type: 'error', key: 'error.accessDenied', params: undefined, fallback: statusAlert(403) },
  ]);
  assert.equal(alertForHttpError(apiError(500, 'Gateway exploded')), [
    { type: 'error', key: 'error.server.message', params: { message: 'Gateway exploded' } },
  ]);
  assert.equal(alertForHttpError(apiError(502, '<html><body>Bad gateway</body></html>')), [statusAlert(502)]);
  // The app-error header only counts for 400 and 409.
  assert.equal(alertForHttpError(apiError(403, undefined, { 'X-managementPortalApp-error': 'error.x' })), [statusAlert(403)]);
});

mapping('an aborted request shows nothing; a non-HTTP error shows its message', () => {
  assert.equal(alertForHttpError(new DOMException('aborted', 'AbortError')), []);
  assert.equal(alertForHttpError(new Error('account not provided')), [
    { type: 'error', key: 'error.server.message', params: { message: 'account not provided' } },
  ]);
  assert.equal(alertForHttpError(undefined), [{ type: 'error', key: 'error.unexpected' }]);
});

mapping('a bare status: its own text, else its class\'s; a key the dictionary lacks falls back to the status', () => {
  assert.equal(statusAlert(500), {
    type: 'error',
    key: 'error.http.500',
    params: { status: 500 },
    fallback: { key: 'error.http.5xx', params: { status: 500 } },
  });
  assert.equal(statusAlert(418).fallback?.key, 'error.http.4xx');
  assert.equal(statusAlert(302).fallback?.key, 'error.http.status');
  const known = new Map([['error.http.5xx', 'Server error {{status}}'], ['error.http.404', 'Gone']]);
  const i18n = {
    has: (key: string) => known.has(key),
    t: (key: string, params?: Record<string, unknown>) => (known.get(key) ?? key).replace('{{status}}', String(params?.status)),
  };
  // A ManagementPortal server answers 500 with the body message `error.http.500`.
  const [alert] = alertForHttpError(apiError(500, { message: 'error.http.500' }));
  assert.is(alertText(i18n, alert), 'Server error 500');
  assert.is(alertText(i18n, statusAlert(404)), 'Gone');
  assert.is(alertText(i18n, statusAlert(503)), 'Server error 503');
});

mapping.run();
