import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { entityFields, FIELD_NAMES } from '../../../../src/client/features/revision/revision-entity-fields';
import { dictionary } from '../../components/harness';

const byName = (fields: ReturnType<typeof entityFields>) => Object.fromEntries(fields.map((f) => [f.name, f.value]));

test('a project: its fields in order, the organization and source types as links, attributes as pairs, duration', () => {
  const fields = entityFields('project', {
    id: 5,
    projectName: 'radar',
    description: 'old words',
    organization: { id: 1, name: 'main', description: 'd', location: 'l', projects: [] },
    organizationName: 'main',
    location: 'Utrecht',
    startDate: '2024-01-02T00:00:00.000Z',
    sourceTypes: [{ producer: 'Empatica', model: 'E4', catalogVersion: 'v1' }],
    groups: [{ name: 'wave 1' }],
    attributes: { 'Human-readable-project-name': 'Radar', team: 'x' },
    persistentTokenTimeout: 86_400_000,
  });
  assert.equal(fields.map((f) => f.name).slice(0, 5), ['id', 'projectName', 'humanReadableProjectName', 'description', 'organization']);
  const v = byName(fields);
  assert.equal(v.id, { type: 'text', text: '5' });
  assert.equal(v.description, { type: 'text', text: 'old words' });
  assert.is(v.humanReadableProjectName, undefined);
  assert.equal(v.organization, { type: 'links', items: [{ text: 'main', to: 'organization/main' }] });
  assert.equal(v.startDate, { type: 'dateTime', value: '2024-01-02T00:00:00.000Z' });
  assert.equal(v.sourceTypes, { type: 'links', items: [{ text: 'Empatica E4 v1', to: 'source-type/Empatica/E4/v1' }] });
  assert.equal(v.groups, { type: 'links', items: [{ text: 'wave 1', to: null }] });
  assert.equal(v.attributes, { type: 'attributes', entries: [['Human-readable-project-name', 'Radar'], ['team', 'x']] });
  assert.equal(v.persistentTokenTimeout, { type: 'duration', ms: 86_400_000 });
});

test('a reduced project names its organization by organizationName', () => {
  assert.equal(byName(entityFields('project', { projectName: 'p', organizationName: 'other' })).organization, {
    type: 'links',
    items: [{ text: 'other', to: 'organization/other' }],
  });
});

test('a source: booleans, its type, project and subject as links', () => {
  const v = byName(
    entityFields('source', {
      id: 2,
      sourceName: 'dev-1',
      assigned: false,
      sourceType: { id: 1, producer: 'P', model: 'M', catalogVersion: 'v', sourceTypeScope: 'PASSIVE' },
      project: { id: 3, projectName: 'radar' },
      subjectLogin: 'sub-1',
      attributes: null,
    }),
  );
  assert.equal(v.assigned, { type: 'boolean', value: false });
  assert.equal(v.sourceType, { type: 'links', items: [{ text: 'P M v', to: 'source-type/P/M/v' }] });
  assert.equal(v.project, { type: 'links', items: [{ text: 'radar', to: 'project/radar' }] });
  assert.equal(v.subjectLogin, { type: 'links', items: [{ text: 'sub-1', to: 'subject/sub-1' }] });
  assert.is(v.attributes, undefined);
});

test('a user: roles linking to their role pages (a global role has no page)', () => {
  const v = byName(
    entityFields('user', { login: 'jo', activated: true, roles: [{ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'radar' }, { authorityName: 'ROLE_SYS_ADMIN' }] }),
  );
  assert.equal(v.roles, {
    type: 'links',
    items: [
      { text: 'radar: ROLE_PROJECT_ADMIN', to: 'role/radar/ROLE_PROJECT_ADMIN', role: { authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'radar' } },
      { text: 'ROLE_SYS_ADMIN', to: null, role: { authorityName: 'ROLE_SYS_ADMIN' } },
    ],
  });
  assert.equal(v.activated, { type: 'boolean', value: true });
});

test('a subject: status translated, hidden fields left out', () => {
  const fields = entityFields('subject', { login: 's', status: 'ACTIVATED', personName: 'P', group: 'g', dateOfBirth: '2000-01-02' }, new Set(['personName', 'group']));
  const v = byName(fields);
  assert.equal(v.status, { type: 'enum', name: 'subjectStatus', value: 'ACTIVATED' });
  assert.equal(v.dateOfBirth, { type: 'date', value: '2000-01-02' });
  assert.not.ok(fields.some((f) => f.name === 'personName' || f.name === 'group'));
});

test('enumerated values are marked with their enumeration: statuses, scope, processing state, authority, language', () => {
  assert.equal(byName(entityFields('project', { projectStatus: 'ENDED' })).projectStatus, { type: 'enum', name: 'projectStatus', value: 'ENDED' });
  assert.equal(byName(entityFields('sourcetype', { sourceTypeScope: 'ACTIVE' })).sourceTypeScope, { type: 'enum', name: 'sourceTypeScope', value: 'ACTIVE' });
  assert.equal(byName(entityFields('sourcedata', { processingState: 'DERIVED' })).processingState, { type: 'enum', name: 'processingState', value: 'DERIVED' });
  assert.equal(byName(entityFields('role', { authorityName: 'ROLE_PARTICIPANT' })).authorityName, { type: 'enum', name: 'authority', value: 'ROLE_PARTICIPANT' });
  assert.equal(byName(entityFields('user', { login: 'jo', langKey: 'nl' })).langKey, { type: 'enum', name: 'language', value: 'nl' });
});

test('an unknown kind shows its id; a null snapshot has no values', () => {
  assert.equal(entityFields('gadget', { id: 3 }), [{ name: 'id', value: { type: 'text', text: '3' } }]);
  assert.ok(entityFields('sourcetype', null).every((f) => f.value === undefined));
});

test('every field has a label in both languages', () => {
  for (const language of ['en', 'nl'] as const) {
    const labels = (dictionary(language) as { managementPortalApp: { revision: { field: Record<string, string> } } }).managementPortalApp.revision.field;
    assert.equal(FIELD_NAMES.filter((name) => typeof labels[name] !== 'string'), [], language);
  }
});

test.run();
