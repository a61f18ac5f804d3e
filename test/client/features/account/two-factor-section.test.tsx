// The settings page's two-factor section: enrol with the QR code, key and otpauth link, confirm with a code (the
// input is a one-time-code field), the recovery codes shown once, a wrong code shown in the section, and disable.
import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent } from '@testing-library/react';
import type { UserDTO } from '../../../../src/common/dto';
import { SettingsPage } from '../../../../src/client/features/account';
import { harness, SYS_ADMIN, tick } from '../../components/harness';
import { json, type Responder } from '../../lib/fake-fetch';

const ACCOUNT: UserDTO = { ...SYS_ADMIN, firstName: 'Ada', lastName: 'Admin', email: 'admin@example.org', langKey: 'en' };
const URI = 'otpauth://totp/ManagementPortal:admin?secret=JBSWY3DPEHPK3PXP&issuer=ManagementPortal&algorithm=SHA1&digits=6&period=30';
const CODES = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbbb`.replace(/\d/, String.fromCharCode(97 + i)));

const t = suite('account: two-factor section');
t.after.each(() => cleanup());

async function open(answers: Record<string, Responder | Responder[]>, language: 'en' | 'nl' = 'en') {
  const h = await harness({ url: '/settings', account: ACCOUNT, language, answers: { 'GET api/account': json(ACCOUNT), 'GET api/account/sessions': json([]), ...answers } });
  const view = h.render(<SettingsPage params={{}} />);
  await act(() => tick(10));
  return { h, view };
}

t('enrol: QR code, key, otpauth link, confirm with a code, then the recovery codes once', async () => {
  const { h, view } = await open({
    'GET api/account/two-factor': [json({ enabled: false, recoveryCodesLeft: 0 }), json({ enabled: true, recoveryCodesLeft: 10 })],
    'POST api/account/two-factor/enrol': json({ secret: 'JBSWY3DPEHPK3PXP', uri: URI }),
    'POST api/account/two-factor/confirm': [
      json({ message: 'twoFactor.error.invalidCode' }, 400, { 'X-managementPortalApp-error': 'twoFactor.error.invalidCode' }),
      json({ recoveryCodes: CODES }),
    ],
  });
  assert.ok(view.getByRole('heading', { name: 'Two-factor sign-in' }));
  fireEvent.click(view.getByRole('button', { name: 'Enable two-factor sign-in' }));
  await act(() => tick(10));
  const qr = view.getByAltText('QR code for the authenticator app') as HTMLImageElement;
  assert.match(qr.src, /^data:image\/svg\+xml/);
  assert.match(decodeURIComponent(qr.src), /<path fill="#000000" d="M/);
  assert.ok(view.getByText('JBSWY3DPEHPK3PXP'));
  assert.is(view.getByRole('link', { name: /authenticator app on this device/ }).getAttribute('href'), URI);
  const input = view.getByLabelText(/Code from the app/) as HTMLInputElement;
  assert.is(input.getAttribute('autocomplete'), 'one-time-code');
  assert.is(input.getAttribute('inputmode'), 'numeric');
  const confirm = view.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
  assert.ok(confirm.disabled, 'no code yet');
  fireEvent.change(input, { target: { value: '000000' } });
  fireEvent.click(confirm);
  await act(() => tick(10));
  assert.is(view.getByRole('alert').textContent, 'That code is not right, or it was used already.');
  assert.ok(view.getByText('JBSWY3DPEHPK3PXP'), 'still enrolling');
  fireEvent.change(view.getByLabelText(/Code from the app/), { target: { value: '123456' } });
  fireEvent.click(view.getByRole('button', { name: 'Confirm' }));
  await act(() => tick(10));
  const posts = h.calls.filter((c) => c.url === 'api/account/two-factor/confirm');
  assert.equal(JSON.parse(posts[1].body!), { code: '123456' });
  for (const code of CODES) assert.ok(view.getByText(code));
  assert.is(view.queryByText('JBSWY3DPEHPK3PXP'), null, 'the key is gone');
  fireEvent.click(view.getByRole('button', { name: 'I have saved these codes' }));
  await act(() => tick(10));
  assert.is(view.queryByText(CODES[0]), null, 'the codes are shown only once');
  assert.ok(view.getByText('Two-factor sign-in is enabled. Recovery codes left: 10.'));
  assert.equal(h.missing, []);
  assert.equal(h.alerts.getAlerts(), []);
});

t('disable with a current code (Dutch)', async () => {
  const { h, view } = await open({
    'GET api/account/two-factor': json({ enabled: true, recoveryCodesLeft: 7 }),
    'POST api/account/two-factor/disable': { status: 204 },
  }, 'nl');
  assert.ok(view.getByText('Inloggen in twee stappen staat aan. Resterende herstelcodes: 7.'));
  fireEvent.change(view.getByLabelText(/Huidige code of herstelcode/), { target: { value: 'abcde-fghij' } });
  fireEvent.click(view.getByRole('button', { name: 'Inloggen in twee stappen uitzetten' }));
  await act(() => tick(10));
  assert.equal(JSON.parse(h.calls.find((c) => c.url === 'api/account/two-factor/disable')!.body!), { code: 'abcde-fghij' });
  assert.is(view.getByRole('status').textContent, 'Inloggen in twee stappen staat uit.');
  assert.ok(view.getByRole('button', { name: 'Inloggen in twee stappen aanzetten' }));
  assert.equal(h.missing, []);
});

t.run();
