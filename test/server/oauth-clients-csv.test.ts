// The OAuth clients file format (docs/oauth.md): the shipped sample, the header, field splitting and
// quoting, and every malformed line rejected with its line number.
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CLIENTS_FILE_COLUMNS, ClientsFileError, parseClientsCsv, splitFields } from '../../src/server/oauth-clients/clients-csv';

const SAMPLE = readFileSync(new URL('../../config/oauth_client_details.example.csv', import.meta.url), 'utf8');
const HEADER = CLIENTS_FILE_COLUMNS.join(';');
const ROW = 'app;res_ManagementPortal;s3cret;SUBJECT.READ,PROJECT.READ;client_credentials;;;3600;7200;{};';

function problem(text: string): ClientsFileError {
  try {
    parseClientsCsv(text);
  } catch (error) {
    assert.instance(error, ClientsFileError);
    return error as ClientsFileError;
  }
  throw new Error('accepted');
}

test('the sample file defines the platform\'s apps and services', () => {
  const clients = parseClientsCsv(SAMPLE);
  assert.equal(clients.map((c) => c.spec.clientId), [
    'pRMT', 'aRMT', 'THINC-IT', 'radar_restapi', 'radar_redcap_integrator', 'radar_dashboard', 'radar_upload_backend', 'radar_appserver_client',
  ]);
  const byId = new Map(clients.map((c) => [c.spec.clientId, c]));
  for (const app of ['pRMT', 'aRMT', 'THINC-IT']) {
    const { spec } = byId.get(app)!;
    assert.equal(spec.additionalInformation, { dynamic_registration: true }, app);
    assert.is(spec.secret, null, `${app} is a public client`);
    assert.equal(spec.grantTypes, ['refresh_token', 'authorization_code']);
    assert.ok(spec.scopes.includes('MEASUREMENT.CREATE') && spec.scopes.includes('SUBJECT.UPDATE'));
    assert.is(spec.refreshTokenValidity, 7948800);
  }
  assert.equal(byId.get('radar_upload_backend')!.spec.additionalInformation, { dynamic_registration: true });
  for (const service of ['radar_restapi', 'radar_redcap_integrator', 'radar_dashboard', 'radar_upload_backend', 'radar_appserver_client']) {
    const { spec } = byId.get(service)!;
    assert.equal(spec.grantTypes, ['client_credentials'], service);
    assert.ok(spec.secret && spec.secret.length > 8, service);
    assert.is(spec.accessTokenValidity, 43200);
  }
  assert.is(byId.get('radar_restapi')!.line, 5);
});

test('lists are split on commas, trimmed and de-duplicated; empty fields give empty lists and null validities', () => {
  const [{ spec }] = parseClientsCsv(`${HEADER}\nx; a , b ,,a ;;SUBJECT.READ, SUBJECT.READ;;http://a/cb,http://b/cb;ROLE_X;;;;true\n`);
  assert.equal(spec.resourceIds, ['a', 'b']);
  assert.equal(spec.scopes, ['SUBJECT.READ']);
  assert.equal(spec.grantTypes, []);
  assert.equal(spec.redirectUris, ['http://a/cb', 'http://b/cb']);
  assert.equal(spec.authorities, ['ROLE_X']);
  assert.equal(spec.autoApproveScopes, ['true']);
  assert.is(spec.secret, null);
  assert.is(spec.accessTokenValidity, null);
  assert.is(spec.refreshTokenValidity, null);
  assert.equal(spec.additionalInformation, {});
});

test('the header may order the columns freely; BOM, CRLF and blank lines are fine', () => {
  const header = [...CLIENTS_FILE_COLUMNS].reverse().join(';');
  const row = ';{"k": "v"};7200;3600;;;client_credentials;SUBJECT.READ;pw;res_x;svc';
  const [{ spec, line }] = parseClientsCsv(`\uFEFF${header}\r\n\r\n${row}\r\n\r\n`);
  assert.is(line, 3);
  assert.is(spec.clientId, 'svc');
  assert.is(spec.secret, 'pw');
  assert.is(spec.accessTokenValidity, 3600);
  assert.is(spec.refreshTokenValidity, 7200);
  assert.equal(spec.additionalInformation, { k: 'v' });
});

test('a quoted field may hold ";" and doubled quotes; quotes inside an unquoted field are plain text', () => {
  assert.equal(splitFields('a;"b;c";"say ""hi""";{"x": 1};', 1), ['a', 'b;c', 'say "hi"', '{"x": 1}', '']);
  const [{ spec }] = parseClientsCsv(`${HEADER}\napp;res;"se;cret";SUBJECT.READ;client_credentials;;;1;2;"{""note"": ""a;b""}";\n`);
  assert.is(spec.secret, 'se;cret');
  assert.equal(spec.additionalInformation, { note: 'a;b' });
});

test('a wrong header is refused on line 1', () => {
  for (const [header, expected] of [
    ['', /empty/],
    [HEADER.replace('scope', 'scopes'), /unknown column "scopes"/],
    [HEADER.replace(';autoapprove', ''), /autoapprove missing/],
    [`${HEADER};scope`, /named twice/],
    ['client_id,resource_ids,client_secret', /unknown column/],
  ] as const) {
    const error = problem(`${header}\n${ROW}\n`);
    assert.is(error.line, 1, header);
    assert.match(error.message, expected);
  }
});

test('every malformed line is refused with its line number', () => {
  const cases: [string, RegExp][] = [
    ['app;res;s;SUBJECT.READ;client_credentials;;;3600;7200;{}', /has 10 fields, the header 11/],
    ['app;res;s;SUBJECT.READ;client_credentials;;;3600;7200;{};;', /has 12 fields/],
    ['app;res;s;SUBJECT.READ;client_credentials;;;3600;7200;{"dynamic_registration": tru};', /additional_information is not valid JSON/],
    ['app;res;s;SUBJECT.READ;client_credentials;;;3600;7200;["x"];', /must be a JSON object/],
    ['app;res;s;SUBJECT.READ;client_credentials;;;3600;7200;{"a": {"b": 1}};', /"a" must be a string, number or boolean/],
    ['app;res;s;SUBJECT.READ;client_credentials;;;36OO;7200;{};', /access_token_validity must be a whole number/],
    ['app;res;s;SUBJECT.READ;client_credentials;;;3600;-1;{};', /refresh_token_validity must be a whole number/],
    ['app;res;s;SUBJECT.READ;client_credentials;;;3600;2147483648;{};', /refresh_token_validity/],
    ['app;res;s;SUBJECT.READ;client_credentials;;;1.5;7200;{};', /access_token_validity/],
    ['app;res;s;SUBJECT.READ;client_credential;;;3600;7200;{};', /authorized_grant_types "client_credential" is not one of/],
    ['app;res;s;subject read;client_credentials;;;3600;7200;{};', /scope "subject read" is not of the form ENTITY.OPERATION/],
    [';res;s;SUBJECT.READ;client_credentials;;;3600;7200;{};', /client_id is empty/],
    ['a/b;res;s;SUBJECT.READ;client_credentials;;;3600;7200;{};', /client_id "a\/b"/],
    ['app;res;"s;SUBJECT.READ;client_credentials;;;3600;7200;{};', /quoted field is not closed/],
    ['app;res;"s"x;SUBJECT.READ;client_credentials;;;3600;7200;{};', /quoted field must end at a ";"/],
  ];
  for (const [row, expected] of cases) {
    const error = problem(`${HEADER}\n${ROW.replace('app', 'first')}\n\n${row}\n`);
    assert.is(error.line, 4, row);
    assert.match(error.message, expected);
    assert.match(error.message, /^line 4: /);
  }
});

test('a client defined twice is refused, naming both lines', () => {
  const error = problem(`${HEADER}\n${ROW}\n${ROW.replace('app', 'other')}\n${ROW}\n`);
  assert.is(error.line, 4);
  assert.match(error.message, /client "app" is already defined on line 2/);
});

test('a header without clients is an empty list', () => {
  assert.equal(parseClientsCsv(`${HEADER}\n`), []);
});

test.run();
