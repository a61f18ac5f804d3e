import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ACCOUNT_RULES,
  GROUP_RULES,
  OAUTH_CLIENT_RULES,
  ORGANIZATION_RULES,
  PROJECT_RULES,
  SOURCE_DATA_RULES,
  SOURCE_RULES,
  SOURCE_TYPE_RULES,
  SUBJECT_RULES,
  USER_RULES,
  constraintMessage,
  firstViolationByField,
  toFieldErrors,
  toI18nMessage,
  validate,
  type RuleSet,
} from '../../src/common/validation';

/** `field:code` pairs, the compact way to compare violation lists. */
const codes = (rules: RuleSet, value: unknown) => validate(rules, value).map((v) => `${v.field}:${v.code}`);

const NAME = "^[_'.@A-Za-z0-9- ]*$";
const long = (n: number) => 'x'.repeat(n);

const engine = suite('rule engine');

const demo: RuleSet = {
  objectName: 'demoDTO',
  fields: {
    name: { required: true, minLength: 2, maxLength: 5, pattern: /^[a-z]*$/ },
    mail: { email: true },
    count: { digits: true },
    tags: { required: true, pattern: /^[A-Z]+$/ },
    'nested.id': { required: true },
  },
};
const good = { name: 'abc', mail: 'a@b.org', count: 3, tags: ['A'], nested: { id: 0 } };

engine('a valid value has no violations', () => {
  assert.equal(validate(demo, good), []);
});

engine('required: undefined, null, blank strings and empty lists', () => {
  for (const empty of [undefined, null, '', '   ']) {
    assert.equal(codes(demo, { ...good, name: empty }), ['name:required'], JSON.stringify(empty));
  }
  assert.equal(codes(demo, { ...good, tags: [] }), ['tags:required']);
  assert.equal(codes(demo, { ...good, nested: {} }), ['nested.id:required']);
  assert.equal(codes(demo, { ...good, nested: null }), ['nested.id:required']);
  assert.equal(codes(demo, null), ['name:required', 'tags:required', 'nested.id:required']);
  assert.equal(codes(demo, { ...good, nested: { id: false } }), [], 'false and 0 are values');
});

engine('a missing optional field is fine; a present one is checked', () => {
  assert.equal(codes(demo, { ...good, mail: undefined, count: null }), []);
  assert.equal(codes(demo, { ...good, mail: 'nope' }), ['mail:email']);
});

engine('every violated rule of a present value is reported, with params', () => {
  const found = validate(demo, { ...good, name: 'ABCDEF' });
  assert.equal(found, [
    { field: 'name', code: 'maxLength', params: { min: 2, max: 5 } },
    { field: 'name', code: 'pattern', params: { pattern: '^[a-z]*$' } },
  ]);
  assert.equal(validate(demo, { ...good, name: 'a' })[0], { field: 'name', code: 'minLength', params: { min: 2, max: 5 } });
});

engine('lists are checked item by item, one violation per rule', () => {
  assert.equal(codes(demo, { ...good, tags: ['A', 'b', 'c'] }), ['tags:pattern']);
});

engine('digits: non-negative whole numbers, as numbers or digit strings', () => {
  for (const ok of [0, 43200, '7948800']) assert.equal(codes(demo, { ...good, count: ok }), [], String(ok));
  for (const bad of [-1, 1.5, '12a', ' 1', '1e3', true]) assert.equal(codes(demo, { ...good, count: bad }), ['count:digits'], String(bad));
});

engine('email accepts admin@localhost and refuses malformed addresses', () => {
  for (const ok of ['admin@localhost', 'a.b+c@example.co.uk', "o'brien@x.org"]) {
    assert.equal(codes(demo, { ...good, mail: ok }), [], ok);
  }
  for (const bad of ['plain', 'a@', '@b.org', 'a b@c.org', 'a@b..org', 'a@-b.org']) {
    assert.equal(codes(demo, { ...good, mail: bad }), ['mail:email'], bad);
  }
});

engine('server rendering: bean-validation messages in FieldErrorVM', () => {
  const msg = (v: unknown, field: string) =>
    constraintMessage(validate(demo, { ...good, [field]: v }).find((x) => x.field === field)!);
  assert.is(msg(null, 'name'), 'NotNull: must not be null');
  assert.is(msg('abcdefg', 'name'), 'Size: size must be between 2 and 5');
  assert.is(msg('a-b', 'name'), 'Pattern: must match "^[a-z]*$"');
  assert.is(msg('x', 'mail'), 'Email: must be a well-formed email address');
  assert.is(msg('x', 'count'), 'Digits: must be a non-negative whole number');
  assert.equal(toFieldErrors(GROUP_RULES, validate(GROUP_RULES, {})), [
    { objectName: 'groupDTO', field: 'name', message: 'NotNull: must not be null' },
  ]);
});

engine('Size reports the implicit bounds like bean validation does', () => {
  const onlyMax = validate(USER_RULES, { login: 'a', email: 'a@b.org', firstName: long(51) });
  assert.is(constraintMessage(onlyMax[0]), 'Size: size must be between 0 and 50');
  const onlyMin: RuleSet = { objectName: 'x', fields: { a: { minLength: 3 } } };
  assert.is(constraintMessage(validate(onlyMin, { a: 'ab' })[0]), 'Size: size must be between 3 and 2147483647');
});

engine('client rendering: i18n keys and params', () => {
  const key = (v: unknown, field: string) =>
    toI18nMessage(validate(demo, { ...good, [field]: v }).find((x) => x.field === field)!);
  assert.equal(key('', 'name'), { key: 'entity.validation.required', params: {} });
  assert.equal(key('a', 'name'), { key: 'entity.validation.minlength', params: { min: 2, max: 5 } });
  assert.equal(key('abcdef', 'name'), { key: 'entity.validation.maxlength', params: { min: 2, max: 5 } });
  assert.equal(key('AB', 'name'), { key: 'entity.validation.pattern', params: { pattern: '^[a-z]*$' } });
  assert.equal(key('x', 'mail'), { key: 'global.messages.validate.email.invalid', params: {} });
  assert.equal(key('x', 'count'), { key: 'entity.validation.number', params: {} });
});

engine('firstViolationByField keeps the first message per input', () => {
  const first = firstViolationByField(validate(demo, { ...good, name: 'ABCDEF', mail: 'x' }));
  assert.equal([...first.keys()], ['name', 'mail']);
  assert.is(first.get('name')!.code, 'maxLength');
});

engine.run();

const sets = suite('rule sets');

sets('user: login NAME 1..50, identity 36 NAME chars, names ≤ 50, email required 5..100, langKey 2..5', () => {
  const user = { login: 'alice', email: 'alice@example.org', firstName: 'Alice', lastName: 'A', langKey: 'en' };
  assert.equal(codes(USER_RULES, user), []);
  assert.equal(codes(USER_RULES, { ...user, firstName: undefined, lastName: null, langKey: undefined }), []);
  assert.equal(codes(USER_RULES, {}), ['login:required', 'email:required']);
  assert.equal(codes(USER_RULES, { ...user, login: 'a/b' }), ['login:pattern']);
  assert.equal(codes(USER_RULES, { ...user, login: long(51) }), ['login:maxLength']);
  assert.equal(codes(USER_RULES, { ...user, identity: '0b7c8a3e-9f1d-4c2b-8e5a-1d2c3b4a5f6e' }), []);
  assert.equal(codes(USER_RULES, { ...user, identity: 'short' }), ['identity:minLength']);
  assert.equal(codes(USER_RULES, { ...user, identity: long(37) }), ['identity:maxLength']);
  assert.equal(codes(USER_RULES, { ...user, identity: long(35) + '/' }), ['identity:pattern']);
  assert.equal(codes(USER_RULES, { ...user, firstName: long(51), lastName: long(51) }), ['firstName:maxLength', 'lastName:maxLength']);
  assert.equal(codes(USER_RULES, { ...user, email: 'not-an-email' }), ['email:email']);
  assert.equal(codes(USER_RULES, { ...user, email: 'a@bc' }), ['email:minLength']);
  assert.equal(codes(USER_RULES, { ...user, email: `${long(60)}@${long(30)}.${long(20)}.org` }), ['email:maxLength']);
  assert.equal(codes(USER_RULES, { ...user, langKey: 'e' }), ['langKey:minLength']);
  assert.equal(codes(USER_RULES, { ...user, langKey: 'en-GB-x' }), ['langKey:maxLength']);
  assert.is(validate(USER_RULES, { ...user, login: '#' })[0].params.pattern, NAME);
});

sets('account settings: first and last name required 1..50, email required 5..100', () => {
  const account = { login: 'admin', firstName: 'Ad', lastName: 'Min', email: 'admin@localhost', langKey: 'nl' };
  assert.equal(codes(ACCOUNT_RULES, account), []);
  assert.equal(codes(ACCOUNT_RULES, { ...account, firstName: '', lastName: null, email: undefined }), [
    'firstName:required',
    'lastName:required',
    'email:required',
  ]);
  assert.equal(codes(ACCOUNT_RULES, { ...account, firstName: long(51) }), ['firstName:maxLength']);
  assert.equal(codes(ACCOUNT_RULES, { ...account, email: 'admin' }), ['email:email']);
  assert.is(ACCOUNT_RULES.objectName, 'userDTO');
});

sets('organization: name NAME required, description and location required', () => {
  const organization = { name: 'main', description: 'The main organization', location: '-' };
  assert.equal(codes(ORGANIZATION_RULES, organization), []);
  assert.equal(codes(ORGANIZATION_RULES, {}), ['name:required', 'description:required', 'location:required']);
  assert.equal(codes(ORGANIZATION_RULES, { ...organization, name: 'main/x' }), ['name:pattern']);
  assert.equal(codes(ORGANIZATION_RULES, { ...organization, description: long(256) }), ['description:maxLength']);
});

sets('project: projectName NAME required, description and location required', () => {
  const project = { projectName: 'Radar-Pilot-01', description: 'd', location: 'l', humanReadableProjectName: 'RADAR pilot' };
  assert.equal(codes(PROJECT_RULES, project), []);
  assert.equal(codes(PROJECT_RULES, { projectName: ' ' }), ['projectName:required', 'description:required', 'location:required']);
  assert.equal(codes(PROJECT_RULES, { ...project, projectName: 'radar?' }), ['projectName:pattern']);
  assert.equal(codes(PROJECT_RULES, { ...project, humanReadableProjectName: long(256) }), ['humanReadableProjectName:maxLength']);
});

sets('group: name NAME required 1..50', () => {
  assert.equal(codes(GROUP_RULES, { name: 'Test Group A' }), []);
  assert.equal(codes(GROUP_RULES, { name: '' }), ['name:required']);
  assert.equal(codes(GROUP_RULES, { name: long(51) }), ['name:maxLength']);
  assert.equal(codes(GROUP_RULES, { name: 'a&b' }), ['name:pattern']);
  assert.is(GROUP_RULES.objectName, 'groupDTO');
});

sets('subject: project required; optional login NAME; text fields ≤ 255', () => {
  const subject = { login: 'sub-1', project: { id: 1, projectName: 'radar' }, externalId: 'x1', personName: 'P' };
  assert.equal(codes(SUBJECT_RULES, subject), []);
  assert.equal(codes(SUBJECT_RULES, { ...subject, login: undefined }), [], 'the server generates a login');
  assert.equal(codes(SUBJECT_RULES, { ...subject, project: null }), ['project:required']);
  assert.equal(codes(SUBJECT_RULES, { ...subject, login: 'a/b' }), ['login:pattern']);
  assert.equal(codes(SUBJECT_RULES, { ...subject, externalLink: long(256) }), ['externalLink:maxLength']);
});

sets('source: sourceName NAME required, sourceType, assigned and project required', () => {
  const source = { sourceName: 'source-1', assigned: false, sourceType: { id: 1 }, project: { id: 1 } };
  assert.equal(codes(SOURCE_RULES, source), []);
  assert.equal(codes(SOURCE_RULES, {}), ['sourceName:required', 'assigned:required', 'sourceType:required', 'project:required']);
  assert.equal(codes(SOURCE_RULES, { ...source, sourceName: 'a:b' }), ['sourceName:pattern']);
  assert.equal(codes(SOURCE_RULES, { ...source, expectedSourceName: long(256) }), ['expectedSourceName:maxLength']);
});

sets('source type: producer, model, catalogVersion NAME required; scope required', () => {
  const type = { producer: 'Empatica', model: 'E4', catalogVersion: 'v1', sourceTypeScope: 'PASSIVE', canRegisterDynamically: false };
  assert.equal(codes(SOURCE_TYPE_RULES, type), []);
  assert.equal(codes(SOURCE_TYPE_RULES, {}), [
    'producer:required',
    'model:required',
    'catalogVersion:required',
    'sourceTypeScope:required',
  ]);
  assert.equal(codes(SOURCE_TYPE_RULES, { ...type, producer: 'THINC/IT', catalogVersion: 'v1#' }), [
    'producer:pattern',
    'catalogVersion:pattern',
  ]);
  assert.equal(codes(SOURCE_TYPE_RULES, { ...type, appProvider: long(500) }), []);
  assert.equal(codes(SOURCE_TYPE_RULES, { ...type, appProvider: long(501) }), ['appProvider:maxLength']);
});

sets('source data: sourceDataType required, sourceDataName NAME required', () => {
  const data = { sourceDataType: 'ACCELEROMETER', sourceDataName: 'Empatica_E4_v1_ACC', topic: 'android_empatica_e4_acc' };
  assert.equal(codes(SOURCE_DATA_RULES, data), []);
  assert.equal(codes(SOURCE_DATA_RULES, {}), ['sourceDataType:required', 'sourceDataName:required']);
  assert.equal(codes(SOURCE_DATA_RULES, { ...data, sourceDataName: 'a/b' }), ['sourceDataName:pattern']);
  assert.equal(codes(SOURCE_DATA_RULES, { ...data, keySchema: long(256) }), ['keySchema:maxLength']);
});

sets('OAuth client: clientId NAME, scopes ENTITY.OPERATION, resource ids, validities as digits', () => {
  const client = {
    clientId: 'aRMT',
    scope: ['SUBJECT.READ', 'MEASUREMENT.CREATE'],
    resourceIds: ['res_ManagementPortal'],
    accessTokenValiditySeconds: 43200,
    refreshTokenValiditySeconds: '7948800',
  };
  assert.equal(codes(OAUTH_CLIENT_RULES, client), []);
  assert.equal(codes(OAUTH_CLIENT_RULES, { scope: [], resourceIds: [] }), [
    'clientId:required',
    'scope:required',
    'resourceIds:required',
    'accessTokenValiditySeconds:required',
    'refreshTokenValiditySeconds:required',
  ]);
  assert.equal(codes(OAUTH_CLIENT_RULES, { ...client, clientId: 'a/b' }), ['clientId:pattern']);
  assert.equal(codes(OAUTH_CLIENT_RULES, { ...client, scope: ['SUBJECT.READ', 'SUBJECT'] }), ['scope:pattern']);
  assert.equal(codes(OAUTH_CLIENT_RULES, { ...client, scope: ['SUBJECT.READ.X'] }), ['scope:pattern']);
  assert.equal(codes(OAUTH_CLIENT_RULES, { ...client, accessTokenValiditySeconds: '4h' }), ['accessTokenValiditySeconds:digits']);
  assert.equal(toI18nMessage(validate(OAUTH_CLIENT_RULES, { ...client, refreshTokenValiditySeconds: -1 })[0]).key, 'entity.validation.number');
});

sets('every rule set names its FieldErrorVM object', () => {
  const all = [USER_RULES, ACCOUNT_RULES, ORGANIZATION_RULES, PROJECT_RULES, GROUP_RULES, SUBJECT_RULES, SOURCE_RULES,
    SOURCE_TYPE_RULES, SOURCE_DATA_RULES, OAUTH_CLIENT_RULES];
  for (const rules of all) assert.match(rules.objectName, /^[a-z][A-Za-z]+(DTO|VM)$/);
});

sets.run();
