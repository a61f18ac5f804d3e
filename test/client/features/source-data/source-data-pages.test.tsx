// Source-data screens: the server-paged list (page and sort from the URL, item count, boundary links), the detail
// page, the create/edit dialog (source type from the cache, blank fields as null) and the delete confirmation.
import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor } from '@testing-library/react';
import type { SourceDataDTO, SourceTypeDTO } from '../../../../src/common/dto';
import { SourceDataDeleteDialog, SourceDataDetailPage, SourceDataDialog, SourceDataListPage } from '../../../../src/client/features/source-data';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';

const E4: SourceTypeDTO = { id: 2, producer: 'Empatica', model: 'E4', catalogVersion: 'v1', sourceTypeScope: 'PASSIVE', canRegisterDynamically: false };
const data = (id: number, name: string): SourceDataDTO => ({
  id, sourceDataType: 'ACC', sourceDataName: name, frequency: '32', unit: 'g', processingState: 'RAW', dataClass: null, keySchema: 'key', valueSchema: 'value',
  topic: 'topic', provider: 'p', enabled: false, sourceType: { id: 2, producer: 'Empatica', model: 'E4', catalogVersion: 'v1' },
});

const t = suite('source-data pages');
t.after.each(() => cleanup());

t('list: asks the page and sort of the URL, shows the item count and pagination, links rows', async () => {
  const rows = Array.from({ length: 20 }, (_, i) => data(21 + i, `D${21 + i}`));
  const h = await harness({
    url: '/source-data?page=2&sort=sourceDataName,desc',
    account: SYS_ADMIN,
    answers: { 'GET api/source-data': json(rows, 200, { 'X-Total-Count': '45' }) },
  });
  const view = h.render(<SourceDataListPage params={{}} close={() => {}} />);
  await waitFor(() => assert.ok(view.getByRole('link', { name: 'D21' })));
  const call = h.calls.find((c) => c.url.startsWith('api/source-data'))!;
  const query = new URL(call.url, 'http://x/').searchParams;
  assert.equal([query.get('page'), query.get('size'), query.getAll('sort')], ['1', '20', ['sourceDataName,desc', 'id']]);
  assert.ok(view.getByText(/21 - 40 of 45/));
  assert.ok(view.getAllByRole('link', { name: 'Empatica E4 v1' }).length === 20);
  assert.ok(view.getByRole('link', { name: 'Create source data' }));
  assert.equal(h.missing, []);
});

t('detail: the fields, the source type link, and "not found" for an unknown name', async () => {
  const h = await harness({ url: '/source-data/E4_ACC', account: SYS_ADMIN, answers: { 'GET api/source-data/E4_ACC': json(data(3, 'E4_ACC')), 'GET api/source-data/nope': json({}, 404) } });
  const view = h.render(<SourceDataDetailPage params={{ sourceDataName: 'E4_ACC' }} close={() => {}} />);
  await waitFor(() => assert.ok(view.getByText('value')));
  assert.is(view.getByRole('link', { name: 'Empatica E4 v1' }).getAttribute('href')!.replace(/^#/, ''), '/source-type/Empatica/E4/v1');
  cleanup();
  const missing = h.render(<SourceDataDetailPage params={{ sourceDataName: 'nope' }} close={() => {}} />);
  await waitFor(() => assert.ok(missing.getByText('No source data found with name nope')));
  assert.equal(h.missing, []);
});

t('create: required type and name with the name pattern; the source type from the cache; blanks sent as null', async () => {
  let closed = 0;
  const h = await harness({
    url: '/source-data(popup:source-data-new)',
    account: SYS_ADMIN,
    answers: { 'GET api/source-types': json([E4]), 'POST api/source-data': (call) => json({ id: 5, ...JSON.parse(call.body!) }, 201) },
  });
  await act(() => tick(5));
  const view = h.render(<SourceDataDialog params={{}} close={() => closed++} />);
  const save = view.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  assert.ok(save.disabled);
  fireEvent.change(view.getByLabelText(/^Source data type/), { target: { value: 'TEMP' } });
  fireEvent.change(view.getByLabelText(/^Source data name/), { target: { value: 'bad/name' } });
  assert.ok(save.disabled);
  fireEvent.change(view.getByLabelText(/^Source data name/), { target: { value: 'E4_TEMP' } });
  fireEvent.change(view.getByLabelText(/^Source type/), { target: { value: '2' } });
  fireEvent.change(view.getByLabelText(/^Unit/), { target: { value: 'C' } });
  await act(async () => fireEvent.click(save));
  await waitFor(() => assert.is(closed, 1));
  const body = JSON.parse(h.calls.find((c) => c.method === 'POST')!.body!);
  assert.equal(body, { sourceDataType: 'TEMP', sourceDataName: 'E4_TEMP', processingState: null, sourceType: { id: 2 }, topic: null, keySchema: null, valueSchema: null, frequency: null, unit: 'C' });
  assert.equal(h.missing, []);
});

t('edit: loads the row and keeps fields the dialog does not show', async () => {
  let closed = 0;
  const h = await harness({
    url: '/source-data(popup:source-data/E4_ACC/edit)',
    account: SYS_ADMIN,
    answers: { 'GET api/source-types': json([E4]), 'GET api/source-data/E4_ACC': json(data(3, 'E4_ACC')), 'PUT api/source-data': (call) => json(JSON.parse(call.body!)) },
  });
  await act(() => tick(5));
  const view = h.render(<SourceDataDialog params={{ sourceDataName: 'E4_ACC' }} close={() => closed++} />);
  await waitFor(() => assert.is((view.getByLabelText(/^Source data name/) as HTMLInputElement).value, 'E4_ACC'));
  assert.is((view.getByLabelText(/^Source type/) as HTMLSelectElement).value, '2');
  fireEvent.change(view.getByLabelText(/^Frequency/), { target: { value: '64' } });
  await act(async () => fireEvent.click(view.getByRole('button', { name: 'Save' })));
  await waitFor(() => assert.is(closed, 1));
  const body = JSON.parse(h.calls.find((c) => c.method === 'PUT')!.body!);
  assert.equal([body.id, body.frequency, body.provider, body.enabled, body.sourceType], [3, '64', 'p', false, { id: 2 }]);
});

t('delete: confirms and calls DELETE by name', async () => {
  let closed = 0;
  const h = await harness({ url: '/source-data', account: SYS_ADMIN, answers: { 'DELETE api/source-data/E4%20ACC': json(null) } });
  const view = h.render(<SourceDataDeleteDialog params={{ sourceDataName: 'E4 ACC' }} close={() => closed++} />);
  assert.ok(view.getByText('Are you sure you want to delete source data E4 ACC?'));
  await act(async () => fireEvent.click(view.getByRole('button', { name: 'Delete' })));
  await waitFor(() => assert.is(closed, 1));
  assert.equal(h.missing, []);
});

t('deleted over its own page, the row leaves that page for the list', async () => {
  let closed = 0;
  const h = await harness({ url: '/source-data/E4%20ACC', account: SYS_ADMIN, answers: { 'DELETE api/source-data/E4%20ACC': json(null) } });
  const view = h.render(<SourceDataDeleteDialog params={{ sourceDataName: 'E4 ACC' }} close={() => closed++} />);
  await act(async () => fireEvent.click(view.getByRole('button', { name: 'Delete' })));
  await waitFor(() => assert.is(h.router.getState().location.path, 'source-data'));
  assert.is(closed, 0);
});

t.run();
