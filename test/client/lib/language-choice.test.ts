import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createAppServices } from '../../../src/client/layout/app-services';
import { LANGUAGE_CHOICE_KEY, readLanguageChoice, rememberLanguageChoice } from '../../../src/client/lib/language-choice';
import { fakeFetch, json } from './fake-fetch';

const memory = () => {
  const data = new Map<string, string>();
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
};

const t = suite('language choice');

t('kept as an interface language; anything else is ignored; a broken storage is no failure', () => {
  const storage = memory();
  assert.is(readLanguageChoice(storage), undefined);
  rememberLanguageChoice('nl-BE', storage);
  assert.is(storage.data.get(LANGUAGE_CHOICE_KEY), 'nl');
  assert.is(readLanguageChoice(storage), 'nl');
  rememberLanguageChoice('xx', storage);
  assert.is(readLanguageChoice(storage), 'nl');
  storage.data.set(LANGUAGE_CHOICE_KEY, 'klingon');
  assert.is(readLanguageChoice(storage), undefined);
  const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } };
  assert.is(readLanguageChoice(broken), undefined);
  rememberLanguageChoice('nl', broken);
  assert.is(readLanguageChoice(null), undefined);
});

t('the app starts in the kept language; a signed-in account\'s language still wins', async () => {
  const storage = memory();
  storage.setItem(LANGUAGE_CHOICE_KEY, 'nl');
  const dictionaries = { 'GET i18n/en.json': json({ a: 'A' }), 'GET i18n/nl.json': json({ a: 'Aa' }) };
  const anonymous = createAppServices({ fetch: fakeFetch({ ...dictionaries, 'GET api/profile-info': json({}), 'GET api/sitesettings': json({}) }).fetch, languageStorage: storage, readCookies: () => '' });
  assert.is(anonymous.i18n.language, 'nl');
  anonymous.destroy();
  const account = { login: 'jo', activated: true, langKey: 'en', roles: [], authorities: [] };
  const signedIn = createAppServices({
    fetch: fakeFetch({
      ...dictionaries,
      'GET api/account': json(account),
      'GET api/profile-info': json({}),
      'GET api/sitesettings': json({}),
      'GET api/organizations': json([]),
      'GET api/projects': json([]),
      'GET api/source-types': json([]),
    }).fetch,
    languageStorage: storage,
    readCookies: () => 'XSRF-TOKEN=x',
    retry: { retries: 0 },
  });
  assert.is(signedIn.i18n.language, 'nl');
  await signedIn.start();
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.is(signedIn.i18n.language, 'en');
  signedIn.destroy();
});

t.run();
