import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor } from '@testing-library/react';
import { PairAppDialog } from '../../../../src/client/features/subject/pair-app';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';

const clients = [
  { clientId: 'aRMT', additionalInformation: { dynamic_registration: 'true' } },
  { clientId: 'backend', additionalInformation: {} },
];
const subject = (persistentTokenTimeout?: number) => ({ login: 'sub-1', project: { projectName: 'radar', persistentTokenTimeout } });
const pairInfo = (tokenName: string, timeout = 3600000) => ({
  tokenName,
  tokenUrl: `https://mp.example/api/meta-token/${tokenName}`,
  baseUrl: 'https://mp.example',
  timeout,
  timesOutAt: '2030-01-01T12:00:00Z',
});

const t = suite('pair app');
t.after.each(() => cleanup());

t('offers only dynamic-registration apps, shows the QR code and deletes the old and the last token', async () => {
  const h = await harness({
    account: SYS_ADMIN,
    answers: {
      'GET api/subjects/sub-1': json(subject()),
      'GET api/oauth-clients': json(clients),
      'GET api/oauth-clients/pair': [json(pairInfo('tok-one')), json(pairInfo('tok-two', 2 * 86400000 + 1))],
      'DELETE api/meta-token/tok-one': { status: 204 },
      'DELETE api/meta-token/tok-two': { status: 204 },
    },
  });
  const view = h.render(<PairAppDialog params={{ login: 'sub-1' }} close={() => {}} />);
  await waitFor(() => assert.ok(view.getByRole('option', { name: 'aRMT' })));
  assert.not.ok(view.queryByRole('option', { name: 'backend' }));
  assert.not.ok(view.queryByRole('button', { name: 'Generate persistent token' }));
  await act(async () => {
    fireEvent.click(view.getByRole('button', { name: 'Generate token' }));
    await tick(10);
  });
  const pairCall = h.calls.find((c) => c.url.startsWith('api/oauth-clients/pair'))!;
  assert.ok(pairCall.url.includes('clientId=aRMT') && pairCall.url.includes('login=sub-1') && pairCall.url.includes('persistent=false'));
  const img = view.baseElement.querySelector('img.pair-app__qr') as HTMLImageElement;
  assert.is(img.getAttribute('data-token-url'), 'https://mp.example/api/meta-token/tok-one');
  assert.is(img.getAttribute('width'), '400');
  assert.ok(view.getByText(/can be used for 1 hour/));
  await act(async () => {
    fireEvent.click(view.getByRole('button', { name: 'Generate token' }));
    await tick(10);
  });
  assert.ok(h.calls.some((c) => c.method === 'DELETE' && c.url === 'api/meta-token/tok-one'));
  assert.ok(view.getByText(/can be used for 2 days/));
  view.unmount();
  await tick(10);
  assert.ok(h.calls.some((c) => c.method === 'DELETE' && c.url === 'api/meta-token/tok-two'));
  assert.equal(h.missing, []);
});

t('a persistent token is offered when the project has a persistentTokenTimeout', async () => {
  const h = await harness({
    account: SYS_ADMIN,
    answers: {
      'GET api/subjects/sub-1': json(subject(31 * 86400000)),
      'GET api/oauth-clients': json(clients),
      'GET api/oauth-clients/pair': json(pairInfo('persistent-token', 31 * 86400000)),
      'DELETE api/meta-token/persistent-token': { status: 204 },
    },
  });
  const view = h.render(<PairAppDialog params={{ login: 'sub-1' }} close={() => {}} />);
  await waitFor(() => assert.ok(view.getByRole('button', { name: 'Generate persistent token' })));
  await act(async () => {
    fireEvent.click(view.getByRole('button', { name: 'Generate persistent token' }));
    await tick(10);
  });
  assert.ok(h.calls.some((c) => c.url.includes('persistent=true')));
  assert.ok(view.getByText(/31 days/));
});

t.run();
