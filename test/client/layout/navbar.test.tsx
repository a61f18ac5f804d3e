import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor } from '@testing-library/react';
import { SYS_ADMIN } from '../components/harness';
import { startApp, url } from './app-harness';

const t = suite('navbar');
t.after.each(() => cleanup());

const $ = (selector: string) => document.querySelector<HTMLElement>(selector);
const itemTexts = (menuId: string) =>
  [...document.querySelectorAll(`[aria-labelledby="${menuId}"] [role^="menuitem"]`)].map((item) => item.textContent);

t('anonymous: Home, language and account (sign in) only', async () => {
  const app = await startApp();
  assert.ok($('#account-menu'));
  assert.equal([$('#entity-menu'), $('#admin-menu'), $('#projects-menu')], [null, null, null]);
  assert.is($('#login')?.getAttribute('href'), 'api/redirect/login');
  assert.equal(itemTexts('account-menu'), ['Sign in']);
  assert.equal(itemTexts('language-menu'), ['English', 'Nederlands']);
  assert.equal(app.missing, []);
});

t('a system admin gets the entities, organizations and admin menus', async () => {
  const app = await startApp({ account: SYS_ADMIN, organizations: [{ name: 'main' }, { name: 'other org' }] });
  assert.equal(itemTexts('entity-menu'), ['Source', 'Source type', 'Source data', 'Subject']);
  assert.equal(itemTexts('projects-menu'), ['main', 'other org']);
  assert.is(document.querySelector('[aria-labelledby="projects-menu"] a')?.getAttribute('href'), '/organization/main');
  assert.equal(itemTexts('admin-menu'), ['User management', 'Organizations', 'OAuth clients', 'Metrics', 'Health', 'Audits', 'Revisions', 'Logs', 'Record of processing']);
  assert.equal(itemTexts('account-menu'), ['Settings', 'Password', 'Sign out']);
  assert.is(document.querySelector('[aria-labelledby="account-menu"] a')?.getAttribute('href'), 'api/redirect/account');
  assert.ok($('#logout'));
  assert.is($('#login'), null);
  assert.equal(app.missing, []);
});

t('API docs appear in the admin menu only with the api-docs profile', async () => {
  await startApp({ account: SYS_ADMIN, profiles: ['api-docs'] });
  assert.equal(itemTexts('admin-menu').slice(-1), ['API documentation']);
});

t('an organization admin sees organizations but no admin or entity menus', async () => {
  await startApp({
    account: { login: 'org', activated: true, roles: [{ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'main' }] },
    organizations: [{ name: 'main' }],
  });
  assert.ok($('#projects-menu'));
  assert.equal([$('#entity-menu'), $('#admin-menu')], [null, null]);
});

t('menus work by keyboard: Enter opens on the first item, arrows move, Escape closes back to the button', async () => {
  await startApp({ account: SYS_ADMIN });
  const button = $('#admin-menu')!;
  const list = $('[aria-labelledby="admin-menu"]')!;
  assert.ok(list.hidden);
  assert.is(button.getAttribute('aria-haspopup'), 'menu');
  button.focus();
  fireEvent.keyDown(button, { key: 'Enter' });
  assert.is(button.getAttribute('aria-expanded'), 'true');
  assert.not.ok(list.hidden);
  assert.is(document.activeElement?.textContent, 'User management');
  fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
  assert.is(document.activeElement?.textContent, 'Organizations');
  fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
  fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
  assert.is(document.activeElement?.textContent, 'Record of processing', 'wraps around');
  fireEvent.keyDown(document.activeElement!, { key: 'Home' });
  assert.is(document.activeElement?.textContent, 'User management');
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  assert.ok(list.hidden);
  assert.is(document.activeElement, button);
  fireEvent.keyDown(button, { key: 'ArrowUp' });
  assert.is(document.activeElement?.textContent, 'Record of processing', 'ArrowUp opens on the last item');
  fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
  assert.ok(list.hidden, 'Tab closes');
  fireEvent.keyDown(button, { key: ' ' });
  assert.is(document.activeElement?.textContent, 'User management', 'Space opens too');
});

t('choosing a menu item navigates and closes the menu; a click elsewhere closes it', async () => {
  const app = await startApp({ account: SYS_ADMIN });
  fireEvent.click($('#entity-menu')!);
  assert.is($('#entity-menu')!.getAttribute('aria-expanded'), 'true');
  fireEvent.mouseDown(document.body);
  assert.is($('#entity-menu')!.getAttribute('aria-expanded'), 'false');
  fireEvent.click($('#entity-menu')!);
  act(() => app.services.router.navigate('subject'));
  assert.is($('#entity-menu')!.getAttribute('aria-expanded'), 'false', 'a navigation elsewhere closes it');
  await app.settle(); // let the subject page's chunk arrive
  fireEvent.click($('#entity-menu')!);
  fireEvent.click(app.view.getByRole('menuitem', { name: 'Source data' }));
  assert.is(url(app.history), '/source-data');
  // React may hold this commit back briefly while the new page's chunk loads.
  await waitFor(() => assert.is($('#entity-menu')!.getAttribute('aria-expanded'), 'false'));
});

t('the language menu switches the interface language', async () => {
  const app = await startApp();
  fireEvent.click($('#language-menu')!);
  assert.is(app.view.getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked'), 'true');
  fireEvent.click(app.view.getByRole('menuitemradio', { name: 'Nederlands' }));
  await app.settle();
  assert.is($('#language-menu')!.textContent, 'Taal');
  assert.ok(app.view.getByText('U bent niet ingelogd.', { exact: false }));
  assert.is(document.documentElement.lang, 'nl');
  assert.is(document.title, 'Welkom bij het ManagementPortal');
  assert.is(localStorage.getItem('mp-language'), 'nl', 'the choice is kept for the next visit');
  localStorage.removeItem('mp-language');
});

t('sign out posts api/logout, forgets the account and goes home', async () => {
  const app = await startApp({ account: SYS_ADMIN, url: '/user-management' });
  await app.settle();
  fireEvent.click($('#account-menu')!);
  fireEvent.click($('#logout')!);
  await app.settle();
  assert.ok(app.calls.some((c) => c.method === 'POST' && c.url === 'api/logout'));
  assert.is(url(app.history), '/');
  assert.is(app.services.session.store.getState().account, null);
  assert.ok($('#login'));
  assert.is(app.storage.data.get('jhi-previousState'), undefined, 'leaving by sign-out is not a destination to return to');
});

t('the burger button folds the menus on small screens', async () => {
  const app = await startApp();
  const burger = app.view.getByRole('button', { name: 'Toggle navigation' });
  const nav = $('#navbar-collapse')!;
  assert.is(burger.getAttribute('aria-expanded'), 'false');
  assert.not.ok(nav.classList.contains('navbar__collapse--open'));
  fireEvent.click(burger);
  assert.is(burger.getAttribute('aria-expanded'), 'true');
  assert.ok(nav.classList.contains('navbar__collapse--open'));
  act(() => app.services.router.navigate('error'));
  assert.is(burger.getAttribute('aria-expanded'), 'false', 'navigating folds it again');
});

t.run();
