// An import error in the reader's language (features/participants/import-error-text.ts, common/import-error.ts):
// every code has its text in en and nl with the params its English message names, a field rule's violation uses the
// forms' key, a role reads as people know it, an empty name as "(none)", and an unknown code keeps the message.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { IMPORT_ERROR_CODES, importError, importErrorI18n, ruleImportError } from '../../../../src/common/import-error';
import { importErrorLine, importErrorText } from '../../../../src/client/features/participants/import-error-text';
import { createI18n } from '../../../../src/client/lib/i18n';
import { fakeFetch, json } from '../../lib/fake-fetch';
import { dictionary } from '../../components/harness';

async function translator(language: 'en' | 'nl') {
  const missing: string[] = [];
  const fetch = fakeFetch({ [`GET i18n/${language}.json`]: json(dictionary(language)) }).fetch;
  const i18n = createI18n({ fetch, language, onMissing: (key) => missing.push(key) });
  await i18n.load();
  return { t: i18n.t, has: i18n.has, missing };
}

test('every code has a text in en and nl', async () => {
  for (const language of ['en', 'nl'] as const) {
    const { has } = await translator(language);
    const lacking = IMPORT_ERROR_CODES.filter((code) => !has(importErrorI18n({ code, params: {} })!.key));
    assert.equal(lacking, [], language);
  }
});

test('a field rule keeps the forms\' key; the others their own; an unknown code has none', () => {
  assert.equal(importErrorI18n(ruleImportError(3, { field: 'email', code: 'email', params: {} })), { key: 'global.messages.validate.email.invalid', params: {} });
  assert.equal(importErrorI18n(importError(3, 'group', 'tooLong', { max: 50 })), { key: 'entity.validation.maxlength', params: { max: 50 } });
  assert.equal(importErrorI18n(importError(3, 'group', 'unknownGroup', { group: 'g' })), { key: 'managementPortalApp.participants.import.error.unknownGroup', params: { group: 'g' } });
  assert.is(importErrorI18n({ code: 'fromTheFuture', params: {} }), undefined);
  assert.is(importErrorI18n({ params: {} }), undefined);
});

test('rendered in Dutch: params filled in, roles by their names, an empty name as (geen), unknown codes as sent', async () => {
  const { t, missing } = await translator('nl');
  assert.is(importErrorLine(t, importError(4, 'group', 'unknownGroup', { group: 'nergens' })), 'group: Onbekende groep: nergens.');
  assert.is(importErrorLine(t, importError(4, 'externalId', 'duplicateExternalId', { row: 2 })), 'externalId: Het externe id staat ook op regel 2.');
  assert.is(importErrorText(t, importError(4, 'roles', 'unknownProject', { role: 'ROLE_PROJECT_ADMIN', project: '' })), 'Onbekend project voor Projectbeheerder: (geen).');
  assert.is(importErrorText(t, importError(4, 'roles', 'notStaffRole', { role: 'ROLE_NOPE' })), 'Geen medewerkersrol: ROLE_NOPE.');
  assert.is(importErrorText(t, ruleImportError(4, { field: 'firstName', code: 'maxLength', params: { min: 0, max: 50 } })), 'Dit veld mag niet langer zijn dan 50 tekens.');
  assert.is(importErrorLine(t, importError(1, '', 'unclosedQuote')), 'Een veld tussen aanhalingstekens wordt niet afgesloten.');
  assert.is(importErrorText(t, { row: 2, column: '', message: 'Something new' }), 'Something new', 'an older server: no code');
  assert.is(importErrorText(t, { row: 2, column: '', code: 'fromTheFuture' as never, params: {}, message: 'Something newer' }), 'Something newer');
  assert.equal(missing, []);
});

test('a translation names only params the server sends (its English message uses each of them)', async () => {
  const { t } = await translator('en');
  const placeholders = (key: string) => [...t(key).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]);
  const markers = Object.fromEntries(['max', 'cells', 'columns', 'row', 'group', 'role', 'project', 'organization', 'scope', 'reason'].map((n) => [n, `<${n}>`]));
  for (const code of IMPORT_ERROR_CODES) {
    const { key } = importErrorI18n({ code, params: {} })!;
    if (!key.startsWith('managementPortalApp.participants.import.error.')) continue; // the forms' keys: validation.ts
    const { message } = importError(1, '', code as Parameters<typeof importError>[2], markers);
    for (const name of placeholders(key)) assert.ok(message.includes(`<${name}>`), `${code}: {{${name}}} is not in "${message}"`);
  }
});

test.run();
