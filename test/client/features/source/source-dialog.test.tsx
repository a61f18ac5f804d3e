import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor } from '@testing-library/react';
import { SourceDeleteDialog, SourceDialog } from '../../../../src/client/features/source';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';
import { source, WEAR } from './fixtures';

const t = suite('source-dialog');
t.after.each(() => cleanup());

const change = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

t('create in a project: the project is fixed, types are the project\'s, save posts the SourceDTO and announces it', async () => {
  let closed = 0;
  const h = await harness({
    account: SYS_ADMIN,
    answers: {
      'GET api/projects': json([{ id: 1, projectName: 'radar' }]),
      'GET api/projects/radar/source-types': json([WEAR]),
      'POST api/sources': json(source(7, 'dev-7'), 201),
    },
  });
  await h.session.refreshProjects();
  const saved: unknown[] = [];
  h.events.subscribe('sourceListModification', (detail) => saved.push(detail));
  const view = h.render(<SourceDialog params={{ projectName: 'radar' }} close={() => closed++} />);
  const project = view.getByLabelText(/Project/) as HTMLSelectElement;
  assert.is(project.value, 'radar');
  assert.ok(project.disabled);
  await waitFor(() => assert.ok(view.getByRole('option', { name: 'acme wear v1' })));
  const save = view.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  change(view.getByLabelText(/Source name/), 'bad/name');
  assert.ok(save.disabled);
  change(view.getByLabelText(/^Source name/), 'dev-7');
  change(view.getByLabelText(/Source type/), '3');
  change(view.getByLabelText(/Expected source name/), ' E7 ');
  assert.not.ok(save.disabled);
  await act(async () => {
    fireEvent.click(save);
    await tick(10);
  });
  const post = h.calls.find((c) => c.method === 'POST')!;
  assert.equal(JSON.parse(post.body!), {
    sourceName: 'dev-7', expectedSourceName: 'E7', assigned: false, sourceType: { id: 3 }, project: { projectName: 'radar' }, attributes: {},
  });
  assert.is(closed, 1);
  assert.is(saved.length, 1);
  assert.equal(h.missing, []);
});

t('edit: loads the source, keeps its type, puts the whole DTO back', async () => {
  let closed = 0;
  const stored = source(1, 'dev-1', { attributes: { os: 'x' }, assigned: true, subjectLogin: 'sub-1' });
  const h = await harness({
    account: SYS_ADMIN,
    answers: {
      'GET api/sources/dev-1': json(stored),
      'GET api/projects/radar/source-types': json([WEAR]),
      'PUT api/sources': json({ ...stored, sourceName: 'dev-1b' }),
    },
  });
  const view = h.render(<SourceDialog params={{ sourceName: 'dev-1' }} close={() => closed++} />);
  await waitFor(() => assert.is((view.getByLabelText(/^Source name/) as HTMLInputElement).value, 'dev-1'));
  assert.ok((view.getByLabelText(/Source type/) as HTMLSelectElement).disabled);
  change(view.getByLabelText(/^Source name/), 'dev-1b');
  await act(async () => {
    fireEvent.click(view.getByRole('button', { name: 'Save' }));
    await tick(10);
  });
  const body = JSON.parse(h.calls.find((c) => c.method === 'PUT')!.body!);
  assert.equal([body.id, body.sourceName, body.assigned, body.subjectLogin, body.sourceType.id, body.attributes], [1, 'dev-1b', true, 'sub-1', 3, { os: 'x' }]);
  assert.is(closed, 1);
  assert.equal(h.missing, []);
});

t('delete: confirms, deletes, announces; a refusal stays in the dialog', async () => {
  let closed = 0;
  const h = await harness({
    account: SYS_ADMIN,
    answers: {
      'DELETE api/sources/dev-1': { status: 200 },
      'DELETE api/sources/dev-2': { status: 400, headers: { 'X-managementPortalApp-error': 'error.sourceIsAssigned', 'X-managementPortalApp-params': 'source' } },
    },
  });
  const view = h.render(<SourceDeleteDialog params={{ sourceName: 'dev-1' }} close={() => closed++} />);
  assert.ok(view.getByText('Are you sure you want to delete source dev-1?'));
  await act(async () => {
    fireEvent.click(view.getByRole('button', { name: 'Delete' }));
    await tick(10);
  });
  assert.ok(h.calls.some((c) => c.method === 'DELETE' && c.url === 'api/sources/dev-1'));
  assert.is(closed, 1);
  cleanup();
  const refused = h.render(<SourceDeleteDialog params={{ sourceName: 'dev-2' }} close={() => closed++} />);
  await act(async () => {
    fireEvent.click(refused.getByRole('button', { name: 'Delete' }));
    await tick(10);
  });
  assert.is(closed, 1, 'still open');
  assert.equal(h.missing, []);
});

t.run();
