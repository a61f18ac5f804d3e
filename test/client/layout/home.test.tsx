import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup } from '@testing-library/react';
import { SYS_ADMIN } from '../components/harness';
import { json } from '../lib/fake-fetch';
import { startApp, url } from './app-harness';

const t = suite('home page');
t.after.each(() => cleanup());
const main = () => document.querySelector('main')!;

t('anonymous: the notice with a sign-in link', async () => {
  const app = await startApp();
  assert.is(main().querySelector('h1')?.textContent, 'Welcome to the ManagementPortal');
  assert.ok(main().textContent?.includes('You are not signed in.'));
  assert.is(main().querySelector('a[href="api/redirect/login"]')?.textContent, 'Sign in');
  assert.is(document.title, 'Welcome to the ManagementPortal');
  assert.equal(app.missing, []);
});

t('signed in: a welcome and one card per organization linking to it', async () => {
  const app = await startApp({
    account: SYS_ADMIN,
    organizations: [
      { name: 'main', description: 'Main organization', location: 'London' },
      { name: 'King\'s College', description: 'KCL', location: 'London' },
    ],
  });
  assert.ok(main().textContent?.includes('You are logged in as user "admin".'));
  const cards = [...main().querySelectorAll<HTMLAnchorElement>('.card a')];
  assert.equal(cards.map((a) => a.getAttribute('href')), ['/organization/main', "/organization/King's%20College"]);
  assert.equal(cards.map((a) => a.querySelector('h3')?.textContent), ['main', "King's College"]);
  assert.equal(app.missing, []);
});

t('an access_token in the home URL signs in through api/login and is removed from the URL', async () => {
  const app = await startApp({ url: '/?access_token=abc.def&x=1', answers: { 'POST api/login': json({ ...SYS_ADMIN, langKey: 'nl' }) } });
  await app.settle();
  const login = app.calls.find((c) => c.url === 'api/login')!;
  assert.is(login.method, 'POST');
  assert.is(login.headers.get('Authorization'), 'Bearer abc.def');
  assert.is(url(app.history), '/?x=1');
  assert.is(app.history.action, 'REPLACE');
  assert.is(app.services.session.store.getState().account?.login, 'admin');
  assert.is(document.documentElement.lang, 'nl', 'the account language is applied');
});

t('a rejected token leaves the user signed out with an authentication alert', async () => {
  const app = await startApp({ url: '/?access_token=bad', answers: { 'POST api/login': json({}, 403) } });
  await app.settle();
  assert.is(url(app.history), '/');
  assert.is(app.services.session.store.getState().account, null);
  const texts = [...document.querySelectorAll('.alert__text')].map((p) => p.textContent);
  assert.ok(texts.includes('Failed to sign in! Please check your credentials and try again.'), texts.join(' | '));
});

t.run();
