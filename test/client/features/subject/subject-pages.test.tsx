// The subject detail page (every field, buttons by role) and the revision list (its request and columns).
import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, configure, fireEvent, waitFor, within } from '@testing-library/react';
import type { SubjectDTO, UserDTO } from '../../../../src/common/dto';
import { SubjectDetailPage } from '../../../../src/client/features/subject/subject-detail-page';
import { SubjectRevisionListPage } from '../../../../src/client/features/subject/subject-revision-list-page';
import { harness, SYS_ADMIN } from '../../components/harness';
import { json, type RecordedCall } from '../../lib/fake-fetch';

configure({ asyncUtilTimeout: 5000 });
const t = suite('subject pages');
t.after.each(() => cleanup());

const SUBJECT: SubjectDTO = {
  id: 11,
  login: 'abc',
  externalId: 'P-1',
  externalLink: 'https://example.org/p1',
  status: 'ACTIVATED',
  project: { id: 4, projectName: 'radar', description: 'd', location: 'l' },
  group: 'control',
  personName: 'Jo Doe',
  dateOfBirth: '1990-02-03',
  enrollmentDate: '2024-01-01T10:00:00Z',
  roles: [],
  sources: [{ sourceName: 'watch-1', sourceId: 'x' } as SubjectDTO['sources'][number]],
  attributes: { 'Human-readable-identifier': 'HR-1' },
  createdBy: 'admin',
  createdDate: '2024-01-01T10:00:00Z',
  lastModifiedBy: 'editor',
  lastModifiedDate: '2024-02-01T10:00:00Z',
};
const PROJECT_ADMIN: UserDTO = { ...SYS_ADMIN, login: 'pa', roles: [{ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'radar' }], authorities: [] };

async function detail(account: UserDTO, hidden: string[] = []) {
  const h = await harness({ url: '/subject/abc', account, answers: { 'GET api/subjects/abc': json(SUBJECT) } });
  h.session.store.setState({ hiddenSubjectFields: new Set(hidden as never[]) });
  const view = h.render(<SubjectDetailPage params={{ login: 'abc' }} />);
  await waitFor(() => view.getByText('watch-1'));
  return { h, view };
}

t('the detail page shows every field; a system admin gets revisions, discontinue and delete', async () => {
  const { h, view } = await detail(SYS_ADMIN);
  const text = view.container.textContent!;
  for (const expected of ['P-1', 'https://example.org/p1', 'radar', 'control', 'watch-1', 'HR-1', 'Jo Doe', '1990-02-03', 'admin', 'editor', 'Activated']) {
    assert.ok(text.includes(expected), expected);
  }
  assert.ok(view.getByRole('link', { name: 'Revisions' }));
  assert.ok(view.getByRole('button', { name: 'Back' }));
  fireEvent.click(view.getByRole('button', { name: 'Discontinue' }));
  assert.is(h.router.getState().location.popup, 'subject/abc/discontinue');
  act(() => h.router.closePopup());
  fireEvent.click(view.getByRole('button', { name: 'Delete' }));
  assert.is(h.router.getState().location.popup, 'subject/abc/delete');
  assert.equal(h.missing, []);
});

t('a project admin of the project may see revisions and discontinue, but not delete; hidden fields are not shown', async () => {
  const { view } = await detail(PROJECT_ADMIN, ['person_name', 'date_of_birth', 'group']);
  assert.ok(view.getByRole('link', { name: 'Revisions' }));
  assert.ok(view.getByRole('button', { name: 'Discontinue' }));
  assert.is(view.queryByRole('button', { name: 'Delete' }), null);
  assert.is(view.queryByText('Jo Doe'), null);
  assert.is(view.queryByText('1990-02-03'), null);
  assert.is(view.queryByText('Group'), null);
});

t('the privacy line holds its place while it loads, and a failure to load it says so with a retry', async () => {
  let release: (answer: ReturnType<typeof json>) => void = () => undefined;
  const h = await harness({
    url: '/subject/abc',
    account: SYS_ADMIN,
    answers: {
      'GET api/subjects/abc': json(SUBJECT),
      'GET api/subjects/abc/privacy': [() => new Promise((resolve) => { release = resolve; }), json({})],
    },
  });
  const view = h.render(<SubjectDetailPage params={{ login: 'abc' }} />);
  await waitFor(() => view.getByText('watch-1'));
  // Loading: a line in the privacy part, above the actions (so they do not move when the answer comes).
  const line = view.container.querySelector('.subject-privacy')!;
  assert.ok(line, 'the privacy part is there while it loads');
  assert.ok(line.textContent!.includes('Loading'));
  const actions = view.container.querySelector('.subject-detail__actions')!;
  assert.ok(line.compareDocumentPosition(actions) & Node.DOCUMENT_POSITION_FOLLOWING);
  act(() => release(json({ message: 'boom' }, 500)));
  await waitFor(() => view.getByText('Who viewed this subject could not be loaded.'));
  fireEvent.click(view.getByRole('button', { name: 'Try again' }));
  await waitFor(() => view.getByText('Not viewed by anyone else yet.'));
  assert.equal(h.missing, []);
});

t('revisions: page 0, size 20, sort user.login ascending then id; columns from the revision and its subject', async () => {
  const calls: RecordedCall[] = [];
  const revision = { id: 5, revisionType: 'MOD', author: 'admin', timestamp: '2024-03-01T09:30:00Z', entity: { ...SUBJECT, status: 'DISCONTINUED' } };
  const h = await harness({
    url: '/subject/abc/revisions',
    account: SYS_ADMIN,
    answers: { 'GET api/subjects/abc/revisions': (call) => (calls.push(call), json([revision], 200, { 'X-Total-Count': '1' })) },
  });
  const view = h.render(<SubjectRevisionListPage params={{ login: 'abc' }} />);
  await waitFor(() => view.getByText('Modified'));
  assert.is(new URL(calls[0].url, 'http://x/').search, '?page=0&size=20&sort=user.login,asc&sort=id');
  const [, row] = view.getAllByRole('row');
  assert.ok(within(row).getByRole('link', { name: '5' }));
  assert.ok(within(row).getByText('Discontinued'));
  assert.ok(within(row).getByRole('link', { name: 'radar' }));
  assert.ok(within(row).getByRole('link', { name: 'watch-1' }));
  assert.ok(view.getByText('Showing 1 - 1 of 1 items'));
  fireEvent.click(view.getByRole('button', { name: /Timestamp/ }));
  await waitFor(() => assert.is(calls.length, 2));
  assert.match(calls[1].url, /sort=timestamp,asc&sort=id/);
});

t.run();
