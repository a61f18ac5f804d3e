import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, waitFor } from '@testing-library/react';
import { startApp } from '../../layout/app-harness';

const t = suite('register page');
t.after.each(() => cleanup());

for (const [language, heading, signIn] of [
  ['en', 'Accounts are created by an administrator', 'Sign in'],
  ['nl', 'Accounts worden door een beheerder aangemaakt', 'Aanmelden'],
] as const) {
  t(`#/register (where the sign-in page's register link leads) explains who creates accounts (${language})`, async () => {
    const app = await startApp({ url: '/register', language });
    await waitFor(() => assert.is(document.querySelector('main h1')?.textContent, heading), { timeout: 3000 });
    assert.is(document.title, heading);
    assert.ok(app.view.getByText(language === 'en' ? /You cannot register an account yourself/ : /U kunt zelf geen account registreren/));
    assert.is(app.view.getByRole('link', { name: signIn }).getAttribute('href'), 'api/redirect/login');
    assert.ok(app.view.getByRole('link', { name: language === 'en' ? 'Did you forget your password?' : 'Wachtwoord vergeten?' }));
    assert.equal(app.missing, []);
  });
}

t.run();
