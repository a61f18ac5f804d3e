import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, waitFor } from '@testing-library/react';
import { SYS_ADMIN, tick } from '../components/harness';
import { json } from '../lib/fake-fetch';
import { PAGE_ANNOUNCER_ID } from '../../../src/client/lib/announcer';
import { focusNewPage } from '../../../src/client/layout/focus-new-page';
import { startApp } from './app-harness';

const t = suite('shell: focus and announcements');
t.after.each(() => cleanup());

const announced = () => document.getElementById(PAGE_ANNOUNCER_ID)?.textContent ?? '';

t('after a navigation focus is on the new page\'s heading and its title is announced; query changes leave focus alone', async () => {
  const app = await startApp({ account: SYS_ADMIN, url: '/organization' });
  await app.settle();
  assert.is.not(document.activeElement?.tagName, 'H1', 'the first page of a visit is left alone');
  assert.is(announced(), '');
  await act(async () => app.services.router.navigate('audits'));
  // The audits area is a lazily loaded chunk: wait for it (the shell waits up to 3 s for the heading).
  await waitFor(() => assert.is(document.activeElement?.tagName, 'H1'), { timeout: 3000 });
  const heading = document.activeElement as HTMLElement;
  assert.is(heading.tagName, 'H1');
  assert.is(heading.textContent, 'Audits');
  assert.is(heading.getAttribute('tabindex'), '-1');
  await waitFor(() => assert.is(announced(), 'Audits'), { timeout: 1000 });
  // A sort or filter in the query is no new page.
  const button = document.querySelector('nav a, nav button') as HTMLElement;
  button.focus();
  await act(async () => app.services.router.setQuery({ page: 2 }));
  await app.settle(200);
  assert.is(document.activeElement, button);
  assert.equal(app.missing, []);
});

t('focusNewPage: the heading once it is there, but never away from a field of the new page the user already went to', async () => {
  const main = document.createElement('main');
  main.tabIndex = -1;
  document.body.append(main);
  try {
    main.innerHTML = '<p class="loading">Loading</p>';
    const stop = focusNewPage(main, () => 'Reset');
    main.innerHTML = '<h1>Reset</h1><input aria-label="E-mail">';
    await waitFor(() => assert.is(document.activeElement, main.querySelector('h1')), { timeout: 1000 });
    stop();
    main.innerHTML = '<p class="loading">Loading</p>';
    const again = focusNewPage(main, () => 'Reset');
    main.innerHTML = '<h1>Reset</h1><input aria-label="E-mail">';
    const field = main.querySelector('input')!;
    field.focus();
    await act(() => tick(200));
    assert.is(document.activeElement, field, 'typing is not interrupted');
    again();
  } finally {
    main.remove();
  }
});

t('the user list announces how many users a filter found (not on the first load)', async () => {
  const users = (n: number) => Array.from({ length: n }, (_, i) => ({ login: `u${i}`, activated: true, roles: [] }));
  const app = await startApp({
    account: SYS_ADMIN,
    url: '/user-management',
    answers: {
      'GET api/users?page=0&size=20&sort=id,asc': json(users(3), 200, { 'X-Total-Count': '3' }),
      'GET api/users?page=0&size=20&sort=id,asc&login=u1': json(users(1), 200, { 'X-Total-Count': '1' }),
    },
  });
  await app.settle(300);
  assert.is(announced(), '');
  await act(async () => app.services.router.setQuery({ login: 'u1' }, { replace: true }));
  await waitFor(() => assert.is(announced(), '1 user found'), { timeout: 2000 });
  assert.equal(app.missing, []);
});

t.run();
