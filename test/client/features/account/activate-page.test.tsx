import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup } from '@testing-library/react';
import { StrictMode } from 'react';
import { ActivatePage } from '../../../../src/client/features/account';
import { harness, tick } from '../../components/harness';
import { type Responder } from '../../lib/fake-fetch';

const t = suite('account: ActivatePage');
t.after.each(() => cleanup());

async function open(url: string, answer: Responder = { status: 200 }) {
  const h = await harness({ url, answers: { 'GET api/activate': answer } });
  const view = h.render(
    <StrictMode>
      <ActivatePage params={{}} />
    </StrictMode>,
  );
  await act(() => tick());
  return { h, view };
}

t('without a key the activation error shows and nothing is asked', async () => {
  const { h, view } = await open('/activate');
  assert.is(view.getByRole('alert').textContent, 'Your user could not be activated. Please use the registration form to sign up.');
  assert.is(h.calls.filter((c) => c.url.startsWith('api/activate')).length, 0);
  assert.equal(h.missing, []);
});

t('a working key activates once (even under StrictMode) and offers sign-in', async () => {
  const { h, view } = await open('/activate?key=abc');
  assert.equal(h.calls.filter((c) => c.url.startsWith('api/activate')).map((c) => c.url), ['api/activate?key=abc']);
  assert.match(view.getByRole('status').textContent!, /^Your user account has been activated\. Sign in$/);
  assert.is(view.getByRole('link', { name: 'Sign in' }).getAttribute('href'), 'api/redirect/login');
});

t('a refused key shows the activation error without a global alert', async () => {
  const { h, view } = await open('/activate?key=nope', { status: 404 });
  assert.match(view.getByRole('alert').textContent!, /could not be activated/);
  assert.equal(h.alerts.getAlerts(), []);
});

t.run();
