import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent } from '@testing-library/react';
import { ACCOUNT_RULES, USER_RULES } from '../../../../src/common/validation';
import { Checkbox, DateInput, Select, TextArea, TextField, useForm, type Form } from '../../../../src/client/components/form';
import { ApiError } from '../../../../src/client/lib/http';
import { harness } from '../harness';

const t = suite('useForm and fields');
t.after.each(() => cleanup());

interface Settings extends Record<string, unknown> {
  login: string;
  firstName: string;
  lastName: string;
  email: string;
  langKey: string;
  remember: boolean;
  birthday: string;
  notes: string;
}
const initial: Settings = { login: 'ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', langKey: 'en', remember: true, birthday: '', notes: '' };

let form: Form<Settings>;
function SettingsForm() {
  form = useForm<Settings>({ initial, rules: ACCOUNT_RULES });
  return (
    <form>
      <TextField label="First name" required {...form.field('firstName')} />
      <TextField label="Last name" {...form.field('lastName')} />
      <TextField label="Email" type="email" {...form.field('email')} />
      <Select label="Language" options={[{ value: 'en', label: 'English' }, { value: 'nl', label: 'Nederlands' }]} placeholder {...form.field('langKey')} />
      <Checkbox label="Remember me" {...form.field('remember')} />
      <DateInput label="Birthday" {...form.field('birthday')} />
      <TextArea label="Notes" {...form.field('notes')} />
      <button type="button" disabled={!form.valid || form.saving}>
        Save
      </button>
    </form>
  );
}

const input = (view: ReturnType<Awaited<ReturnType<typeof harness>>['render']>, label: string) => view.getByLabelText(label, { exact: false }) as HTMLInputElement;

t('fields are labelled controls bound to the form values', async () => {
  const h = await harness();
  const view = h.render(<SettingsForm />);
  assert.is(input(view, 'First name').value, 'Ada');
  assert.is((input(view, 'Language') as unknown as HTMLSelectElement).value, 'en');
  assert.ok(input(view, 'Remember me').checked);
  assert.is(input(view, 'Birthday').type, 'date');
  assert.is(input(view, 'Notes').tagName, 'TEXTAREA');
  assert.ok(view.getByRole('option', { name: 'Choose…' }));
  fireEvent.click(input(view, 'Remember me'));
  assert.is(form.values.remember, false);
  fireEvent.change(input(view, 'Language'), { target: { value: 'nl' } });
  assert.is(form.values.langKey, 'nl');
  assert.equal(h.missing, []);
});

t('a message appears once the field is dirty and invalid, from the shared rules, and the save button follows validity', async () => {
  const h = await harness();
  const view = h.render(<SettingsForm />);
  const save = view.getByText('Save') as HTMLButtonElement;
  assert.not.ok(save.disabled);
  fireEvent.change(input(view, 'First name'), { target: { value: '' } });
  assert.ok(view.getByText('This field is required.'));
  assert.is(input(view, 'First name').getAttribute('aria-invalid'), 'true');
  const messageId = input(view, 'First name').getAttribute('aria-describedby')!;
  assert.is(document.getElementById(messageId)?.textContent, 'This field is required.');
  assert.ok(save.disabled);
  fireEvent.change(input(view, 'First name'), { target: { value: 'x'.repeat(51) } });
  assert.ok(view.getByText('This field cannot be longer than 50 characters.'));
  fireEvent.change(input(view, 'First name'), { target: { value: 'Ada' } });
  assert.is(view.container.querySelector('.field__message'), null);
  assert.not.ok(save.disabled);
  assert.equal(h.missing, []);
});

t('email fields use the global email messages', async () => {
  const h = await harness();
  const view = h.render(<SettingsForm />);
  const email = input(view, 'Email');
  fireEvent.change(email, { target: { value: '' } });
  assert.ok(view.getByText('Your email is required.'));
  fireEvent.change(email, { target: { value: 'a@b' } });
  assert.ok(view.getByText('Your email is required to be at least 5 characters.'));
  fireEvent.change(email, { target: { value: 'not an email' } });
  assert.ok(view.getByText('Your email is invalid.'));
  assert.equal(h.missing, []);
});

t('an invalid value that was never touched shows no message but still makes the form invalid', async () => {
  const h = await harness();
  let probe!: Form<{ login: string; email: string }>;
  function UserForm() {
    probe = useForm({ initial: { login: 'bad/login', email: '' }, rules: USER_RULES });
    return <TextField label="Login" {...probe.field('login')} />;
  }
  const view = h.render(<UserForm />);
  assert.is(view.container.querySelector('.field__message'), null);
  assert.not.ok(probe.valid);
  assert.equal(Object.keys(probe.errors).sort(), ['email', 'login']);
  assert.equal(probe.errors.login, { key: 'entity.validation.pattern', params: { pattern: "^[_'.@A-Za-z0-9- ]*$" } });
  fireEvent.change(input(view, 'Login'), { target: { value: 'still/bad' } });
  assert.ok(view.getByText(/can only contain alphanumerics/));
});

t('check() adds form-specific rules; overrides change a message key', async () => {
  const h = await harness();
  let probe!: Form<{ password: string; confirm: string }>;
  function PasswordForm() {
    probe = useForm({
      initial: { password: '', confirm: '' },
      check: (v) => (v.password !== v.confirm ? { confirm: { key: 'reset.finish.messages.dontmatch' } } : {}),
    });
    return (
      <>
        <TextField label="New" type="password" {...probe.field('password')} />
        <TextField label="Confirm" type="password" {...probe.field('confirm')} />
      </>
    );
  }
  const view = h.render(<PasswordForm />);
  fireEvent.change(input(view, 'New'), { target: { value: 'abc' } });
  assert.is(view.container.querySelector('.field__message'), null, 'confirm is not dirty yet');
  fireEvent.change(input(view, 'Confirm'), { target: { value: 'abd' } });
  assert.ok(view.getByText('The password and its confirmation do not match!'));
  assert.not.ok(probe.valid);
});

t('submit sets saving while the save runs, clears it after, and answers false on an HTTP failure', async () => {
  const h = await harness();
  h.render(<SettingsForm />);
  let finish!: () => void;
  let result: Promise<boolean>;
  act(() => {
    result = form.submit(() => new Promise<void>((resolve) => (finish = resolve)));
  });
  assert.ok(form.saving);
  await act(async () => finish());
  assert.is(await result!, true);
  assert.not.ok(form.saving);
  const failure = new ApiError({ status: 400, headers: new Headers(), body: undefined, method: 'POST', url: 'api/account' });
  let failed!: boolean;
  await act(async () => {
    failed = await form.submit(() => Promise.reject(failure));
  });
  assert.is(failed, false);
  assert.not.ok(form.saving);
  let bug: unknown;
  await act(async () => {
    await form.submit(() => {
      throw new TypeError('a bug');
    }).catch((error: unknown) => (bug = error));
  });
  assert.instance(bug, TypeError, 'non-HTTP errors are not swallowed');
});

t('reset forgets dirtiness; load fills values without making them dirty', async () => {
  const h = await harness();
  const view = h.render(<SettingsForm />);
  fireEvent.change(input(view, 'First name'), { target: { value: '' } });
  assert.ok(form.dirty.firstName);
  act(() => form.reset());
  assert.equal(form.dirty, {});
  assert.is(input(view, 'First name').value, 'Ada');
  act(() => form.load({ firstName: '' }));
  assert.is(view.container.querySelector('.field__message'), null);
  assert.not.ok(form.valid);
});

t('a save right after a change (before React re-renders) sends the changed values', async () => {
  const h = await harness();
  h.render(<SettingsForm />);
  const seen: Settings[] = [];
  await act(async () => {
    // As a widget event does: set, then Save in the same task, with no render in between.
    form.set('notes', 'from a widget');
    form.load({ lastName: 'Byron' });
    await form.submit((values) => void seen.push(values));
  });
  assert.is(seen[0].notes, 'from a widget');
  assert.is(seen[0].lastName, 'Byron');
  assert.is(form.values.notes, 'from a widget');
});

t.run();
