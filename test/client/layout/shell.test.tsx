import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor } from '@testing-library/react';
import { memoryStorage, SYS_ADMIN } from '../components/harness';
import { json } from '../lib/fake-fetch';
import { startApp, url } from './app-harness';

const PROJECT_ADMIN = { login: 'pa', activated: true, roles: [{ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'radar' }] };
const main = () => document.querySelector('main')!;
const alertTexts = () => [...document.querySelectorAll('.alert__text')].map((p) => p.textContent);

const t = suite('shell: guard flow, titles, alerts');
t.after.each(() => cleanup());

t('an anonymous deep link lands on access-denied with the destination stored', async () => {
  const app = await startApp({ url: '/user-management?page=2' });
  assert.is(url(app.history), '/accessdenied');
  // The access-denied page comes with a lazily loaded chunk.
  await waitFor(() => assert.is(main().querySelector('h1')?.textContent, 'You are not authorized to access this page.'));
  assert.is(main().querySelector('a[href="api/redirect/login"]')?.textContent, 'Sign in');
  assert.equal(JSON.parse(app.storage.data.get('jhi-previousState')!), { url: '/user-management?page=2', authorities: ['ROLE_SYS_ADMIN'] });
  assert.is(document.title, 'Your request cannot be processed');
  assert.ok(!app.calls.some((c) => c.url === 'api/account'), 'no session cookie: no 401 probe');
  assert.equal(app.missing, []);
});

t('after signing in the user returns to the stored destination', async () => {
  const storage = memoryStorage();
  storage.setItem('jhi-previousState', JSON.stringify({ url: '/user-management?page=2', authorities: ['ROLE_SYS_ADMIN'] }));
  const app = await startApp({ account: SYS_ADMIN, storage });
  await app.settle();
  assert.is(url(app.history), '/user-management?page=2');
  assert.is(storage.data.get('jhi-previousState'), undefined);
  await waitFor(() => assert.is(main().querySelector('h1')?.textContent, 'Users'));
  assert.is(document.title, 'Users');
});

t('a signed-in user without the authority gets access-denied, and nothing is stored to return to', async () => {
  const app = await startApp({ account: PROJECT_ADMIN, url: '/user-management' });
  assert.is(url(app.history), '/accessdenied');
  assert.is(app.storage.data.get('jhi-previousState'), undefined);
  act(() => app.services.router.navigate('project/radar'));
  await app.settle();
  assert.is(url(app.history), '/project/radar', 'a page the role may see stays');
});

t('protected pages wait for the identity instead of flashing access-denied', async () => {
  let answer!: () => void;
  const gate = new Promise<void>((resolve) => (answer = resolve));
  const app = await startApp({
    account: SYS_ADMIN,
    url: '/audits',
    waitForStart: false,
    answers: { 'GET api/account': async () => (await gate, json(SYS_ADMIN)) },
  });
  assert.is(url(app.history), '/audits');
  assert.ok(main().querySelector('.loading'));
  answer();
  await app.settle();
  assert.is(url(app.history), '/audits');
  assert.ok(await app.view.findByText('Audits', { selector: 'h1' }));
});

t('document.title follows the route and the language', async () => {
  const app = await startApp({ account: SYS_ADMIN, url: '/organization' });
  await app.settle();
  assert.is(document.title, 'Organizations');
  act(() => app.services.router.navigate('subject/abc/revisions'));
  assert.is(document.title, 'Subject revisions abc');
  act(() => app.services.router.navigate('project/radar'));
  act(() => app.services.router.openPopup('project-subject/radar/abc/edit'));
  await app.settle();
  assert.is(document.title, 'Edit subject abc - Project radar', 'a dialog names its entity first');
  await waitFor(() => assert.is(document.querySelector('[role="dialog"] h2')?.textContent, 'Edit subject abc', 'and its heading names it'));
  act(() => app.services.router.navigate('subject/abc/revisions'));
  await act(() => app.services.i18n.setLanguage('nl'));
  assert.is(document.title, 'Revisies van deelnemer abc');
  act(() => app.services.router.navigate('no/such/page'));
  assert.is(document.title, 'ManagementPortal', 'unknown paths fall back to managementPortalApp.title');
  await waitFor(() => assert.is(main().querySelector('h1')?.textContent, 'Uw verzoek kan niet worden verwerkt'));
  assert.equal(app.missing, []);
});

t('a 401 on any request forgets the account and the guard sends the user to sign in', async () => {
  const app = await startApp({ account: SYS_ADMIN, url: '/audits', answers: { 'GET api/audits-probe': json({}, 401), 'GET management/audits': json([]) } });
  await app.settle();
  await act(() => app.services.http.get('api/audits-probe').catch(() => undefined));
  await app.settle();
  assert.is(app.services.session.store.getState().account, null);
  assert.is(url(app.history), '/accessdenied');
  assert.is(JSON.parse(app.storage.data.get('jhi-previousState')!).url, '/audits');
  assert.equal(alertTexts(), [], 'a 401 is not an error alert');
});

t('success alerts come from response headers; failures become error alerts, except a 409 on DELETE', async () => {
  const app = await startApp({
    account: SYS_ADMIN,
    answers: {
      'POST api/projects': json({}, 201, { 'X-managementPortalApp-alert': 'managementPortalApp.project.created', 'X-managementPortalApp-params': 'radar' }),
      'PUT api/users': json({}, 200, { 'X-managementPortalApp-alert': 'userManagement.updated', 'X-managementPortalApp-params': 'jo' }),
      'POST api/groups': json({}, 400, { 'X-managementPortalApp-error': 'error.groupExists', 'X-managementPortalApp-params': 'group' }),
      'DELETE api/projects/radar/groups/g': json({}, 409),
      'GET api/gone': json({}, 404),
      'GET api/down': 'network-error',
    },
  });
  const http = app.services.http;
  await act(async () => {
    await http.post('api/projects', { body: {} });
    await http.put('api/users', { body: {} });
    await http.post('api/groups', { body: {} }).catch(() => undefined);
    await http.delete('api/projects/radar/groups/g').catch(() => undefined);
    await http.get('api/gone').catch(() => undefined);
    await http.get('api/down').catch(() => undefined);
  });
  // Failures are mapped to alerts by a lazily loaded module: wait for the last one.
  await waitFor(() => assert.is(alertTexts().length, 5));
  assert.equal(alertTexts(), [
    'A new project is created with identifier radar',
    'A user is updated with identifier jo',
    'A group with this name already exists.',
    'Not found',
    'Server not reachable',
  ]);
  assert.equal([...document.querySelectorAll('.alert')].map((a) => a.classList[1]), ['alert--success', 'alert--success', 'alert--error', 'alert--error', 'alert--error']);
  fireEvent.click(app.view.getAllByRole('button', { name: 'Close' })[0]);
  assert.is(alertTexts().length, 4);
  assert.equal(app.missing, []);
});

t('a popup path renders its dialog over the page; an anonymous visitor cannot open a protected popup', async () => {
  const app = await startApp({ account: SYS_ADMIN, url: '/organization(popup:organization-new)' });
  await app.settle();
  const dialog = await app.view.findByRole('dialog');
  assert.match(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent ?? '', /organization/i);
  assert.ok(main().querySelector('h1')?.textContent, 'the page is still there');
  fireEvent.click(app.view.getAllByRole('button', { name: 'Close' }).find((b) => dialog.contains(b))!);
  assert.is(url(app.history), '/organization');
  cleanup();

  const anonymous = await startApp({ url: '/(popup:organization-new)' });
  assert.is(url(anonymous.history), '/accessdenied');
  assert.is(JSON.parse(anonymous.storage.data.get('jhi-previousState')!).url, '/(popup:organization-new)');
});

t('the dev ribbon shows for the dev profile only; the footer is always there', async () => {
  await startApp({ profiles: ['dev'] });
  assert.is(document.querySelector('.dev-ribbon')?.textContent, 'Development');
  assert.ok(document.querySelector('.footer a[href^="https://"]'));
  cleanup();
  await startApp({ profiles: ['prod'] });
  assert.is(document.querySelector('.dev-ribbon'), null);
});

t.run();
