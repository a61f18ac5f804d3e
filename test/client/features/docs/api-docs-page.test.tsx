// The API documentation page: found through api-docs/swagger-config, tags closed until opened (or filtered), an
// operation's details, "try it out" through the app's http wrapper (session cookie, XSRF header, no sign-out on a
// 401, no alert), and the loading and error states. Rendered with this server's real document.
import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import { buildRouter } from '../../../../src/server/app';
import { buildOpenApiDocument } from '../../../../src/server/api-docs/openapi-document';
import { ServicesProvider } from '../../../../src/client/components/services-react';
import { ApiDocsPage } from '../../../../src/client/features/docs';
import { operationsOf } from '../../../../src/client/features/docs/openapi-model';
import { createHttp } from '../../../../src/client/lib/http';
import { fakeFetch, json, type Responder } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';

const DOC = JSON.parse(JSON.stringify(buildOpenApiDocument(buildRouter().routeTable(), { basePath: '' })));
const TOTAL = operationsOf(DOC).length;
/** The Projects tag's operations, counted from the same document (it grows with the API). */
const PROJECT_OPERATIONS = operationsOf(DOC).filter((op) => op.tag === 'Projects').length;
const CONFIG = { configUrl: '/api-docs/swagger-config', url: '/api-docs', urls: [{ name: 'ManagementPortal', url: '/api-docs' }] };
const docsAnswers = (): Record<string, Responder> => ({ 'GET api-docs/swagger-config': json(CONFIG), 'GET /api-docs': json(DOC) });

const t = suite('api docs page');
t.after.each(() => cleanup());

async function openPage(answers: Record<string, Responder | Responder[]> = docsAnswers(), language: 'en' | 'nl' = 'en') {
  const h = await harness({ url: '/docs', account: SYS_ADMIN, answers, language });
  const view = h.render(<ApiDocsPage params={{}} />);
  return { h, view };
}

const operationButton = (key: string) => document.querySelector<HTMLButtonElement>(`[data-operation="${key}"]`);
const article = (key: string) => operationButton(key)!.closest('article') as HTMLElement;

t('loads the config, then the document it names; tags start closed; a tag opens onto its operations', async () => {
  const { h, view } = await openPage();
  assert.ok(view.getByRole('status'));
  await waitFor(() => assert.ok(view.getByText('RADAR portal API')));
  assert.equal(h.calls.filter((c) => c.url.includes('api-docs')).map((c) => `${c.method} ${c.url}`), ['GET api-docs/swagger-config', 'GET /api-docs']);
  assert.ok(view.getByText(`${TOTAL} of ${TOTAL} operations shown`));
  assert.is(document.querySelectorAll('[data-operation]').length, 0);
  assert.ok(PROJECT_OPERATIONS >= 7);
  const projects = view.getByRole('button', { name: new RegExp(`^Projects\\s*${PROJECT_OPERATIONS} operations$`) });
  assert.is(projects.getAttribute('aria-expanded'), 'false');
  fireEvent.click(projects);
  assert.is(projects.getAttribute('aria-expanded'), 'true');
  assert.is(document.querySelectorAll('[data-operation]').length, PROJECT_OPERATIONS);
  assert.ok(operationButton('GET /api/projects'));
  fireEvent.click(projects);
  assert.is(document.querySelectorAll('[data-operation]').length, 0);
  assert.equal(h.missing, []);
});

t('the filter (debounced) opens the groups that still match and hides the rest', async () => {
  const { h, view } = await openPage();
  await waitFor(() => assert.ok(view.getByLabelText(/Filter operations/)));
  const results = () => document.querySelector('.api-docs__results')!;
  assert.is(results().getAttribute('aria-busy'), 'false');
  fireEvent.change(view.getByLabelText(/Filter operations/), { target: { value: 'get projects groups' } });
  // Until the filter settles the list is the old one, and says it is about to change.
  assert.is(results().getAttribute('aria-busy'), 'true');
  await act(() => tick(200));
  assert.is(results().getAttribute('aria-busy'), 'false');
  assert.equal([...document.querySelectorAll('[data-operation]')].map((b) => b.getAttribute('data-operation')), [
    'GET /api/projects/{projectName}/groups', 'GET /api/projects/{projectName}/groups/{groupName}',
  ]);
  assert.ok(view.getByText(`2 of ${TOTAL} operations shown`));
  fireEvent.change(view.getByLabelText(/Filter operations/), { target: { value: 'nothing-like-this' } });
  await act(() => tick(200));
  assert.ok(view.getByText('No operation matches the filter.'));
  assert.equal(h.missing, []);
});

t('an operation shows who may call it, its parameters, body schema (nested on demand, cycles cut) and answers', async () => {
  const { h, view } = await openPage();
  await waitFor(() => assert.ok(view.getByText('RADAR portal API')));
  fireEvent.click(view.getByRole('button', { name: /^Projects/ }));
  fireEvent.click(operationButton('PUT /api/projects')!);
  const details = article('PUT /api/projects');
  const panel = within(details);
  assert.ok(panel.getByText('PROJECT.UPDATE on the project'));
  assert.ok(panel.getByText('Request body'));
  assert.ok(panel.getByText('projectName'));
  assert.ok(panel.getByText('one of PLANNING | ONGOING | ENDED'));
  // organization: OrganizationDTO opens onto its fields, whose projects are ProjectDTO again: shown by name only
  assert.is(panel.queryAllByText('location').length, 1);
  fireEvent.click(panel.getByRole('button', { name: 'Show the fields of organization' }));
  assert.is(panel.queryAllByText('location').length, 2);
  assert.ok(panel.getByText('(contains itself: see above)'));
  assert.ok(panel.getByText('Responses'));
  assert.ok(panel.getByText('error.accessDenied: the caller lacks the permission (or a session request lacks X-XSRF-TOKEN)'));
  assert.ok(panel.getByText('Headers: X-managementPortalApp-alert, X-managementPortalApp-params'));
  fireEvent.click(operationButton('GET /api/projects')!);
  const list = within(article('GET /api/projects'));
  assert.ok(list.getByText('holders of PROJECT.READ through any of their roles'));
  assert.ok(list.getByText('minimized'));
  assert.ok(list.getByText('Headers: X-Total-Count, Link'));
  assert.equal(h.missing, []);
});

t('try it out: query parameters, the answer\'s status, paging headers and pretty body; no alert on failure', async () => {
  const { h, view } = await openPage({
    ...docsAnswers(),
    'GET /api/projects?size=5': json([{ id: 1, projectName: 'radar' }], 200, { 'X-Total-Count': '1', Link: '</api/projects?page=0&size=5>; rel="first"' }),
    'GET /api/projects/nope': json({ message: 'Project not found', entityName: 'project', errorCode: 'error.projectNameNotFound', params: {} }, 404),
  });
  await waitFor(() => assert.ok(view.getByText('RADAR portal API')));
  fireEvent.change(view.getByLabelText(/Filter operations/), { target: { value: 'get /api/projects' } });
  await act(() => tick(200));
  fireEvent.click(operationButton('GET /api/projects')!);
  const panel = within(article('GET /api/projects'));
  fireEvent.click(panel.getByRole('button', { name: 'Try it out' }));
  fireEvent.change(panel.getByLabelText(/^size/), { target: { value: '5' } });
  fireEvent.click(panel.getByRole('button', { name: 'Execute' }));
  await waitFor(() => assert.ok(panel.getByText('Status 200')));
  assert.ok(panel.getByText('GET /api/projects?size=5'));
  assert.ok(panel.getByText('X-Total-Count'));
  assert.ok(panel.getByText('</api/projects?page=0&size=5>; rel="first"'));
  assert.match(panel.getByText(/"projectName": "radar"/).textContent!, '[\n  {\n    "id": 1,');

  fireEvent.click(operationButton('GET /api/projects/{projectName}')!);
  const one = within(article('GET /api/projects/{projectName}'));
  fireEvent.click(one.getByRole('button', { name: 'Try it out' }));
  fireEvent.click(one.getByRole('button', { name: 'Execute' }));
  assert.ok(one.getByRole('alert'));
  assert.ok(one.getByText('Fill in projectName.'));
  fireEvent.change(one.getByLabelText(/^projectName/), { target: { value: 'nope' } });
  fireEvent.click(one.getByRole('button', { name: 'Execute' }));
  await waitFor(() => assert.ok(one.getByText('Status 404')));
  assert.match(article('GET /api/projects/{projectName}').querySelector('.api-docs__response-text')!.textContent!, '"errorCode": "error.projectNameNotFound"');
  assert.equal(h.alerts.getAlerts(), []);
  fireEvent.click(one.getByRole('button', { name: 'Cancel' }));
  assert.not.ok(one.queryByText('Status 404'));
  assert.equal(h.missing, []);
});

t('try it out sends the XSRF header with the session; a 401 is shown, not taken for the end of the session', async () => {
  const h = await harness({ url: '/docs', account: SYS_ADMIN });
  const sent = fakeFetch({
    ...docsAnswers(),
    'POST /api/projects': json({ id: 7, projectName: 'x' }, 201, { Location: '/api/projects/x', 'X-managementPortalApp-alert': 'managementPortalApp.project.created' }),
    'POST /api/login': json({ error: 'Unauthorized', status: 401, message: 'Full authentication is required', path: '/api/login' }, 401),
  });
  let signedOut = false;
  const http = createHttp({ fetch: sent.fetch, readCookies: () => 'XSRF-TOKEN=token-1', onUnauthorized: () => (signedOut = true) });
  const view = h.render(
    <ServicesProvider services={{ http, alerts: h.alerts, navigation: h.navigation, events: h.events }}>
      <ApiDocsPage params={{}} />
    </ServicesProvider>,
  );
  await waitFor(() => assert.ok(view.getByText('RADAR portal API')));
  fireEvent.click(view.getByRole('button', { name: /^Projects/ }));
  fireEvent.click(operationButton('POST /api/projects')!);
  const panel = within(article('POST /api/projects'));
  fireEvent.click(panel.getByRole('button', { name: 'Try it out' }));
  const body = panel.getByLabelText(/^Request body/) as HTMLTextAreaElement;
  assert.match(body.value, '"projectName": "radar"');
  fireEvent.change(body, { target: { value: '{ not json' } });
  fireEvent.click(panel.getByRole('button', { name: 'Execute' }));
  assert.match(panel.getByRole('alert').textContent!, 'The body is not valid JSON');
  fireEvent.change(body, { target: { value: '{"projectName": "x"}' } });
  fireEvent.click(panel.getByRole('button', { name: 'Execute' }));
  await waitFor(() => assert.ok(panel.getByText('Status 201')));
  const post = sent.calls.find((c) => c.method === 'POST')!;
  assert.is(post.headers.get('X-XSRF-TOKEN'), 'token-1');
  assert.is(post.credentials, 'include');
  assert.equal(JSON.parse(post.body!), { projectName: 'x' });
  assert.ok(panel.getByText('/api/projects/x'));

  fireEvent.click(view.getByRole('button', { name: /^Sign-in/ }));
  fireEvent.click(operationButton('POST /api/login')!);
  const login = within(article('POST /api/login'));
  fireEvent.click(login.getByRole('button', { name: 'Try it out' }));
  fireEvent.click(login.getByRole('button', { name: 'Execute' }));
  await waitFor(() => assert.ok(login.getByText('Status 401')));
  assert.is(signedOut, false);
  assert.equal(h.missing, []);
});

t('errors: 404 means the profile is off; no answer; not a document', async () => {
  const off = await openPage({ 'GET api-docs/swagger-config': json({ message: null, description: 'No route', fieldErrors: null }, 404) });
  await waitFor(() => assert.match(off.view.getByRole('alert').textContent!, 'PROFILES setting does not include api-docs'));
  assert.equal(off.h.alerts.getAlerts(), []);
  cleanup();
  const down = await openPage({ 'GET api-docs/swagger-config': 'network-error' });
  await waitFor(() => assert.match(down.view.getByRole('alert').textContent!, 'the server did not answer'));
  cleanup();
  const odd = await openPage({ 'GET api-docs/swagger-config': json(CONFIG), 'GET /api-docs': json({ hello: 'world' }) });
  await waitFor(() => assert.match(odd.view.getByRole('alert').textContent!, 'not an OpenAPI document'));
  cleanup();
  const broken = await openPage({ 'GET api-docs/swagger-config': json({ configUrl: 'x' }) });
  await waitFor(() => assert.match(broken.view.getByRole('alert').textContent!, 'not an OpenAPI document'));
  assert.equal(broken.h.missing, []);
});

t('in Dutch, an opened operation with its try-it-out form has no missing key', async () => {
  const { h, view } = await openPage(docsAnswers(), 'nl');
  await waitFor(() => assert.ok(view.getByText('RADAR portal API')));
  fireEvent.click(view.getByRole('button', { name: /^Sources/ }));
  fireEvent.click(operationButton('POST /api/subjects/{login}/sources')!);
  const panel = within(article('POST /api/subjects/{login}/sources'));
  fireEvent.click(panel.getByRole('button', { name: 'Uitproberen' }));
  assert.ok(panel.getByText('Wie mag dit aanroepen:'));
  assert.equal(h.missing, []);
});

t.run();
