// Edit and Delete of source types and source data are disabled, with the reason as tooltip and accessible
// description, when the signed-in user may not change the type (docs/catalogue.md, "Who may change a source type").
import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import type { SourceDataDTO, SourceTypeDTO, UserDTO } from '../../../../src/common/dto';
import { SourceTypeDetailPage, SourceTypeListPage } from '../../../../src/client/features/source-type';
import { SourceDataDetailPage, SourceDataListPage } from '../../../../src/client/features/source-data';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';

const P1_ADMIN: UserDTO = { login: 'p1-admin', activated: true, langKey: 'en', roles: [{ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'p1', projectId: 1 }], authorities: ['ROLE_PROJECT_ADMIN'] };
const type = (id: number, model: string, usage: SourceTypeDTO['usage']): SourceTypeDTO =>
  ({ id, producer: 'Acme', model, catalogVersion: 'v1', sourceTypeScope: 'PASSIVE', canRegisterDynamically: false, usage });
const OURS = type(1, 'Ours', { projectCount: 1, projects: [{ projectName: 'p1', organizationName: 'main' }] });
const THEIRS = type(2, 'Theirs', { projectCount: 1, projects: [] });
const UNUSED = type(3, 'Unused', { projectCount: 0, projects: [] });
const TYPES = [OURS, THEIRS, UNUSED];
const OUT_OF_SCOPE = 'Projects outside your scope use this source type: only administrators of every project using it may change or delete it.';
const NO_PROJECT = 'No project uses this source type: only system and organization administrators may change or delete it.';

const row = (id: number, name: string, sourceType?: SourceTypeDTO): SourceDataDTO => ({
  id, sourceDataType: 'ACC', sourceDataName: name, frequency: null, unit: null, processingState: null, dataClass: null, keySchema: null, valueSchema: null,
  topic: 'topic', provider: null, enabled: true,
  ...(sourceType && { sourceType: { id: sourceType.id!, producer: sourceType.producer, model: sourceType.model, catalogVersion: sourceType.catalogVersion } }),
});

/** The Edit or Delete control of a table row, as a link (offered) or a button (refused). */
function action(rowEl: HTMLElement, name: 'Edit' | 'Delete') {
  const scope = within(rowEl);
  // Named with the row: "Edit source type Acme_E4_v1".
  const named = new RegExp(`^${name} `);
  return scope.queryByRole('link', { name: named }) ?? scope.getByRole('button', { name: named });
}

function assertRefused(control: HTMLElement, reason: string) {
  assert.is(control.tagName, 'BUTTON');
  assert.is(control.getAttribute('aria-disabled'), 'true');
  assert.is(control.getAttribute('title'), reason);
  const described = document.getElementById(control.getAttribute('aria-describedby')!);
  assert.is(described?.textContent, reason, 'the reason is the accessible description');
}

const t = suite('source types and source data: actions the user may not take are disabled with the reason');
t.after.each(() => cleanup());

t('source type list as a project admin: its own type offered, another organization\'s and an unused one disabled', async () => {
  const h = await harness({ url: '/source-type', account: P1_ADMIN, answers: { 'GET api/source-types': json(TYPES) } });
  await act(() => tick(5));
  const view = h.render(<SourceTypeListPage params={{}} close={() => {}} />);
  const rowOf = (model: string) => view.getAllByRole('row').find((r) => r.textContent?.includes(model))!;
  assert.is(action(rowOf('Ours'), 'Edit').tagName, 'A');
  assert.is(action(rowOf('Ours'), 'Delete').tagName, 'A');
  assertRefused(action(rowOf('Theirs'), 'Edit'), OUT_OF_SCOPE);
  assertRefused(action(rowOf('Theirs'), 'Delete'), OUT_OF_SCOPE);
  assertRefused(action(rowOf('Unused'), 'Edit'), NO_PROJECT);
  assertRefused(action(rowOf('Unused'), 'Delete'), NO_PROJECT);
  fireEvent.click(action(rowOf('Theirs'), 'Edit'));
  assert.is(h.router.getState().location.popup, null, 'a refused action opens nothing');
  fireEvent.click(action(rowOf('Ours'), 'Edit'));
  assert.is(h.router.getState().location.popup, 'source-type/Acme/Ours/v1/edit', 'an offered one opens its dialog');
  assert.equal(h.missing, []);
});

t('source type list as a system admin: every action offered', async () => {
  const h = await harness({ url: '/source-type', account: SYS_ADMIN, answers: { 'GET api/source-types': json(TYPES) } });
  await act(() => tick(5));
  const view = h.render(<SourceTypeListPage params={{}} close={() => {}} />);
  assert.is(view.queryAllByRole('button', { name: /Edit|Delete/ }).length, 0);
  assert.is(view.getAllByRole('link', { name: /^Edit / }).length, 3);
});

t('source type detail: Edit disabled with the reason for a type used outside the user\'s scope, in Dutch too', async () => {
  const h = await harness({ url: '/source-type/Acme/Theirs/v1', account: P1_ADMIN, language: 'nl', answers: { 'GET api/source-types': json(TYPES) } });
  await act(() => tick(5));
  const view = h.render(<SourceTypeDetailPage params={{ sourceTypeProducer: 'Acme', sourceTypeModel: 'Theirs', catalogVersion: 'v1' }} close={() => {}} />);
  const edit = await waitFor(() => view.getByRole('button', { name: 'Bewerken' }));
  assertRefused(edit, 'Projecten buiten uw bereik gebruiken dit brontype: alleen beheerders van elk project dat het gebruikt mogen het wijzigen of verwijderen.');
  assert.equal(h.missing, []);
});

t('source data list and detail: the row\'s type decides; a row without a type needs an organization admin', async () => {
  const rows = [row(1, 'OURS_ACC', OURS), row(2, 'THEIRS_ACC', THEIRS), row(3, 'LOOSE')];
  const h = await harness({
    url: '/source-data', account: P1_ADMIN,
    answers: { 'GET api/source-types': json(TYPES), 'GET api/source-data': json(rows, 200, { 'X-Total-Count': '3' }), 'GET api/source-data/THEIRS_ACC': json(rows[1]) },
  });
  await act(() => tick(5));
  const view = h.render(<SourceDataListPage params={{}} close={() => {}} />);
  await waitFor(() => assert.ok(view.getByRole('link', { name: 'LOOSE' })));
  const rowOf = (name: string) => view.getAllByRole('row').find((r) => within(r).queryByRole('link', { name }))!;
  assert.is(action(rowOf('OURS_ACC'), 'Edit').tagName, 'A');
  assert.is(action(rowOf('OURS_ACC'), 'Delete').tagName, 'A');
  const outside = 'Projects outside your scope use the source type of this source data: only administrators of every project using it may change or delete it.';
  assertRefused(action(rowOf('THEIRS_ACC'), 'Edit'), outside);
  assertRefused(action(rowOf('THEIRS_ACC'), 'Delete'), outside);
  assertRefused(action(rowOf('LOOSE'), 'Delete'), 'No project uses the source type of this source data (or it has none): only system and organization administrators may change or delete it.');
  cleanup();
  const detail = h.render(<SourceDataDetailPage params={{ sourceDataName: 'THEIRS_ACC' }} close={() => {}} />);
  assertRefused(await waitFor(() => detail.getByRole('button', { name: 'Edit' })), outside);
  assert.equal(h.missing, []);
});

t.run();
