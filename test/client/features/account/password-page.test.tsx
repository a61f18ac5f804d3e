import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, type RenderResult } from '@testing-library/react';
import { PasswordPage } from '../../../../src/client/features/account';
import { harness, SYS_ADMIN, tick } from '../../components/harness';
import { json, type Responder } from '../../lib/fake-fetch';

const t = suite('account: PasswordPage');
t.after.each(() => cleanup());

async function open(answer: Responder = { status: 204 }) {
  const h = await harness({ url: '/password', account: SYS_ADMIN, answers: { 'POST api/account/change_password': answer } });
  const view = h.render(<PasswordPage params={{}} />);
  return { h, view };
}

const type = (view: RenderResult, label: RegExp, value: string) => fireEvent.change(view.getByLabelText(label), { target: { value } });
const saveButton = (view: RenderResult) => view.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const posts = (h: Awaited<ReturnType<typeof harness>>) => h.calls.filter((c) => c.url === 'api/account/change_password');

t('the title names the user; save stays disabled until both fields hold 8-100 characters', async () => {
  const { h, view } = await open();
  assert.is(view.getByRole('heading', { level: 1 }).textContent, 'Password for [admin]');
  assert.ok(saveButton(view).disabled);
  type(view, /New password \*/, 'short');
  assert.ok(view.getByText('This field is required to be at least 8 characters.'));
  type(view, /confirmation/, 'short');
  assert.ok(saveButton(view).disabled);
  type(view, /New password \*/, 'x'.repeat(101));
  assert.ok(view.getByText('This field cannot be longer than 100 characters.'));
  assert.equal(h.missing, []);
});

t('a mismatch or a weak password is refused without a request', async () => {
  const { h, view } = await open();
  type(view, /New password \*/, 'Secret-Password-1');
  type(view, /confirmation/, 'Secret-Password-2');
  fireEvent.click(saveButton(view));
  assert.is(view.getByRole('alert').textContent, 'The password and its confirmation do not match!');
  type(view, /New password \*/, 'aaaaaaaaaa');
  type(view, /confirmation/, 'aaaaaaaaaa');
  fireEvent.click(saveButton(view));
  assert.match(view.getByRole('alert').textContent!, /too weak/);
  assert.is(posts(h).length, 0);
});

t('a good password is posted as plain text; success is shown and the form cleared', async () => {
  const { h, view } = await open();
  type(view, /New password \*/, 'Secret-Password-1');
  type(view, /confirmation/, 'Secret-Password-1');
  fireEvent.click(saveButton(view));
  await act(() => tick());
  const [post] = posts(h);
  assert.is(post.method, 'POST');
  assert.is(post.body, 'Secret-Password-1');
  assert.match(post.headers.get('Content-Type')!, /text\/plain/);
  assert.is(view.getByRole('status').textContent, 'Password changed!');
  assert.is((view.getByLabelText(/New password \*/) as HTMLInputElement).value, '');
});

t('a refused change shows the password error on the page and no global alert; the next submit clears it', async () => {
  const { h, view } = await open(json({ message: 'error.weakPassword' }, 400));
  type(view, /New password \*/, 'Secret-Password-1');
  type(view, /confirmation/, 'Secret-Password-1');
  fireEvent.click(saveButton(view));
  await act(() => tick());
  assert.is(view.getByRole('alert').textContent, 'An error has occurred! The password could not be changed.');
  assert.equal(h.alerts.getAlerts(), []);
  type(view, /confirmation/, 'Secret-Password-2');
  fireEvent.click(saveButton(view));
  assert.is(view.getAllByRole('alert').length, 1);
  assert.match(view.getByRole('alert').textContent!, /do not match/);
});

t.run();
