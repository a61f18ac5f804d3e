// The subject dialog (create within a project and in general, edit keeping what it does not show), the body it
// sends, and the separate delete and discontinue confirmations.
import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, configure, fireEvent, waitFor, within } from '@testing-library/react';
import type { ProjectDTO, SubjectDTO } from '../../../../src/common/dto';
import { SubjectDeleteDialog } from '../../../../src/client/features/subject/subject-delete-dialog';
import { SubjectDialog } from '../../../../src/client/features/subject/subject-dialog';
import { SubjectDiscontinueDialog } from '../../../../src/client/features/subject/subject-discontinue-dialog';
import { subjectBody, subjectFormValues } from '../../../../src/client/features/subject/subject-form';
import { harness, SYS_ADMIN } from '../../components/harness';
import { json, type RecordedCall } from '../../lib/fake-fetch';

configure({ asyncUtilTimeout: 5000 });
const t = suite('subject dialogs');
t.after.each(() => cleanup());

const RADAR: ProjectDTO = { id: 4, projectName: 'radar', description: 'd', location: 'l' };
const SHOWN = { group: false, personName: false, dateOfBirth: false };
const STORED: SubjectDTO = {
  id: 11,
  login: 'abc',
  externalId: 'old',
  status: 'ACTIVATED',
  project: { ...RADAR, organization: { name: 'main' } } as ProjectDTO,
  group: 'control',
  roles: [{ authorityName: 'ROLE_PARTICIPANT', projectName: 'radar' }],
  sources: [{ sourceId: 'a1b2', sourceName: 'watch' } as SubjectDTO['sources'][number]],
  attributes: { participant_group: 'x' },
  createdBy: 'admin',
  enrollmentDate: '2024-01-01T10:00:00Z',
};

t('the body: project by id and name, trimmed texts, date of birth only when valid, hidden fields unchanged', () => {
  const values = { ...subjectFormValues(STORED), externalId: ' new ', dateOfBirth: '1990-02-30', personName: 'Jo' };
  const body = subjectBody(values, STORED, RADAR, SHOWN);
  assert.equal(body.project, { id: 4, projectName: 'radar' });
  assert.is(body.externalId, 'new');
  assert.is(body.dateOfBirth, null);
  assert.equal(body.sources, STORED.sources, 'an edit keeps the sources: PUT takes the complete set');
  assert.is(body.enrollmentDate, STORED.enrollmentDate);
  assert.is(body.createdBy, undefined);
  const hidden = subjectBody({ ...values, group: '', personName: 'ignored' }, STORED, RADAR, { group: true, personName: true, dateOfBirth: true });
  assert.is(hidden.group, 'control');
  assert.is(hidden.personName, undefined === STORED.personName ? null : STORED.personName);
  const created = subjectBody({ ...subjectFormValues(null, 'radar'), dateOfBirth: '2001-04-05' }, null, RADAR, SHOWN);
  assert.is(created.status, 'ACTIVATED');
  assert.is(created.dateOfBirth, '2001-04-05');
  assert.equal(created.sources, []);
  assert.is('login' in created && created.login !== undefined, false);
});

t('create within a project: no project select; POST api/subjects; the list hears CREATE; the popup closes', async () => {
  const posts: RecordedCall[] = [];
  const h = await harness({
    url: '/project/radar(popup:project-subject-new/radar)',
    account: SYS_ADMIN,
    answers: {
      'GET api/projects/radar/groups': json([{ id: 7, name: 'control' }]),
      'GET api/projects/radar': json(RADAR),
      'POST api/subjects': (call) => (posts.push(call), json({ ...STORED, login: 'generated' }, 201)),
    },
  });
  const heard: unknown[] = [];
  h.events.subscribe('subjectListModification', (detail) => heard.push(detail));
  const view = h.render(<SubjectDialog params={{ projectName: 'radar' }} close={() => h.router.closePopup()} />);
  const dialog = await waitFor(() => view.getByRole('dialog'));
  assert.is(within(dialog).queryByLabelText(/Project/), null);
  fireEvent.change(within(dialog).getByLabelText('External id'), { target: { value: 'P-001' } });
  await waitFor(() => within(dialog).getByRole('option', { name: 'control' }));
  fireEvent.change(within(dialog).getByLabelText('Group'), { target: { value: 'control' } });
  fireEvent.change(within(dialog).getByLabelText('Person name'), { target: { value: 'Jo Doe' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => assert.is(posts.length, 1));
  const body = JSON.parse(posts[0].body!);
  assert.equal(body.project, { id: 4, projectName: 'radar' });
  assert.is(body.externalId, 'P-001');
  assert.is(body.group, 'control');
  assert.is(body.personName, 'Jo Doe');
  assert.is(body.status, 'ACTIVATED');
  await waitFor(() => assert.is(h.router.getState().location.popup, null));
  assert.equal(heard, [{ op: 'CREATE', subject: { ...STORED, login: 'generated' } }]);
  assert.equal(h.missing, []);
});

t('general create: the project select is shown and required', async () => {
  const h = await harness({
    url: '/subject',
    account: SYS_ADMIN,
    answers: { 'GET api/projects': json([RADAR]), 'GET api/projects/radar/groups': json([]) },
  });
  await h.session.refreshProjects();
  const view = h.render(<SubjectDialog params={{}} close={() => undefined} />);
  const dialog = await waitFor(() => view.getByRole('dialog'));
  await waitFor(() => within(dialog).getByRole('option', { name: 'radar' }));
  const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  assert.ok(save.disabled);
  fireEvent.change(within(dialog).getByLabelText(/Project/), { target: { value: 'radar' } });
  assert.not.ok(save.disabled);
});

t('edit: loads the subject, PUTs it with its sources and new values, announces UPDATE', async () => {
  const puts: RecordedCall[] = [];
  const h = await harness({
    url: '/project/radar',
    account: SYS_ADMIN,
    answers: {
      'GET api/subjects/abc': json(STORED),
      'GET api/projects/radar/groups': json([{ id: 7, name: 'control' }]),
      'PUT api/subjects': (call) => (puts.push(call), json({ ...STORED, externalId: 'changed' })),
    },
  });
  const heard: unknown[] = [];
  h.events.subscribe('subjectListModification', (detail) => heard.push(detail));
  let closed = false;
  const view = h.render(<SubjectDialog params={{ projectName: 'radar', login: 'abc' }} close={() => (closed = true)} />);
  const dialog = await waitFor(() => view.getByRole('dialog'));
  const externalId = within(dialog).getByLabelText('External id') as HTMLInputElement;
  await waitFor(() => assert.is(externalId.value, 'old'));
  fireEvent.change(externalId, { target: { value: 'changed' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => assert.ok(closed));
  const body = JSON.parse(puts[0].body!);
  assert.is(body.id, 11);
  assert.is(body.login, 'abc');
  assert.is(body.externalId, 'changed');
  assert.equal(body.sources, STORED.sources);
  assert.equal(body.project, { id: 4, projectName: 'radar' });
  assert.is((heard[0] as { op: string }).op, 'UPDATE');
});

t('discontinue: its own confirmation; PUT api/subjects/discontinue with the subject; the lists hear DELETE', async () => {
  const puts: RecordedCall[] = [];
  const h = await harness({
    url: '/project/radar(popup:subject/abc/discontinue)',
    account: SYS_ADMIN,
    answers: {
      'GET api/subjects/abc': json(STORED),
      'PUT api/subjects/discontinue': (call) => (puts.push(call), json({ ...STORED, status: 'DISCONTINUED' })),
    },
  });
  const heard: { op: string }[] = [];
  h.events.subscribe('subjectListModification', (detail) => heard.push(detail as { op: string }));
  const view = h.render(<SubjectDiscontinueDialog params={{ login: 'abc' }} close={() => h.router.closePopup()} />);
  const dialog = await waitFor(() => view.getByRole('dialog'));
  assert.match(dialog.textContent!, /discontinue subject abc/);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Discontinue' }));
  await waitFor(() => assert.is(h.router.getState().location.popup, null));
  const body = JSON.parse(puts[0].body!);
  assert.is(body.id, 11);
  assert.equal(body.project, { id: 4, projectName: 'radar' });
  assert.is(body.createdBy, undefined);
  assert.equal(heard.map((d) => d.op), ['DELETE']);
  assert.is(h.router.getState().location.path, 'project/radar', 'over a list it stays on the list');
});

t('delete from the subject page: DELETE api/subjects/{login}, then back to where the user came from', async () => {
  const deletes: RecordedCall[] = [];
  const h = await harness({
    url: '/project/radar',
    account: SYS_ADMIN,
    answers: { 'DELETE api/subjects/abc': (call) => (deletes.push(call), { status: 200 }) },
  });
  h.router.navigate('subject/abc');
  // The subject page opens its delete and discontinue popups in place of itself (as the original's replaceUrl).
  h.router.navigate('subject/abc(popup:subject/abc/delete)', { replace: true });
  const view = h.render(<SubjectDeleteDialog params={{ login: 'abc' }} close={() => h.router.closePopup()} />);
  const dialog = await waitFor(() => view.getByRole('dialog'));
  assert.match(dialog.textContent!, /delete subject abc/);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => assert.is(deletes.length, 1));
  await waitFor(() => assert.is(h.router.getState().location.path, 'project/radar'));
  assert.is(deletes.length, 1);
});

t.run();
