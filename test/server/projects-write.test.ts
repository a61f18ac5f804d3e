// Writing projects: create with attributes, dates and source types; bad input is a 400 that writes nothing; updates
// keep the name and need PROJECT.UPDATE on both organizations to move a project.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dropTemplates } from '../setup/database';
import { count, createSourceTypeRow, project, revisionCount, startWorld, rows, statuses, type World } from './projects-fixtures';

let world: World;
let sourceType: number;
const t = suite('projects: writing');
t.before(async () => {
  world = await startWorld();
  sourceType = await createSourceTypeRow(world.server, 'Fitbit', 'Charge');
});
t.after(async () => {
  await world?.server.close();
  await dropTemplates();
});

const written = async () => [await count(world.server, 'project'), await count(world.server, 'project_metadata'), await revisionCount(world.server)];

t('create: 201 with Location, alert, attributes, dates, source types and an ADD revision', async () => {
  const body = project('full', 'main', {
    humanReadableProjectName: 'Full Project',
    attributes: { 'Work-package': 'WP1' },
    startDate: '2024-03-01T00:00:00.000+01:00',
    endDate: '2024-12-31T23:59', // as the web client sends it: no offset means UTC
    projectStatus: 'PLANNING',
    sourceTypes: [{ id: sourceType, producer: 'ignored' }],
  });
  const res = await world.as.mainAdmin('POST', '/api/projects', { json: body });
  assert.is(res.status, 201);
  assert.is(res.headers.get('location'), '/api/projects/full');
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.project.created');
  assert.is(res.headers.get('x-managementportalapp-params'), 'full');
  assert.equal(res.body.attributes, { 'Human-readable-project-name': 'Full Project', 'Work-package': 'WP1' });
  assert.is(res.body.startDate, '2024-02-29T23:00:00.000Z');
  assert.is(res.body.endDate, '2024-12-31T23:59:00.000Z');
  assert.equal(res.body.sourceTypes.map((s: { id: number }) => s.id), [sourceType]);
  const [rev] = await rows<{ snapshot: { projectName: string }; change_type: string }>(
    world.server,
    "SELECT snapshot, change_type FROM revision_change WHERE entity_kind = 'project' AND entity_key = 'full'",
  );
  assert.is(rev.change_type, 'ADD');
  assert.equal(rev.snapshot, res.body);
});

t('bad input: 400 with field errors or error codes, nothing written', async () => {
  const before = await written();
  const invalid = await world.as.sysAdmin('POST', '/api/projects', {
    json: { projectName: 'bad name!', location: '', organization: { name: 'main' }, projectStatus: 'DONE', startDate: 'yesterday', attributes: { Phase: 3 }, sourceTypes: [{}] },
  });
  assert.is(invalid.status, 400);
  assert.is(invalid.body.message, 'error.validation');
  assert.equal(
    invalid.body.fieldErrors.map((e: { field: string }) => e.field).sort(),
    ['attributes.Phase', 'description', 'location', 'projectName', 'projectStatus', 'sourceTypes', 'startDate'],
  );
  const unknownType = await world.as.sysAdmin('POST', '/api/projects', { json: project('st', 'main', { sourceTypes: [{ id: 987654 }] }) });
  assert.is(unknownType.status, 400);
  assert.is(unknownType.body.fieldErrors[0].field, 'sourceTypes');
  const noOrg = await world.as.sysAdmin('POST', '/api/projects', { json: { ...project('no-org', 'x'), organization: undefined } });
  assert.is(noOrg.status, 400);
  assert.is(noOrg.body.errorCode, 'error.validation');
  const unknownOrg = await world.as.sysAdmin('POST', '/api/projects', { json: project('lost', 'nowhere') });
  assert.is(unknownOrg.status, 404);
  assert.is(unknownOrg.body.errorCode, 'error.organizationNameNotFound');
  const duplicate = await world.as.sysAdmin('POST', '/api/projects', { json: project('p1', 'main') });
  assert.is(duplicate.status, 400);
  assert.is(duplicate.headers.get('x-managementportalapp-error'), 'error.nameexists');
  assert.is(duplicate.headers.get('x-managementportalapp-params'), 'project');
  const withId = await world.as.sysAdmin('POST', '/api/projects', { json: project('with-id', 'main', { id: 12 }) });
  assert.is(withId.headers.get('x-managementportalapp-error'), 'error.idexists');
  assert.equal(await written(), before);
});

t('an end date before the start date: 400 with a field error on endDate, on create and update; the same day is fine', async () => {
  const before = await written();
  const create = await world.as.sysAdmin('POST', '/api/projects', {
    json: project('backwards', 'main', { startDate: '2024-06-01T00:00', endDate: '2024-05-31T23:59' }),
  });
  assert.is(create.status, 400);
  assert.is(create.body.message, 'error.validation');
  assert.equal(create.body.fieldErrors, [{ objectName: 'projectDTO', field: 'endDate', message: 'DateOrder: must not be before startDate' }]);
  // Epoch seconds are compared as instants too.
  const epoch = await world.as.sysAdmin('POST', '/api/projects', { json: project('backwards', 'main', { startDate: 1717200000, endDate: 1717100000 }) });
  assert.is(epoch.status, 400);
  assert.equal(await written(), before);
  const sameDay = await world.as.sysAdmin('POST', '/api/projects', {
    json: project('one-day', 'main', { startDate: '2024-06-01T00:00', endDate: '2024-06-01T23:59' }),
  });
  assert.is(sameDay.status, 201, sameDay.text);
  const update = await world.as.sysAdmin('PUT', '/api/projects', {
    json: { ...sameDay.body, startDate: '2024-06-02T00:00', endDate: '2024-06-01T23:59' },
  });
  assert.is(update.status, 400);
  assert.equal(update.body.fieldErrors.map((e: { field: string }) => e.field), ['endDate']);
});

t('update: project admins of the project and organization admins; the name is immutable', async () => {
  const { body: p1 } = await world.as.sysAdmin('GET', '/api/projects/p1');
  const edit = () => ({ ...p1, description: 'changed', attributes: { Phase: '3' } });
  assert.equal(await statuses(world, ['otherAdmin', 'p2Admin', 'p1Analyst', 'p1Participant', 'anonymous'], 'PUT', '/api/projects', edit), {
    otherAdmin: 403, p2Admin: 403, p1Analyst: 403, p1Participant: 403, anonymous: 401,
  });
  const res = await world.as.p1Admin('PUT', '/api/projects', { json: edit() });
  assert.is(res.status, 200);
  assert.is(res.headers.get('x-managementportalapp-alert'), 'managementPortalApp.project.updated');
  assert.is(res.body.description, 'changed');
  assert.equal(res.body.attributes, { Phase: '3' });
  const before = await written();
  const renamed = await world.as.sysAdmin('PUT', '/api/projects', { json: { ...edit(), projectName: 'p1-renamed' } });
  assert.is(renamed.status, 400);
  assert.is(renamed.body.errorCode, 'error.validation');
  const unknown = await world.as.sysAdmin('PUT', '/api/projects', { json: { ...edit(), id: 999999 } });
  assert.is(unknown.status, 404);
  assert.is(unknown.body.errorCode, 'error.projectIdNotFound');
  assert.is((await world.as.p1Admin('PUT', '/api/projects', { json: { ...edit(), id: 999999 } })).status, 403);
  assert.equal(await written(), before);
});

t('moving a project needs PROJECT.UPDATE on the old and the new organization', async () => {
  const { body: p2 } = await world.as.sysAdmin('GET', '/api/projects/p2');
  const move = { ...p2, organization: { name: 'other' }, organizationName: 'other' };
  assert.is((await world.as.p2Admin('PUT', '/api/projects', { json: move })).status, 403);
  assert.is((await world.as.mainAdmin('PUT', '/api/projects', { json: move })).status, 403);
  assert.is((await world.as.otherAdmin('PUT', '/api/projects', { json: move })).status, 403);
  assert.is((await world.as.sysAdmin('PUT', '/api/projects', { json: { ...move, organization: { name: 'nowhere' } } })).status, 404);
  const res = await world.as.sysAdmin('PUT', '/api/projects', { json: move });
  assert.is(res.status, 200);
  assert.is(res.body.organization.name, 'other');
  assert.equal((await world.as.otherAdmin('GET', '/api/projects')).body.map((p: { projectName: string }) => p.projectName), ['p2', 'p3']);
});

t('dates as epoch seconds, the status as an ordinal, source types by id alone', async () => {
  const res = await world.as.sysAdmin('POST', '/api/projects', {
    json: project('epoch', 'main', { startDate: 1704067200, projectStatus: 1, sourceTypes: [{ id: sourceType }] }),
  });
  assert.is(res.status, 201, res.text);
  assert.is(res.body.startDate, '2024-01-01T00:00:00.000Z');
  assert.is(res.body.projectStatus, 'ONGOING');
  assert.equal(res.body.sourceTypes.map((s: { id: number }) => s.id), [sourceType]);
  const wrong = await world.as.sysAdmin('POST', '/api/projects', { json: project('epoch-2', 'main', { startDate: true, sourceTypes: [{ id: 'x' }] }) });
  assert.is(wrong.status, 400);
  assert.equal(wrong.body.fieldErrors.map((e: { field: string }) => e.field).sort(), ['sourceTypes[0].id', 'startDate']);
});

t('PUT without an id creates, with the create permission', async () => {
  assert.is((await world.as.p1Admin('PUT', '/api/projects', { json: project('put-new', 'main') })).status, 403);
  const res = await world.as.mainAdmin('PUT', '/api/projects', { json: project('put-new', 'main') });
  assert.is(res.status, 201);
});

t.run();
