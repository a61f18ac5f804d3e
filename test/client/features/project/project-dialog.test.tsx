import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import type { OrganizationDTO, ProjectDTO, SourceTypeDTO, UserDTO } from '../../../../src/common/dto';
import { ProjectDialog } from '../../../../src/client/features/project';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';

const org = (id: number, name: string): OrganizationDTO => ({ id, name, description: '', location: '', projects: [] });
const type = (id: number, producer: string, model: string): SourceTypeDTO => ({
  id, producer, model, catalogVersion: 'v1', sourceTypeScope: 'PASSIVE', canRegisterDynamically: false,
});
const ORGS = [org(1, 'main'), org(2, 'second'), org(3, 'third')];
const TYPES = [type(10, 'Empatica', 'E4'), type(11, 'Fitbit', 'Charge')];

async function dialog(account: UserDTO, params: Record<string, string>, url: string, answers = {}) {
  let closed = 0;
  const h = await harness({
    url,
    account,
    answers: {
      'GET api/organizations': json(ORGS),
      'GET api/source-types': json(TYPES),
      'POST api/projects': (call) => json({ id: 5, ...JSON.parse(call.body!) }, 201),
      'PUT api/projects': (call) => json(JSON.parse(call.body!)),
      ...answers,
    },
  });
  await act(() => tick(5));
  const view = h.render(<ProjectDialog params={params} close={() => closed++} />);
  return { h, view, closed: () => closed };
}

const change = (element: Element, value: string) => fireEvent.change(element, { target: { value } });

const t = suite('project dialog');
t.after.each(() => cleanup());

t('creating: every field, the copy checkbox, dates at 00:00 and 23:59, attributes and source types', async () => {
  const { h, view, closed } = await dialog(SYS_ADMIN, { organizationName: 'second' }, '/organization/second(popup:organization/second/project-new)');
  assert.ok(view.getByText('The project name cannot be changed after the project is created.'));
  const copy = view.getByLabelText('Use the project name as human readable name') as HTMLInputElement;
  assert.ok(copy.checked, 'copying is on by default');
  const organization = view.getByLabelText(/^Organization/) as HTMLSelectElement;
  assert.is(organization.value, 'second');
  assert.equal([...organization.options].map((o) => o.value), ['', 'main', 'second', 'third']);

  change(view.getByLabelText(/^Project name/), 'new-study');
  assert.is((view.getByLabelText(/^Human readable project name/) as HTMLInputElement).value, 'new-study');
  change(view.getByLabelText(/^Description/), 'About it');
  change(view.getByLabelText(/^Location/), 'Utrecht');
  change(view.getByLabelText(/^Status/), 'PLANNING');
  change(view.getByLabelText(/^Start date/), '2024-02-01');
  change(view.getByLabelText(/^End date/), '2024-11-30');

  const editor = document.querySelector('mp-dictionary-editor')!;
  act(() => {
    editor.dispatchEvent(new CustomEvent('mp-dictionary-change', { detail: { value: { Phase: '1' } } }));
  });

  const search = view.getByRole('combobox', { name: 'Source types' });
  change(search, 'emp');
  await act(() => tick(250));
  assert.equal(within(view.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent), ['Empatica_E4_v1']);
  fireEvent.click(within(view.getByRole('listbox')).getByRole('option', { name: 'Empatica_E4_v1' }));
  assert.ok(view.getByRole('button', { name: 'Remove source type Empatica_E4_v1' }));
  change(search, 'v1');
  await act(() => tick(250));
  assert.equal(within(view.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent), ['Fitbit_Charge_v1'], 'chosen ones are not offered again');

  await act(async () => {
    fireEvent.click(view.getByRole('button', { name: 'Save' }));
    await tick(10);
  });
  const body = JSON.parse(h.calls.find((c) => c.method === 'POST')!.body!) as ProjectDTO;
  assert.is(body.projectName, 'new-study');
  assert.is(body.humanReadableProjectName, 'new-study');
  assert.is(body.organization?.name, 'second');
  assert.is(body.organization?.id, 2);
  assert.is(body.projectStatus, 'PLANNING');
  assert.is(body.startDate, '2024-02-01T00:00');
  assert.is(body.endDate, '2024-11-30T23:59');
  assert.equal(body.attributes, { Phase: '1' });
  assert.equal(body.sourceTypes?.map((s) => s.id), [10]);
  assert.ok(h.session.store.getState().projects.some((p) => p.projectName === 'new-study'));
  assert.is(closed(), 1, 'created from the organization page: the popup closes');
  assert.equal(h.missing, []);
});

t('an end date before the start date: a field error under End date, and Save stays off', async () => {
  const { h, view } = await dialog(SYS_ADMIN, { organizationName: 'second' }, '/organization/second(popup:organization/second/project-new)');
  change(view.getByLabelText(/^Project name/), 'backwards');
  change(view.getByLabelText(/^Description/), 'About it');
  change(view.getByLabelText(/^Location/), 'Utrecht');
  change(view.getByLabelText(/^Start date/), '2024-06-01');
  change(view.getByLabelText(/^End date/), '2024-05-31');
  assert.ok(view.getByText('The end date cannot be before the start date.'));
  const save = view.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  assert.ok(save.disabled);
  change(view.getByLabelText(/^End date/), '2024-06-01');
  assert.is(view.queryByText('The end date cannot be before the start date.'), null);
  assert.not.ok(save.disabled, 'the same day is fine');
  assert.equal(h.missing, []);
});

t('unchecking copy lets the human-readable name differ; clicking a chosen source type removes it', async () => {
  const existing: ProjectDTO = {
    id: 4, projectName: 'radar', description: 'd', location: 'l', organization: org(1, 'main'), organizationName: 'main',
    attributes: {}, sourceTypes: [TYPES[0], TYPES[1]],
  };
  const { h, view } = await dialog(SYS_ADMIN, { organizationName: 'main', projectName: 'radar' }, '/project/radar(popup:organization/main/project/radar/edit)?tab=groups', {
    'GET api/projects/radar': json(existing),
  });
  await waitFor(() => assert.is((view.getByLabelText(/^Project name/) as HTMLInputElement).value, 'radar'));
  assert.ok((view.getByLabelText(/^Project name/) as HTMLInputElement).readOnly, 'the name cannot change');
  assert.is(view.queryByText('The project name cannot be changed after the project is created.'), null, 'warning only on creation');
  fireEvent.click(view.getByLabelText('Use the project name as human readable name'));
  change(view.getByLabelText(/^Human readable project name/), 'RADAR');
  fireEvent.click(view.getByRole('button', { name: 'Remove source type Fitbit_Charge_v1' }));
  await act(async () => {
    fireEvent.click(view.getByRole('button', { name: 'Save' }));
    await tick(10);
  });
  const body = JSON.parse(h.calls.find((c) => c.method === 'PUT')!.body!) as ProjectDTO;
  assert.is(body.id, 4);
  assert.is(body.humanReadableProjectName, 'RADAR');
  assert.equal(body.sourceTypes?.map((s) => s.id), [10]);
  assert.is(h.history.location.pathname + h.history.location.search, '/project/radar?tab=groups', 'saved from the project page: goes there');
});

t('an organization admin chooses only among its organizations', async () => {
  const orgAdmin: UserDTO = {
    login: 'oa', activated: true,
    roles: [{ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'main' }, { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'third' }],
  };
  const { view } = await dialog(orgAdmin, { organizationName: 'main' }, '/organization/main(popup:organization/main/project-new)');
  const organization = view.getByLabelText(/^Organization/) as HTMLSelectElement;
  assert.equal([...organization.options].map((o) => o.value), ['', 'main', 'third']);
  assert.not.ok(organization.disabled);
});

t.run();
