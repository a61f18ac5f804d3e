import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  createI18n,
  DEFAULT_LANGUAGE,
  flattenDictionary,
  INTERFACE_LANGUAGES,
  pickLanguage,
  toInterfaceLanguage,
  type I18nSnapshot,
} from '../../../src/client/lib/i18n';
import { LANGUAGE_CODES, LANGUAGE_NAMES } from '../../../src/client/lib/language-names';
import { fakeFetch, json } from './fake-fetch';

const en = {
  global: { menu: { home: 'Home', entities: { project: 'Project' } } },
  'error.nameexists': 'A {{entityName}} with this name already exists',
  greeting: 'Hello {{ name }}, you have {{count}} subjects',
  subjects: { one: '{{count}} subject', other: '{{count}} subjects' },
  'error.field.required': 'Field {{fieldName}} cannot be empty',
};
const nl = {
  global: { menu: { home: 'Start', entities: { project: 'Project' } } },
  subjects: { one: '{{count}} deelnemer', other: '{{count}} deelnemers' },
};

function setup(options: { language?: string; routes?: Parameters<typeof fakeFetch>[0] } = {}) {
  const fake = fakeFetch(options.routes ?? { 'GET i18n/en.json': json(en), 'GET i18n/nl.json': json(nl) });
  const missing: string[] = [];
  const i18n = createI18n({ fetch: fake.fetch, language: options.language ?? 'en', onMissing: (key) => missing.push(key) });
  return { i18n, calls: fake.calls, missing };
}

const languages = suite('i18n: languages');

languages('en and nl, default en', () => {
  assert.equal([...INTERFACE_LANGUAGES], ['en', 'nl']);
  assert.is(DEFAULT_LANGUAGE, 'en');
});

languages('the browser language is used when supported, otherwise en', () => {
  assert.is(pickLanguage(['nl-NL']), 'nl');
  assert.is(pickLanguage(['nl']), 'nl');
  assert.is(pickLanguage(['en-GB']), 'en');
  assert.is(pickLanguage(['fr-FR']), 'en');
  assert.is(pickLanguage([]), 'en');
  assert.is(toInterfaceLanguage('NL_be'), 'nl');
  assert.is(toInterfaceLanguage('de'), undefined);
});

languages('the 32 language codes with native names', () => {
  assert.is(LANGUAGE_CODES.length, 32);
  assert.equal(LANGUAGE_CODES, [
    'ca', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fr', 'gl', 'hu', 'hi', 'hy', 'it', 'ja', 'ko',
    'mr', 'nl', 'pl', 'pt-br', 'pt-pt', 'ro', 'ru', 'sk', 'sr', 'sv', 'ta', 'th', 'tr', 'vi', 'zh-cn', 'zh-tw',
  ]);
  assert.is(LANGUAGE_NAMES.nl, 'Nederlands');
  assert.is(LANGUAGE_NAMES.en, 'English');
  assert.is(LANGUAGE_NAMES['zh-tw'], '繁體中文');
});

languages.run();

const translate = suite('i18n: translating');

translate('the dictionary is fetched from the relative URL i18n/<lang>.json', async () => {
  const { i18n, calls } = setup();
  assert.is(i18n.getSnapshot().messages, null);
  await i18n.load();
  await i18n.load();
  assert.equal(calls.map((c) => c.url), ['i18n/en.json']);
  assert.is(i18n.t('global.menu.home'), 'Home');
});

translate('a base path is prefixed', async () => {
  const fake = fakeFetch({ 'GET /mp/i18n/nl.json': json(nl) });
  const i18n = createI18n({ fetch: fake.fetch, basePath: '/mp/', language: 'nl' });
  await i18n.load();
  assert.is(i18n.t('global.menu.home'), 'Start');
});

translate('nested and flat dotted keys both resolve', async () => {
  const { i18n } = setup();
  await i18n.load();
  assert.is(i18n.t('global.menu.entities.project'), 'Project');
  assert.is(i18n.t('error.nameexists', { entityName: 'project' }), 'A project with this name already exists');
  assert.equal([...flattenDictionary({ a: { b: 'x', 'c.d': 'y' } })], [['a.b', 'x'], ['a.c.d', 'y']]);
});

translate('{{param}} interpolation, spaces allowed; unknown placeholders stay', async () => {
  const { i18n } = setup();
  await i18n.load();
  assert.is(i18n.t('greeting', { name: 'Ada', count: 3 }), 'Hello Ada, you have 3 subjects');
  assert.is(i18n.t('greeting', { name: 'Ada' }), 'Hello Ada, you have {{count}} subjects');
});

translate('plural forms are chosen by count', async () => {
  const { i18n, missing } = setup();
  await i18n.load();
  assert.is(i18n.t('subjects', { count: 1 }), '1 subject');
  assert.is(i18n.t('subjects', { count: 0 }), '0 subjects');
  assert.is(i18n.t('subjects', { count: 28 }), '28 subjects');
  assert.ok(i18n.has('subjects'));
  assert.equal(missing, []);
});

translate('translatable params are translated, with their fallback when unknown', async () => {
  const { i18n, missing } = setup();
  await i18n.load();
  assert.is(
    i18n.t('error.nameexists', { entityName: { key: 'global.menu.entities.project', fallback: 'project' } }),
    'A Project with this name already exists',
  );
  assert.is(
    i18n.t('error.field.required', { fieldName: { key: 'managementPortalApp.groupDTO.name', fallback: 'name' } }),
    'Field name cannot be empty',
  );
  assert.equal(missing, [], 'a param with a fallback is not a missing key');
});

translate('a missing key returns the key and is reported', async () => {
  const { i18n, missing } = setup();
  await i18n.load();
  assert.is(i18n.t('no.such.key'), 'no.such.key');
  assert.not.ok(i18n.has('no.such.key'));
  assert.equal(missing, ['no.such.key']);
});

translate('before the dictionary arrives keys are shown but not reported', () => {
  const { i18n, missing } = setup();
  assert.is(i18n.t('global.menu.home'), 'global.menu.home');
  assert.equal(missing, []);
});

translate.run();

const switching = suite('i18n: switching language');

switching('setLanguage loads and switches, then tells subscribers', async () => {
  const { i18n, calls } = setup();
  await i18n.load();
  const heard: I18nSnapshot[] = [];
  i18n.subscribe((snapshot) => heard.push(snapshot));
  await i18n.setLanguage('nl');
  assert.is(i18n.language, 'nl');
  assert.is(i18n.t('global.menu.home'), 'Start');
  assert.is(i18n.t('subjects', { count: 2 }), '2 deelnemers');
  assert.equal(heard.map((s) => s.language), ['nl']);
  await i18n.setLanguage('en');
  assert.is(i18n.t('global.menu.home'), 'Home');
  assert.is(calls.length, 2, 'dictionaries are cached');
});

switching('an unsupported code means the default language', async () => {
  const { i18n } = setup({ language: 'nl' });
  await i18n.load();
  await i18n.setLanguage('de');
  assert.is(i18n.language, 'en');
});

switching('when switching twice quickly, the last choice wins', async () => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const { i18n } = setup({
    routes: { 'GET i18n/nl.json': async () => (await gate, json(nl)), 'GET i18n/en.json': json(en) },
  });
  const slow = i18n.setLanguage('nl');
  const fast = i18n.setLanguage('en');
  await fast;
  release();
  await slow;
  assert.is(i18n.language, 'en');
  assert.is(i18n.t('global.menu.home'), 'Home');
});

switching('a failed load rejects, keeps the current language and can be retried', async () => {
  const { i18n } = setup({
    routes: { 'GET i18n/en.json': json(en), 'GET i18n/nl.json': [{ status: 404 }, json(nl)] },
  });
  await i18n.load();
  const error = await i18n.setLanguage('nl').catch((e: unknown) => e);
  assert.instance(error, Error);
  assert.is(i18n.language, 'en');
  await i18n.setLanguage('nl');
  assert.is(i18n.language, 'nl');
});

switching.run();
