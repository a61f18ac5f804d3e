import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ProjectDTO, SourceTypeDTO, UserDTO } from '../../../../src/common/dto';
import { organizationChoices } from '../../../../src/client/features/project/organization-choices';
import { dayOf, endDateTime, startDateTime } from '../../../../src/client/features/project/project-dates';
import {
  formValuesOf,
  matchingSourceTypes,
  projectBody,
  sourceTypeLabel,
  withoutSourceType,
} from '../../../../src/client/features/project/project-form-model';

const type = (id: number, producer: string, model: string, catalogVersion: string): SourceTypeDTO => ({
  id, producer, model, catalogVersion, sourceTypeScope: 'PASSIVE', canRegisterDynamically: false,
});
const e4 = type(1, 'Empatica', 'E4', 'v1');
const charge = type(2, 'Fitbit', 'Charge', 'v2');

test('dates are sent at 00:00 and 23:59 and read back as the calendar day on the wire', () => {
  assert.is(startDateTime('2024-03-01'), '2024-03-01T00:00');
  assert.is(endDateTime('2024-03-31'), '2024-03-31T23:59');
  assert.is(startDateTime(''), undefined);
  assert.is(dayOf('2024-03-31T23:59:00.000Z'), '2024-03-31');
  assert.is(dayOf(undefined), '');
});

test('a new project copies its name by default and keeps the organization it is created in', () => {
  const values = formValuesOf(undefined, 'main');
  assert.is(values.copyName, true);
  assert.is(values.organizationName, 'main');
  const body = projectBody({ ...values, projectName: 'radar', description: 'd', location: 'l', startDate: '2024-01-02', endDate: '' }, undefined, undefined);
  assert.is(body.humanReadableProjectName, 'radar');
  assert.is(body.startDate, '2024-01-02T00:00');
  assert.is(body.endDate, undefined);
  assert.is(body.organization?.name, 'main');
  assert.not.ok('id' in body);
});

test('an existing project: the human-readable name attribute is edited as its own field, the rest kept', () => {
  const project: ProjectDTO = {
    id: 4, projectName: 'radar', humanReadableProjectName: 'RADAR study', description: 'd', location: 'l',
    organization: { id: 7, name: 'main', description: '', location: '', projects: [] },
    startDate: '2024-01-02T00:00:00.000Z', endDate: '2024-12-31T23:59:00.000Z', projectStatus: 'ONGOING',
    attributes: { 'Human-readable-project-name': 'RADAR study', Phase: '2' }, sourceTypes: [e4],
  };
  const values = formValuesOf(project);
  assert.is(values.copyName, false, 'a name of its own is not overwritten');
  assert.equal(values.attributes, { Phase: '2' });
  assert.is(values.startDate, '2024-01-02');
  assert.is(values.endDate, '2024-12-31');
  const body = projectBody(values, project, project.organization);
  assert.is(body.id, 4);
  assert.is(body.humanReadableProjectName, 'RADAR study');
  assert.is(body.endDate, '2024-12-31T23:59');
  assert.equal(body.sourceTypes?.map((t) => t.id), [1]);
  assert.is(body.organization?.id, 7);
});

test('source types show as producer_model_catalogVersion, match by text and skip the chosen ones', () => {
  assert.is(sourceTypeLabel(e4), 'Empatica_E4_v1');
  assert.equal(matchingSourceTypes([e4, charge], [], 'e4').map((t) => t.id), [1]);
  assert.equal(matchingSourceTypes([e4, charge], [e4], '').map((t) => t.id), [2]);
  assert.equal(withoutSourceType([e4, charge], e4).map((t) => t.id), [2]);
});

test('organization choices: all for a system admin, own ones for an organization admin, fixed for others', () => {
  const organizations = ['b', 'a', 'c'].map((name) => ({ name, description: '', location: '', projects: [] }));
  const sys: UserDTO = { login: 's', activated: true, roles: [{ authorityName: 'ROLE_SYS_ADMIN' }] };
  const org: UserDTO = { login: 'o', activated: true, roles: [{ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'c' }, { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'a' }] };
  const prj: UserDTO = { login: 'p', activated: true, roles: [{ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'x' }] };
  assert.equal(organizationChoices(sys, organizations, 'b'), { names: ['a', 'b', 'c'], canChange: true });
  assert.equal(organizationChoices(org, organizations, 'c'), { names: ['a', 'c'], canChange: true });
  assert.equal(organizationChoices(org, organizations, 'b'), { names: ['b'], canChange: false });
  assert.equal(organizationChoices(prj, organizations, 'b'), { names: ['b'], canChange: false });
});

test.run();
