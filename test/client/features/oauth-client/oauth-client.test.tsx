import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor } from '@testing-library/react';
import { OAuthClientDeleteDialog, OAuthClientDialog, OAuthClientListPage } from '../../../../src/client/features/oauth-client';
import { randomSecret, toClientDTO, toFormValues } from '../../../../src/client/features/oauth-client/client-form-model';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';

const client = (clientId: string, extra: Record<string, unknown> = {}) => ({
  clientId,
  clientSecret: null,
  scope: ['SUBJECT.READ'],
  resourceIds: ['res_gateway'],
  authorizedGrantTypes: ['refresh_token'],
  autoApproveScopes: [],
  accessTokenValiditySeconds: 86400,
  refreshTokenValiditySeconds: 5400,
  authorities: [],
  registeredRedirectUri: [],
  additionalInformation: { dynamic_registration: 'true' },
  ...extra,
});
const PROTECTED = client('ManagementPortalapp', { additionalInformation: { protected: 'true' } });

const t = suite('oauth clients');
t.after.each(() => cleanup());

t('the list shows validities in whole units, lists via show-more, and disables protected rows', async () => {
  const h = await harness({ url: '/oauth-client', account: SYS_ADMIN, answers: { 'GET api/oauth-clients': json([client('aRMT'), PROTECTED]) } });
  const view = await act(async () => h.render(<OAuthClientListPage params={{}} />));
  await waitFor(() => assert.ok(view.getByRole('cell', { name: 'aRMT' })));
  assert.is(view.getAllByText('Access: 1 day').length, 2);
  assert.is(view.getAllByText('Refresh: 90 minutes').length, 2);
  assert.ok(view.container.querySelector('mp-show-more'));
  const edits = view.getAllByText('Edit');
  assert.is(edits.length, 2);
  assert.ok(edits.some((e) => e.tagName === 'A' && e.getAttribute('href')!.includes('oauth-client/aRMT/edit')));
  assert.ok(edits.some((e) => e.tagName === 'BUTTON' && (e as HTMLButtonElement).disabled));
  assert.equal(h.missing, []);
});

t('creating: save stays disabled until valid; the body has split lists and dynamic registration', async () => {
  let closed = 0;
  const h = await harness({ account: SYS_ADMIN, answers: { 'POST api/oauth-clients': json(client('new-app'), 201) } });
  const view = h.render(<OAuthClientDialog params={{}} close={() => closed++} />);
  const save = view.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  assert.ok(save.disabled);
  const type = (name: string, value: string) => fireEvent.change(view.baseElement.querySelector(`input[name="${name}"]`)!, { target: { value } });
  type('clientId', 'new-app');
  fireEvent.click(view.getByRole('button', { name: 'Randomize' }));
  assert.is((view.baseElement.querySelector('input[name="clientSecret"]') as HTMLInputElement).value.length, 36);
  type('scope', 'SUBJECT.READ, , MEASUREMENT.CREATE');
  type('resourceIds', 'res_gateway');
  type('accessTokenValiditySeconds', 'soon');
  type('refreshTokenValiditySeconds', '7200');
  assert.ok(view.getByText('This field should be a number.'));
  type('accessTokenValiditySeconds', '3600');
  fireEvent.click(view.getByLabelText('refresh_token'));
  fireEvent.click(view.getByLabelText(/Dynamic registration/));
  assert.not.ok(save.disabled);
  await act(async () => {
    fireEvent.click(save);
    await tick(10);
  });
  const body = JSON.parse(h.calls.find((c) => c.method === 'POST')!.body!);
  assert.equal(body.scope, ['SUBJECT.READ', 'MEASUREMENT.CREATE']);
  assert.equal(body.authorizedGrantTypes, ['refresh_token']);
  assert.equal(body.additionalInformation, { dynamic_registration: 'true' });
  assert.is(body.accessTokenValiditySeconds, 3600);
  assert.is(closed, 1);
  assert.equal(h.missing, []);
});

t('a protected client opens read-only with the warning', async () => {
  const h = await harness({ account: SYS_ADMIN, answers: { 'GET api/oauth-clients/ManagementPortalapp': json(PROTECTED) } });
  const view = h.render(<OAuthClientDialog params={{ clientId: 'ManagementPortalapp' }} close={() => {}} />);
  await waitFor(() => assert.ok(view.getByText(/This is a protected client. You will not be able to make any changes to it./)));
  assert.ok((view.baseElement.querySelector('fieldset') as HTMLFieldSetElement).disabled);
  assert.ok((view.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled);
});

t('delete asks, deletes and refuses protected clients', async () => {
  const h = await harness({
    account: SYS_ADMIN,
    answers: { 'GET api/oauth-clients/aRMT': json(client('aRMT')), 'DELETE api/oauth-clients/aRMT': { status: 200 } },
  });
  const view = h.render(<OAuthClientDeleteDialog params={{ clientId: 'aRMT' }} close={() => {}} />);
  await waitFor(() => assert.ok(view.getByText('Are you sure you want to delete OAuth client aRMT?')));
  await act(async () => {
    fireEvent.click(view.getByRole('button', { name: 'Delete' }));
    await tick(10);
  });
  assert.ok(h.calls.some((c) => c.method === 'DELETE'));
  cleanup();
  const h2 = await harness({ account: SYS_ADMIN, answers: { 'GET api/oauth-clients/ManagementPortalapp': json(PROTECTED) } });
  const view2 = h2.render(<OAuthClientDeleteDialog params={{ clientId: 'ManagementPortalapp' }} close={() => {}} />);
  await waitFor(() => assert.ok(view2.getByText(/You are not allowed to delete protected clients./)));
  assert.is(view2.queryByRole('button', { name: 'Delete' }), null, 'no button that could not work');
  assert.ok(view2.getByRole('button', { name: 'Cancel' }));
});

t('form model: editing keeps the secret and other additional information', () => {
  const original = client('x', { additionalInformation: { dynamic_registration: 'true', owner: 'me' }, authorities: ['A'] });
  const values = { ...toFormValues(original), dynamicRegistration: false };
  const dto = toClientDTO(values, original);
  assert.is(dto.clientSecret, null);
  assert.equal(dto.additionalInformation, { owner: 'me' });
  assert.equal(dto.authorities, ['A']);
  assert.match(randomSecret(), /^[A-Za-z0-9]{36}$/);
});

t.run();
