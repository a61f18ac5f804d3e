// Source-type screens: the cached list sorted in the browser, the detail page from the cache (or the server), the
// dialog with its source-data rows (validity, body sent) and the delete confirmation.
import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import type { SourceTypeDTO } from '../../../../src/common/dto';
import { SourceTypeDeleteDialog, SourceTypeDetailPage, SourceTypeDialog, SourceTypeListPage } from '../../../../src/client/features/source-type';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';

const E4: SourceTypeDTO = {
  id: 2, producer: 'Empatica', model: 'E4', catalogVersion: 'v1', sourceTypeScope: 'PASSIVE', canRegisterDynamically: false, name: 'Wristband',
  sourceData: [{ id: 7, sourceDataType: 'ACC', sourceDataName: 'E4_ACC', frequency: '32', unit: 'g', processingState: 'RAW', dataClass: null, keySchema: null, valueSchema: null, topic: 't', provider: 'p', enabled: true }],
};
const APP: SourceTypeDTO = { id: 1, producer: 'THINC-IT', model: 'App', catalogVersion: 'v1', sourceTypeScope: 'ACTIVE', canRegisterDynamically: true };
const KEY = { sourceTypeProducer: 'Empatica', sourceTypeModel: 'E4', catalogVersion: 'v1' };

const t = suite('source-type pages');
t.after.each(() => cleanup());

t('list: sorted client-side by id by default, by the URL sort otherwise; badges, data links and actions', async () => {
  const h = await harness({ url: '/source-type', account: SYS_ADMIN, answers: { 'GET api/source-types': json([E4, APP]) } });
  await act(() => tick(5));
  const view = h.render(<SourceTypeListPage params={{}} close={() => {}} />);
  const producers = () => view.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1].textContent);
  assert.equal(producers(), ['THINC-IT', 'Empatica']);
  assert.ok(view.getByText('dynamic'));
  assert.ok(view.getByText('manual'));
  assert.is(view.getByRole('link', { name: 'ACC' }).getAttribute('href')!.replace(/^#/, ''), '/source-data/E4_ACC');
  assert.ok(view.getByRole('link', { name: 'Create a source type' }));
  await act(async () => h.router.navigate('source-type?sort=producer,asc'));
  assert.equal(producers(), ['Empatica', 'THINC-IT']);
  const e4Row = view.getAllByRole('row').find((row) => row.textContent?.includes('Empatica'))!;
  const href = within(e4Row).getByRole('link', { name: 'Delete source type Empatica_E4_v1' }).getAttribute('href')!;
  assert.ok(href.includes('(popup:source-type/Empatica/E4/v1/delete)'), href);
  assert.equal(h.missing, []);
});

t('detail: fields and source data links from the cache; an unknown type says so', async () => {
  const h = await harness({ url: '/source-type/Empatica/E4/v1', account: SYS_ADMIN, answers: { 'GET api/source-types': json([E4]), 'GET api/source-types/Nope/X/v1': json({}, 404) } });
  await act(() => tick(5));
  const view = h.render(<SourceTypeDetailPage params={KEY} close={() => {}} />);
  assert.ok(view.getByText('Wristband'));
  assert.ok(view.getByText('Passive'));
  assert.is(view.getByRole('link', { name: 'E4_ACC' }).getAttribute('href')!.replace(/^#/, ''), '/source-data/E4_ACC');
  cleanup();
  const missing = h.render(<SourceTypeDetailPage params={{ sourceTypeProducer: 'Nope', sourceTypeModel: 'X', catalogVersion: 'v1' }} close={() => {}} />);
  await waitFor(() => assert.ok(missing.getByText('No source type found with spec Nope, X, v1')));
  assert.equal(h.missing, []);
});

t('create: a source data row must be valid before saving; the body carries the row; the cache refreshes', async () => {
  let closed = 0;
  const h = await harness({
    url: '/source-type(popup:source-type-new)',
    account: SYS_ADMIN,
    answers: { 'POST api/source-types': (call) => json({ id: 9, ...JSON.parse(call.body!) }, 201) },
  });
  const view = h.render(<SourceTypeDialog params={{}} close={() => closed++} />);
  const save = view.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  assert.ok(save.disabled);
  fireEvent.change(view.getByLabelText(/^Producer/), { target: { value: 'Acme' } });
  fireEvent.change(view.getByLabelText(/^Model/), { target: { value: 'Band' } });
  fireEvent.change(view.getByLabelText(/^Catalog version/), { target: { value: 'v2' } });
  fireEvent.change(view.getByLabelText(/^Scope/), { target: { value: 'ACTIVE' } });
  assert.not.ok(save.disabled);
  fireEvent.click(view.getByRole('button', { name: 'Add source data' }));
  assert.ok(save.disabled, 'an empty row is invalid');
  const row = within(view.getByRole('region', { name: 'Source data 1' }));
  fireEvent.change(row.getByLabelText(/^Source data type/), { target: { value: 'ACC' } });
  fireEvent.change(row.getByLabelText(/^Source data name/), { target: { value: 'bad/name' } });
  assert.ok(row.getByText(/can only contain alphanumerics/));
  fireEvent.change(row.getByLabelText(/^Source data name/), { target: { value: 'ACME_ACC' } });
  fireEvent.change(row.getByLabelText(/^Processing state/), { target: { value: 'RAW' } });
  assert.not.ok(save.disabled);
  await act(async () => fireEvent.click(save));
  await waitFor(() => assert.is(closed, 1));
  const post = h.calls.find((c) => c.method === 'POST')!;
  const body = JSON.parse(post.body!);
  assert.equal([body.producer, body.model, body.catalogVersion, body.sourceTypeScope, body.canRegisterDynamically, body.name], ['Acme', 'Band', 'v2', 'ACTIVE', false, null]);
  assert.equal(body.sourceData, [{ id: null, sourceDataType: 'ACC', sourceDataName: 'ACME_ACC', processingState: 'RAW', topic: null, keySchema: null, valueSchema: null, frequency: null, unit: null }]);
  assert.ok(h.calls.filter((c) => c.url === 'api/source-types').length >= 1, 'the cached list is refetched');
  assert.equal(h.missing, []);
});

t('edit: loads the type, keeps row ids and fields the dialog does not show, removes rows', async () => {
  let closed = 0;
  const h = await harness({
    url: '/source-type(popup:source-type/Empatica/E4/v1/edit)',
    account: SYS_ADMIN,
    answers: { 'GET api/source-types': json([E4]), 'PUT api/source-types': (call) => json(JSON.parse(call.body!)) },
  });
  await act(() => tick(5));
  const view = h.render(<SourceTypeDialog params={KEY} close={() => closed++} />);
  await waitFor(() => assert.is((view.getByLabelText(/^Producer/) as HTMLInputElement).value, 'Empatica'));
  fireEvent.change(view.getByLabelText(/^Description/), { target: { value: 'Worn on the wrist' } });
  fireEvent.click(view.getByRole('button', { name: 'Add source data' }));
  fireEvent.click(view.getByRole('button', { name: 'Remove source data row 2' }));
  await act(async () => fireEvent.click(view.getByRole('button', { name: 'Save' })));
  await waitFor(() => assert.is(closed, 1));
  const body = JSON.parse(h.calls.find((c) => c.method === 'PUT')!.body!);
  assert.is(body.id, 2);
  assert.is(body.description, 'Worn on the wrist');
  assert.equal(body.sourceData.map((d: { id: number; provider: string; enabled: boolean }) => [d.id, d.provider, d.enabled]), [[7, 'p', true]]);
});

t('delete: confirms, calls DELETE on the triple and refreshes the cache', async () => {
  let closed = 0;
  const h = await harness({ url: '/source-type', account: SYS_ADMIN, answers: { 'DELETE api/source-types/Empatica/E4/v1': json(null) } });
  const view = h.render(<SourceTypeDeleteDialog params={KEY} close={() => closed++} />);
  assert.ok(view.getByText(/delete source type Empatica E4 v1\?/));
  await act(async () => fireEvent.click(view.getByRole('button', { name: 'Delete' })));
  await waitFor(() => assert.is(closed, 1));
  assert.ok(h.calls.some((c) => c.method === 'DELETE'));
  assert.equal(h.missing, []);
});

t('deleted over its own page, the type leaves that page for the list', async () => {
  let closed = 0;
  const h = await harness({ url: '/source-type/Empatica/E4/v1', account: SYS_ADMIN, answers: { 'DELETE api/source-types/Empatica/E4/v1': json(null) } });
  const view = h.render(<SourceTypeDeleteDialog params={KEY} close={() => closed++} />);
  await act(async () => fireEvent.click(view.getByRole('button', { name: 'Delete' })));
  await waitFor(() => assert.is(h.router.getState().location.path, 'source-type'));
  assert.is(closed, 0);
});

t.run();
