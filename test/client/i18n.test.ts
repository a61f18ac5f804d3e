// The dictionaries: en and nl have the same keys and placeholders, every key the server can send is translated, and
// no screen of the shell shows a raw key, in either language (rendered with the real dictionaries and a missing-key
// hook that records every miss).
import '../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, waitFor } from '@testing-library/react';
import { POPUPS, ROUTES } from '../../src/client/app';
import { ALERT_KEYS } from '../../src/client/lib/http-error-alerts';
import { flattenDictionary, type Dictionary } from '../../src/client/lib/i18n';
import type { LazyRouteComponent } from '../../src/client/layout/lazy-page';
import { dictionary, SYS_ADMIN } from './components/harness';
import { startApp } from './layout/app-harness';

const en = flattenDictionary(dictionary('en') as Dictionary);
const nl = flattenDictionary(dictionary('nl') as Dictionary);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)].map((m) => m[1]).sort();

const files = suite('i18n: dictionaries');

files('en and nl have exactly the same keys', () => {
  const onlyEn = [...en.keys()].filter((key) => !nl.has(key));
  const onlyNl = [...nl.keys()].filter((key) => !en.has(key));
  assert.equal({ onlyEn, onlyNl }, { onlyEn: [], onlyNl: [] });
});

files('each translation uses the same placeholders as its English text, and none is empty', () => {
  const differing = [...en].filter(([key, text]) => nl.has(key) && placeholders(text).join() !== placeholders(nl.get(key)!).join());
  assert.equal(differing.map(([key]) => key), []);
  const empty = [...en, ...nl].filter(([, text]) => text.trim() === '').map(([key]) => key);
  assert.equal(empty, []);
});

files('managementPortalApp is a namespace with the app title', () => {
  assert.is(en.get('managementPortalApp.title'), 'ManagementPortal');
  assert.not.ok(en.has('managementPortalApp'));
});

files('every key the server can send and every alert key of the client is translated', () => {
  const entities = ['project', 'organization', 'subject', 'source', 'sourceType', 'sourceData', 'role', 'oauthClient', 'group'];
  const keys = [
    ...entities.flatMap((entity) => ['created', 'updated', 'deleted'].map((verb) => `managementPortalApp.${entity}.${verb}`)),
    ...['created', 'updated', 'deleted'].map((verb) => `userManagement.${verb}`),
    ...[...entities, 'userManagement', 'meta-token'].map((entity) => `global.menu.entities.${entity}`),
    ...Object.values(ALERT_KEYS),
    ...'validation accessDenied concurrencyFailure methodNotSupported noSuchClient internalServerError projectNotEmpty idexists nameexists userexists emailexists sourceAssignedRequired sourceIdExists sourceIsAssigned sourceNameExists sourceRevisionIsAssigned InvalidDynamicSourceRegistration TokenCannotBeSent activeParticipantProjectNotFound clientIdExists emailNotRegistered entityNotFound groupExists groupNotFound invalidAuthority invalidTransfer invalidsubjectstate longPassword weakPassword noValidPrivacyPolicyUrl oAuthClientIdNotFound oAuthClientProtected organizationNameNotFound persistentTokenDisabled projectIdNotFound projectNameNotFound revisionsNotFound sourceDataNameAvailable sourceNotFound sourceTypeExists sourceTypeInUse sourceTypeNotFound sourceTypeNotProvided subjectNotFound tokenNotFound'
      .split(' ')
      .map((code) => `error.${code}`),
    'projectrequired', 'subjectExists', 'subjectNotAvailable', 'emailexists', 'idexists',
    'login.messages.error.authentication', 'userManagement.role.error.alreadyExist', 'managementPortalApp.source.sourceAlreadyAdded',
    'entity.validation.required', 'entity.validation.pattern', 'entity.validation.maxlength', 'entity.validation.minlength',
    'entity.validation.number', 'global.messages.validate.email.required', 'global.messages.validate.email.invalid',
    'global.messages.validate.email.minlength', 'global.messages.validate.email.maxlength',
  ];
  assert.equal(keys.filter((key) => !en.has(key) && !en.has(`${key}.other`)), []);
});

files('every route and popup title key is translated', () => {
  const titleKeys = [...ROUTES, ...POPUPS].map((route) => route.titleKey!).filter(Boolean);
  assert.is(titleKeys.length, ROUTES.length + POPUPS.length, 'each route has a title key');
  assert.equal(titleKeys.filter((key) => !en.has(key)), []);
});

files.run();

// ---- rendered screens ----

const screens = suite('i18n: rendered screens show no raw keys');
screens.after.each(() => cleanup());
// Load every area first, so each page renders at once instead of suspending on its first visit.
screens.before(async () => {
  await Promise.all([...ROUTES, ...POPUPS].map((route) => (route.page as Partial<LazyRouteComponent>).preload?.()));
});

/** Text that looks like an untranslated key: `word.word.word`. */
const RAW_KEY = /\b[a-z][A-Za-z]+(?:\.[A-Za-z0-9-]+){2,}\b/g;
const example = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => `${name}-1`);
const visibleText = () => `${document.body.textContent ?? ''} ${document.title}`;

for (const language of ['en', 'nl'] as const) {
  screens(`${language}: the anonymous home, access-denied and error pages`, async () => {
    const missing: string[] = [];
    const app = await startApp({ language, onMissing: (key) => missing.push(key) });
    const texts = [visibleText()];
    for (const to of ['accessdenied', 'error', 'no/such/page']) {
      act(() => app.services.router.navigate(to));
      texts.push(visibleText());
    }
    assert.equal(missing, []);
    assert.equal(texts.flatMap((text) => text.match(RAW_KEY) ?? []), []);
  });

  screens(`${language}: every route and popup of the route table, signed in as a system admin`, async () => {
    const missing: string[] = [];
    const app = await startApp({
      language,
      account: SYS_ADMIN,
      profiles: ['dev', 'api-docs'],
      organizations: [{ name: 'main', description: 'Main', location: 'London' }],
      onMissing: (key) => missing.push(key),
    });
    const seen: string[] = [];
    for (const route of ROUTES) {
      act(() => app.services.router.navigate(example(route.path)));
      await waitFor(() => assert.ok(document.querySelector('main h1'), `${route.path} rendered`));
      seen.push(visibleText());
    }
    for (const popup of POPUPS) {
      act(() => app.services.router.navigate(`/(popup:${example(popup.path)})`));
      await waitFor(() => assert.ok(document.querySelector('[role="dialog"] h2'), `${popup.path} rendered`));
      seen.push(visibleText());
    }
    assert.equal(missing, []);
    assert.equal(seen.flatMap((text) => text.match(RAW_KEY) ?? []), []);
  });
}

screens.run();
