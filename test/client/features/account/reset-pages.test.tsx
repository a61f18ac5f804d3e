import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, type RenderResult } from '@testing-library/react';
import { ResetFinishPage, ResetRequestPage } from '../../../../src/client/features/account';
import { harness, tick } from '../../components/harness';
import { json, type Responder } from '../../lib/fake-fetch';

const type = (view: RenderResult, label: RegExp, value: string) => fireEvent.change(view.getByLabelText(label), { target: { value } });
const button = (view: RenderResult) => view.getByRole('button', { name: 'Reset password' }) as HTMLButtonElement;

const request = suite('account: ResetRequestPage');
request.after.each(() => cleanup());

async function openRequest(answer: Responder) {
  const h = await harness({ url: '/reset/request', answers: { 'POST api/account/reset_password/init': answer } });
  const view = h.render(<ResetRequestPage params={{}} />);
  return { h, view };
}

request('the e-mail must be valid and 5-100 characters before it can be sent', async () => {
  const { h, view } = await openRequest({ status: 204 });
  assert.ok(view.getByText('Enter the email address you used to register.'));
  assert.ok(button(view).disabled);
  type(view, /Email/, 'nope');
  assert.ok(view.getByText('Your email is required to be at least 5 characters.'));
  type(view, /Email/, 'no-at-sign');
  assert.ok(view.getByText('Your email is invalid.'));
  assert.ok(button(view).disabled);
  assert.equal(h.missing, []);
});

request('the address is posted as plain text; success replaces the form', async () => {
  const { h, view } = await openRequest({ status: 204 });
  type(view, /Email/, 'jo@example.org');
  fireEvent.click(button(view));
  await act(() => tick());
  const post = h.calls.find((c) => c.method === 'POST')!;
  assert.is(post.body, 'jo@example.org');
  assert.match(post.headers.get('Content-Type')!, /text\/plain/);
  assert.is(view.getByRole('status').textContent, 'Check your emails for details on how to reset your password.');
  assert.is(view.queryByRole('button'), null);
});

request('a 400 means the address is unknown; anything else is the generic error', async () => {
  const { h, view } = await openRequest(json({ message: 'error.emailNotRegistered' }, 400));
  type(view, /Email/, 'jo@example.org');
  fireEvent.click(button(view));
  await act(() => tick());
  assert.is(view.getByRole('alert').textContent, "Email address isn't registered! Please check and try again.");
  assert.equal(h.alerts.getAlerts(), []);
  cleanup();
  const other = await openRequest(json({ message: 'boom' }, 500));
  type(other.view, /Email/, 'jo@example.org');
  fireEvent.click(button(other.view));
  await act(() => tick());
  assert.is(other.view.getByRole('alert').textContent, 'The reset request could not be sent. Please try again later.');
});

request.run();

const finish = suite('account: ResetFinishPage');
finish.after.each(() => cleanup());

async function openFinish(url: string, answer: Responder = { status: 204 }) {
  const h = await harness({ url, answers: { 'POST api/account/reset_password/finish': answer } });
  const view = h.render(<ResetFinishPage params={{}} />);
  return { h, view };
}

finish('without a key only the key-missing error shows', async () => {
  const { h, view } = await openFinish('/reset/finish');
  assert.is(view.getByRole('alert').textContent, 'The reset key is missing.');
  assert.is(view.queryByRole('button'), null);
  assert.equal(h.missing, []);
});

finish('a mismatch and a weak password are refused before sending; the strength bar follows the password', async () => {
  const { h, view } = await openFinish('/reset/finish?key=123');
  type(view, /New password \*/, 'Secret-Password-1');
  assert.is(view.getByRole('meter').getAttribute('aria-valuetext'), 'Strong');
  type(view, /confirmation/, 'Secret-Password-2');
  fireEvent.click(button(view));
  assert.is(view.getByRole('alert').textContent, 'The password and its confirmation do not match!');
  type(view, /New password \*/, '12345678');
  type(view, /confirmation/, '12345678');
  fireEvent.click(button(view));
  assert.match(view.getByRole('alert').textContent!, /too weak/);
  assert.is(h.calls.filter((c) => c.method === 'POST').length, 0);
});

finish('the key and new password are sent; success links to sign-in', async () => {
  const { h, view } = await openFinish('/reset/finish?key=12345678901234567890');
  type(view, /New password \*/, 'Secret-Password-1');
  type(view, /confirmation/, 'Secret-Password-1');
  fireEvent.click(button(view));
  await act(() => tick());
  const post = h.calls.find((c) => c.method === 'POST')!;
  assert.equal(JSON.parse(post.body!), { key: '12345678901234567890', newPassword: 'Secret-Password-1' });
  assert.match(view.getByRole('status').textContent!, /^Your password has been reset\. Sign in$/);
  assert.is(view.getByRole('link', { name: 'Sign in' }).getAttribute('href'), 'api/redirect/login');
});

finish('a refused key shows the reset error', async () => {
  const { h, view } = await openFinish('/reset/finish?key=1', json({ message: 'error.invalidKey' }, 400));
  type(view, /New password \*/, 'Secret-Password-1');
  type(view, /confirmation/, 'Secret-Password-1');
  fireEvent.click(button(view));
  await act(() => tick());
  assert.match(view.getByRole('alert').textContent!, /couldn't be reset/);
  assert.equal(h.alerts.getAlerts(), []);
  assert.not.ok(button(view).disabled, 'the user may try again');
});

finish.run();
