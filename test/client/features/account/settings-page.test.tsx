import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, type RenderResult } from '@testing-library/react';
import type { UserDTO } from '../../../../src/common/dto';
import { SettingsPage } from '../../../../src/client/features/account';
import { harness, SYS_ADMIN, tick } from '../../components/harness';
import { json, type Responder } from '../../lib/fake-fetch';

const ACCOUNT: UserDTO = { ...SYS_ADMIN, firstName: 'Ada', lastName: 'Admin', email: 'admin@example.org', langKey: 'en' };

const t = suite('account: SettingsPage');
t.after.each(() => cleanup());

async function open(save: Responder = { status: 204 }, refreshed: UserDTO = ACCOUNT) {
  const h = await harness({
    url: '/settings',
    account: ACCOUNT,
    answers: { 'POST api/account': save, 'GET api/account': json(refreshed), 'GET api/account/two-factor': json({ enabled: false, recoveryCodesLeft: 0 }), 'GET api/account/sessions': json([]) },
  });
  const view = h.render(<SettingsPage params={{}} />);
  return { h, view };
}

const field = (view: RenderResult, label: RegExp) => view.getByLabelText(label) as HTMLInputElement;
const saveButton = (view: RenderResult) => view.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

t('shows the username in the title and the account in the form, with the 32 languages', async () => {
  const { h, view } = await open();
  assert.is(view.getByRole('heading', { level: 1 }).textContent, 'User settings for [admin]');
  assert.is(field(view, /First name/).value, 'Ada');
  assert.is(field(view, /Last name/).value, 'Admin');
  assert.is(field(view, /Email/).value, 'admin@example.org');
  const language = view.getByLabelText('Language') as HTMLSelectElement;
  assert.is(language.value, 'en');
  assert.is(language.options.length, 32);
  assert.ok([...language.options].some((o) => o.value === 'nl' && o.text === 'Nederlands'));
  assert.not.ok(saveButton(view).disabled);
  assert.equal(h.missing, []);
});

t('validation shows once a field is dirty, and disables save', async () => {
  const { view } = await open();
  fireEvent.change(field(view, /First name/), { target: { value: '' } });
  assert.ok(view.getByText('This field is required.'));
  assert.ok(saveButton(view).disabled);
  fireEvent.change(field(view, /First name/), { target: { value: 'x'.repeat(51) } });
  assert.ok(view.getByText('This field cannot be longer than 50 characters.'));
  fireEvent.change(field(view, /First name/), { target: { value: 'Ada' } });
  fireEvent.change(field(view, /Email/), { target: { value: 'a@b' } });
  assert.ok(view.getByText('Your email is required to be at least 5 characters.'));
  fireEvent.change(field(view, /Email/), { target: { value: 'not an email' } });
  assert.ok(view.getByText('Your email is invalid.'));
  assert.ok(saveButton(view).disabled);
});

t('saving posts the account, shows success, switches to the chosen language and re-reads the account', async () => {
  const refreshed = { ...ACCOUNT, firstName: 'Ida', langKey: 'nl' };
  const { h, view } = await open({ status: 204 }, refreshed);
  fireEvent.change(field(view, /First name/), { target: { value: 'Ida' } });
  fireEvent.change(view.getByLabelText('Language'), { target: { value: 'nl' } });
  fireEvent.click(saveButton(view));
  await act(() => tick(10));
  const post = h.calls.find((c) => c.method === 'POST' && c.url === 'api/account')!;
  const body = JSON.parse(post.body!);
  assert.equal(
    { login: body.login, firstName: body.firstName, lastName: body.lastName, email: body.email, langKey: body.langKey },
    { login: 'admin', firstName: 'Ida', lastName: 'Admin', email: 'admin@example.org', langKey: 'nl' },
  );
  assert.is(h.i18n.language, 'nl');
  assert.is(view.getByRole('status').textContent, 'Instellingen opgeslagen.');
  assert.ok(h.calls.some((c) => c.method === 'GET' && c.url === 'api/account'), 'the account is re-read');
  assert.is(h.session.store.getState().account?.firstName, 'Ida');
  assert.is(field(view, /Voornaam/).value, 'Ida', 'the edits stay');
});

t('a language outside the interface languages is saved but does not switch the interface', async () => {
  const { h, view } = await open();
  fireEvent.change(view.getByLabelText('Language'), { target: { value: 'de' } });
  fireEvent.click(saveButton(view));
  await act(() => tick(10));
  assert.is(JSON.parse(h.calls.find((c) => c.method === 'POST')!.body!).langKey, 'de');
  assert.is(h.i18n.language, 'en');
});

t('a failure shows the settings error with the reason, and no global alert', async () => {
  const { h, view } = await open(json({ message: 'error.emailexists', params: { email: 'x@y.z' } }, 409));
  fireEvent.click(saveButton(view));
  await act(() => tick(10));
  assert.is(view.getByRole('alert').textContent, 'An error has occurred! Settings could not be saved. This email is already in use.');
  assert.equal(h.alerts.getAlerts(), []);
  assert.not.ok(h.calls.some((c) => c.method === 'GET' && c.url === 'api/account'));
});

t('without an account saving fails at once with "account not provided" and sends nothing', async () => {
  const h = await harness({ url: '/settings', answers: {} });
  const view = h.render(<SettingsPage params={{}} />);
  fireEvent.change(field(view, /First name/), { target: { value: 'Ada' } });
  fireEvent.change(field(view, /Last name/), { target: { value: 'Admin' } });
  fireEvent.change(field(view, /Email/), { target: { value: 'ada@example.org' } });
  assert.not.ok(saveButton(view).disabled);
  fireEvent.click(saveButton(view));
  await act(() => tick(10));
  assert.is(view.getByRole('alert').textContent, 'An error has occurred! Settings could not be saved. Account not provided.');
  assert.not.ok(h.calls.some((c) => c.method === 'POST'), 'nothing sent');
  assert.not.ok(h.calls.some((c) => c.url === 'api/account'));
  assert.equal(h.missing, []);
});

t.run();
