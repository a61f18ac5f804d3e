import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor } from '@testing-library/react';
import type { MinimalSourceDetailsDTO } from '../../../../src/common/dto';
import { SourceAssignerDialog } from '../../../../src/client/features/subject';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';

const t = suite('source-assigner');
t.after.each(() => cleanup());

const minimal = (id: number, sourceName: string, assigned: boolean): MinimalSourceDetailsDTO => ({
  id, sourceTypeId: 3, sourceTypeProducer: 'acme', sourceTypeModel: 'wear', sourceTypeCatalogVersion: 'v1', expectedSourceName: null,
  sourceId: `00000000-0000-4000-8000-00000000000${id}`, sourceName, assigned, attributes: {},
});

const SUBJECT = { id: 9, login: 'sub-1', status: 'ACTIVATED', project: { id: 1, projectName: 'radar' }, roles: [], attributes: {}, sources: [minimal(1, 'dev-1', true)] };

t('shows assigned and free sources; add, remove and save put the subject with the new list', async () => {
  let closed = 0;
  const h = await harness({
    account: SYS_ADMIN,
    answers: {
      'GET api/subjects/sub-1': json(SUBJECT),
      'GET api/projects/radar/sources': json([minimal(2, 'dev-2', false)]),
      'PUT api/subjects': json({ ...SUBJECT, sources: [minimal(2, 'dev-2', true)] }),
    },
  });
  const updates: unknown[] = [];
  h.events.subscribe('subjectListModification', (detail) => updates.push(detail));
  const view = h.render(<SourceAssignerDialog params={{ login: 'sub-1' }} close={() => closed++} />);
  await waitFor(() => assert.ok(view.getByRole('button', { name: 'Add dev-2' })));
  assert.ok(h.calls.some((c) => c.url === 'api/projects/radar/sources?assigned=false&minimized=true'));
  assert.ok(view.getByText('Sources of subject sub-1 in project radar'));
  fireEvent.click(view.getByRole('button', { name: 'Remove dev-1' }));
  assert.ok(view.getByRole('button', { name: 'Add dev-1' }), 'a removed source is available again');
  fireEvent.click(view.getByRole('button', { name: 'Add dev-2' }));
  assert.ok(view.getByRole('button', { name: 'Remove dev-2' }));
  await act(async () => {
    fireEvent.click(view.getByRole('button', { name: 'Save' }));
    await tick(10);
  });
  const body = JSON.parse(h.calls.find((c) => c.method === 'PUT')!.body!);
  assert.equal(body.sources.map((s: MinimalSourceDetailsDTO) => s.sourceName), ['dev-2']);
  assert.is(body.login, 'sub-1');
  assert.is(closed, 1);
  assert.equal(updates.length, 1);
  assert.equal(h.missing, []);
});

t('no free sources: says so; a failed save keeps the dialog open', async () => {
  let closed = 0;
  const h = await harness({
    account: SYS_ADMIN,
    answers: {
      'GET api/subjects/sub-1': json({ ...SUBJECT, sources: [] }),
      'GET api/projects/radar/sources': json([]),
      'PUT api/subjects': json({ message: 'error.validation' }, 400),
    },
  });
  const view = h.render(<SourceAssignerDialog params={{ login: 'sub-1' }} close={() => closed++} />);
  await waitFor(() => assert.ok(view.getByText('No unassigned sources in this project.')));
  assert.ok(view.getByText('No sources assigned.'));
  await act(async () => {
    fireEvent.click(view.getByRole('button', { name: 'Save' }));
    await tick(10);
  });
  assert.is(closed, 0);
  assert.not.ok((view.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled);
  assert.equal(h.missing, []);
});

t.run();
