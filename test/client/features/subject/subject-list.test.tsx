// The subject list against a scripted server: the first request, filters into request parameters and the URL matrix
// (and back on entry), validation that holds the query back, badges, load more with the keyset size rule, select
// all and add-to-group, in-place patches, and the fields site settings hide.
import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, configure, fireEvent, waitFor, within } from '@testing-library/react';
import type { SubjectDTO } from '../../../../src/common/dto';
import { SubjectList } from '../../../../src/client/features/subject/subject-list';
import { harness, SYS_ADMIN, tick } from '../../components/harness';
import { json, type RecordedCall } from '../../lib/fake-fetch';

// The machine may be busy with other test groups; waiting longer only slows a failing test down.
configure({ asyncUtilTimeout: 5000 });

const t = suite('SubjectList');
t.after.each(() => cleanup());

const subject = (n: number, extra: Partial<SubjectDTO> = {}): SubjectDTO => ({
  id: n,
  login: `sub-${String(n).padStart(2, '0')}`,
  externalId: `ext-${n}`,
  status: 'ACTIVATED',
  roles: [{ authorityName: 'ROLE_PARTICIPANT', projectName: 'radar' }],
  sources: [],
  attributes: {},
  ...extra,
});
const ALL = Array.from({ length: 28 }, (_, i) => subject(i + 1));

/** A server that pages ALL by login after the `last.login` cursor, honouring `size`. */
function subjectServer(requests: URLSearchParams[], all = ALL) {
  return (call: RecordedCall) => {
    const q = new URL(call.url, 'http://x/').searchParams;
    requests.push(q);
    const after = q.get('last.login');
    const rest = all.filter((s) => !after || s.login > after);
    return json(rest.slice(0, Number(q.get('size'))), 200, { 'X-Total-Count': String(all.length) });
  };
}

const GROUPS = [{ id: 7, name: 'control', projectId: 1 }, { id: 8, name: 'treatment', projectId: 1 }];

async function setup(url = '/project/radar?tab=subjects', extra: Record<string, unknown> = {}) {
  const requests: URLSearchParams[] = [];
  const h = await harness({
    url,
    account: SYS_ADMIN,
    routes: [{ path: 'project/:projectName', page: 'project' }],
    answers: {
      'GET api/projects/radar/subjects': subjectServer(requests),
      'GET api/projects/radar/groups': json(GROUPS),
      ...(extra as object),
    },
  });
  return { h, requests };
}

const settle = (ms = 0) => act(() => tick(ms));

t('the first request: size 20, login ascending, no page parameter; the rows and the load-more footer', async () => {
  const { h, requests } = await setup();
  const view = h.render(<SubjectList projectName="radar" />);
  await waitFor(() => view.getByText('sub-01'));
  assert.is(requests.length, 1);
  assert.is(requests[0].toString(), 'size=20&sort=login%2Casc');
  assert.ok(view.getByRole('button', { name: 'Load more (20/28 shown)' }));
  assert.equal(h.missing, []);
});

t('a text filter is trimmed, sent as its API parameter and written into the URL as a matrix param (replacing)', async () => {
  const { h, requests } = await setup();
  const view = h.render(<SubjectList projectName="radar" />);
  await waitFor(() => assert.is(requests.length, 1));
  const entries = h.history.index;
  const changedAt = performance.now();
  fireEvent.change(view.getByLabelText('External id'), { target: { value: '  ext-1  ' } });
  await settle(100);
  // Only meaningful while the 200 ms debounce has not run out: a machine that stalled this process longer proves nothing.
  if (performance.now() - changedAt < 190) assert.is(requests.length, 1, 'still within the 200 ms text debounce');
  await waitFor(() => assert.is(requests.length, 2));
  assert.is(requests[1].get('externalId'), 'ext-1');
  assert.is(requests[1].get('size'), '20');
  assert.is(h.router.getState().location.matrix.externalId, 'ext-1');
  assert.match(h.router.getState().location.url, /^\/project\/radar;externalId=ext-1\?/);
  assert.is(h.history.index, entries, 'the URL is replaced, not pushed');
  // One badge per filter; removing it clears the filter and the URL.
  const badge = view.getByText('External id: ext-1');
  fireEvent.click(within(badge.parentElement!).getByRole('button'));
  await waitFor(() => assert.is(requests.length, 3));
  assert.is(requests[2].get('externalId'), null);
  assert.is(h.router.getState().location.matrix.externalId, undefined);
  assert.is((view.getByLabelText('External id') as HTMLInputElement).value, '');
});

t('filters in the URL seed the panel and the first request; clear removes them all', async () => {
  const { h, requests } = await setup('/project/radar;subjectId=sub;groupId=7;enrollmentDateFrom=2024-01-01;dateOfBirth=1990-05-06?tab=subjects&sort=externalId,desc');
  const view = h.render(<SubjectList projectName="radar" />);
  await waitFor(() => assert.is(requests.length, 1));
  const q = requests[0];
  assert.is(q.get('login'), 'sub');
  assert.is(q.get('groupId'), '7');
  assert.is(q.get('dateOfBirth.is'), '1990-05-06');
  assert.match(q.get('enrollmentDate.from')!, /^2024-01-01T00:00(\[.+\]|Z)$/);
  assert.is(q.get('sort'), 'externalId,desc');
  assert.is((view.getByLabelText('Subject id') as HTMLInputElement).value, 'sub');
  await waitFor(() => view.getByText('Group: control'));
  assert.ok(view.getByText('Date of birth: 1990-05-06'));
  fireEvent.click(view.getByRole('button', { name: 'Clear filters' }));
  await waitFor(() => assert.is(requests.length, 2));
  assert.is(requests[1].toString(), 'size=20&sort=externalId%2Cdesc');
  assert.equal(h.router.getState().location.matrix, {});
});

t('an enrollment range whose start is after its end sends no query and says invalidRange; a fix sends it', async () => {
  const { h, requests } = await setup();
  const view = h.render(<SubjectList projectName="radar" />);
  await waitFor(() => assert.is(requests.length, 1));
  fireEvent.change(view.getByLabelText('Enrollment date from'), { target: { value: '2024-03-01' } });
  fireEvent.change(view.getByLabelText('Enrollment date to'), { target: { value: '2024-02-01' } });
  await settle(50);
  assert.ok(view.getByText('The start date must not be after the end date.'));
  assert.is(requests.length, 1, 'no query while the range is invalid');
  fireEvent.change(view.getByLabelText('Enrollment date to'), { target: { value: '2024-03-31' } });
  await waitFor(() => assert.is(requests.length, 2));
  assert.match(requests[1].get('enrollmentDate.to')!, /^2024-03-31T23:59/);
  assert.is(view.queryByText('The start date must not be after the end date.'), null);
});

t('an invalid date in the URL says invalidDate and sends nothing', async () => {
  const { h, requests } = await setup('/project/radar;dateOfBirth=1990-13-01');
  const view = h.render(<SubjectList projectName="radar" />);
  await settle(50);
  assert.ok(view.getByText('Enter a valid date (yyyy-mm-dd).'));
  assert.is(requests.length, 0);
});

t('load more: keyset cursor and size rule, page counted in the URL, then "All 28 results loaded"', async () => {
  const { h, requests } = await setup();
  const view = h.render(<SubjectList projectName="radar" />);
  await waitFor(() => view.getByText('sub-20'));
  fireEvent.click(view.getByRole('button', { name: 'Load more (20/28 shown)' }));
  await waitFor(() => view.getByText('All 28 results loaded'));
  const q = requests[1];
  assert.is(q.get('size'), '20');
  assert.is(q.get('last.id'), '20');
  assert.is(q.get('last.login'), 'sub-20');
  assert.is(q.get('last.externalId'), 'ext-20');
  assert.is(h.router.getState().location.query.page, '2');
  assert.ok(view.getByText('sub-28'));
});

t('on entry with ?page=2 the first request brings two pages at once', async () => {
  const { h, requests } = await setup('/project/radar?page=2&sort=login,desc');
  const view = h.render(<SubjectList projectName="radar" />);
  await waitFor(() => assert.is(requests.length, 1));
  assert.is(requests[0].get('size'), '40');
  assert.is(requests[0].get('sort'), 'login,desc');
  await waitFor(() => view.getByText('All 28 results loaded'));
});

t('changing the sort goes back to page 1 and asks again', async () => {
  const { h, requests } = await setup('/project/radar?page=2');
  const view = h.render(<SubjectList projectName="radar" />);
  await waitFor(() => assert.is(requests.length, 1));
  fireEvent.change(view.getByLabelText('Order'), { target: { value: 'desc' } });
  await waitFor(() => assert.is(requests.length, 2));
  assert.is(requests[1].get('sort'), 'login,desc');
  assert.is(requests[1].get('size'), '20');
  assert.is(h.router.getState().location.query.page, '1');
  fireEvent.change(view.getByLabelText('Sort by'), { target: { value: 'externalId' } });
  await waitFor(() => assert.is(requests.length, 3));
  assert.is(requests[2].get('sort'), 'externalId,desc');
});

t('a sort it does not offer (left by another tab) is login ascending; a page past the end becomes the last page', async () => {
  const { h, requests } = await setup('/project/radar?page=5&sort=sourceName,desc');
  const view = h.render(<SubjectList projectName="radar" />);
  await waitFor(() => view.getByText('All 28 results loaded'));
  assert.is(requests.length, 1);
  assert.is(requests[0].get('sort'), 'login,asc');
  await waitFor(() => assert.is(h.router.getState().location.query.page, '2'));
  assert.is(requests.length, 1, 'the rows on screen stay; nothing is asked again');
});

t('rows: status badge, external link, attributes, group; actions only for ACTIVATED subjects', async () => {
  const requests: URLSearchParams[] = [];
  const rows = [
    subject(1, { externalLink: 'https://example.org/1', group: 'control', attributes: { 'Human-readable-identifier': 'HR-1' } }),
    subject(2, { status: 'DISCONTINUED' }),
  ];
  const h = await harness({
    url: '/project/radar',
    account: SYS_ADMIN,
    answers: { 'GET api/projects/radar/subjects': subjectServer(requests, rows), 'GET api/projects/radar/groups': json(GROUPS) },
  });
  const view = h.render(<SubjectList projectName="radar" />);
  await waitFor(() => view.getByText('sub-02'));
  const [, first, second] = view.getAllByRole('row');
  assert.is((within(first).getByRole('link', { name: 'ext-1' }) as HTMLAnchorElement).href, 'https://example.org/1');
  assert.ok(within(first).getByText('Activated'));
  assert.ok(within(first).getByText('control'));
  assert.ok(within(first).getByText(/HR-1/));
  assert.is(within(first).queryByText('radar'), null, 'no project badge within a project');
  // Edit and Pair app are buttons named with the subject; View and Pair sources are in the row's More menu.
  for (const label of ['Edit', 'Pair app']) {
    assert.not.ok((within(first).getByRole('button', { name: `${label} subject sub-01` }) as HTMLButtonElement).disabled, label);
    assert.ok((within(second).getByRole('button', { name: `${label} subject sub-02` }) as HTMLButtonElement).disabled, label);
  }
  for (const [row, login, usable] of [[first, 'sub-01', true], [second, 'sub-02', false]] as const) {
    const more = within(row).getByRole('button', { name: `More subject ${login}` });
    fireEvent.click(more);
    const items = within(row).getAllByRole('menuitem');
    assert.equal(items.map((item) => [item.textContent, item.getAttribute('aria-disabled') !== 'true']), [['View', usable], ['Pair sources', usable]]);
    fireEvent.click(more);
  }
  assert.ok(within(second).getByText('Discontinued'));
  assert.ok((within(second).getByRole('checkbox') as HTMLInputElement).disabled);
  fireEvent.click(within(first).getByRole('button', { name: 'Edit subject sub-01' }));
  assert.is(h.router.getState().location.popup, 'project-subject/radar/sub-01/edit');
});

t('the general list shows project badges and no group filter or selection', async () => {
  const requests: URLSearchParams[] = [];
  const h = await harness({ url: '/subject', account: SYS_ADMIN, answers: { 'GET api/subjects': subjectServer(requests, [subject(1)]) } });
  const view = h.render(<SubjectList />);
  await waitFor(() => view.getByText('sub-01'));
  assert.ok(view.getByRole('link', { name: 'radar' }));
  assert.is(view.queryByLabelText('Select all'), null);
  assert.is(view.queryByRole('button', { name: 'Add selected to group' }), null);
  assert.is(view.container.querySelector('select[name="groupId"]'), null);
  fireEvent.click(view.getByRole('button', { name: 'Create a subject' }));
  assert.is(h.router.getState().location.popup, 'general-subject-new');
});

t('select all takes ACTIVATED subjects only; add to group needs a group and sends one add operation', async () => {
  const requests: URLSearchParams[] = [];
  const patches: RecordedCall[] = [];
  const rows = [subject(1), subject(2, { status: 'DEACTIVATED' }), subject(3)];
  const h = await harness({
    url: '/project/radar',
    account: SYS_ADMIN,
    answers: {
      'GET api/projects/radar/subjects': subjectServer(requests, rows),
      'GET api/projects/radar/groups': json(GROUPS),
      'PATCH api/projects/radar/groups/treatment/subjects': (call) => (patches.push(call), { status: 204 }),
    },
  });
  const view = h.render(<SubjectList projectName="radar" />);
  await waitFor(() => view.getByText('sub-03'));
  const add = view.getByRole('button', { name: 'Add selected to group' }) as HTMLButtonElement;
  assert.ok(add.disabled);
  fireEvent.click(view.getByLabelText('Select all'));
  const boxes = view.getAllByRole('checkbox').filter((box) => box.getAttribute('name') !== 'selectAll') as HTMLInputElement[];
  assert.equal(boxes.map((box) => box.checked), [true, false, true]);
  fireEvent.click(add);
  const dialog = await waitFor(() => view.getByRole('dialog'));
  const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  assert.ok(save.disabled, 'a group must be chosen first');
  fireEvent.change(within(dialog).getByLabelText(/Group/), { target: { value: 'treatment' } });
  assert.not.ok(save.disabled);
  fireEvent.click(save);
  await waitFor(() => assert.is(view.queryByRole('dialog'), null));
  assert.equal(JSON.parse(patches[0].body!), [{ op: 'add', value: [{ id: 1 }, { id: 3 }] }]);
  const [, first, , third] = view.getAllByRole('row');
  assert.ok(within(first).getByText('treatment'));
  assert.ok(within(third).getByText('treatment'));
  assert.equal(h.alerts.getAlerts().map((a) => a.key), ['managementPortalApp.subject.addToGroup.done']);
});

t('list events patch the rows in place: a created subject is prepended, a discontinued one leaves', async () => {
  const { h } = await setup();
  const view = h.render(<SubjectList projectName="radar" />);
  await waitFor(() => view.getByText('Load more (20/28 shown)'));
  act(() => h.events.emit('subjectListModification', { op: 'CREATE', subject: subject(99, { login: 'new-one' }) }));
  assert.ok(view.getByText('Load more (21/29 shown)'));
  act(() => h.events.emit('subjectListModification', { op: 'DELETE', subject: subject(3) }));
  assert.is(view.queryByText('sub-03'), null);
  assert.ok(view.getByText('Load more (20/28 shown)'));
});

t('the URL is the source: a filter changed in the URL (Back, a link) is asked for and shown in the panel', async () => {
  const { h, requests } = await setup('/project/radar;externalId=ext-1?tab=subjects&page=2');
  const view = h.render(<SubjectList projectName="radar" />);
  await waitFor(() => assert.is(requests.length, 1));
  assert.is(requests[0].get('externalId'), 'ext-1');
  assert.is(requests[0].get('size'), '40');
  act(() => h.history.replace('/project/radar;externalId=ext-2?tab=subjects'));
  await waitFor(() => assert.is(requests.length, 2));
  assert.is(requests[1].get('externalId'), 'ext-2');
  assert.is(requests[1].get('size'), '20');
  assert.is((view.getByLabelText('External id') as HTMLInputElement).value, 'ext-2');
  await settle(50);
  assert.is(requests.length, 2, 'the list wrote nothing back that would ask again');
  assert.is(h.router.getState().location.url, '/project/radar;externalId=ext-2?tab=subjects');
});

t('a failed request shows the error with a retry, not an empty list; load more that fails keeps the rows', async () => {
  const requests: URLSearchParams[] = [];
  const server = subjectServer(requests);
  let fail = true;
  const { h } = await setup(undefined, {
    'GET api/projects/radar/subjects': (call: RecordedCall) => {
      if (fail) return (requests.push(new URL(call.url, 'http://x/').searchParams), json({ message: 'boom' }, 500));
      return server(call);
    },
  });
  const view = h.render(<SubjectList projectName="radar" />);
  await waitFor(() => assert.is(view.getByRole('alert').textContent, 'This could not be loaded: the server answered 500.'));
  assert.is(view.queryByRole('table'), null);
  assert.is(view.queryByText(/results loaded/), null);
  fail = false;
  fireEvent.click(view.getByRole('button', { name: 'Try again' }));
  await waitFor(() => view.getByText('sub-20'));
  fail = true;
  fireEvent.click(view.getByRole('button', { name: 'Load more (20/28 shown)' }));
  await waitFor(() => assert.ok(view.getByRole('button', { name: 'Try again' })));
  assert.ok(view.getByText('sub-20'), 'the rows stay');
  fail = false;
  fireEvent.click(view.getByRole('button', { name: 'Try again' }));
  await waitFor(() => view.getByText('All 28 results loaded'));
  assert.is(requests.at(-1)!.get('last.login'), 'sub-20');
  assert.equal(h.missing, []);
});

t('site settings hide the group (filter, column, selection), person name and date of birth', async () => {
  const { h, requests } = await setup('/project/radar;personName=jo;groupId=7');
  h.session.store.setState({ hiddenSubjectFields: new Set(['group', 'person_name', 'date_of_birth']) });
  const view = h.render(<SubjectList projectName="radar" />);
  await waitFor(() => assert.is(requests.length, 1));
  assert.is(requests[0].get('personName'), null);
  assert.is(requests[0].get('groupId'), null);
  for (const label of ['Person name', 'Date of birth', 'Select all']) assert.is(view.queryByLabelText(label), null, label);
  assert.is(view.queryByRole('columnheader', { name: 'Group' }), null);
  assert.ok(view.getByLabelText('Human readable id'));
});

t.run();
