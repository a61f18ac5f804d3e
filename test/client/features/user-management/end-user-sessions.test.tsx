import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent } from '@testing-library/react';
import type { UserDTO } from '../../../../src/common/dto';
import { EndUserSessionsButton } from '../../../../src/client/features/user-management/end-user-sessions';
import { harness, SYS_ADMIN, tick } from '../../components/harness';

const t = suite('user-management: EndUserSessionsButton');
t.after.each(() => cleanup());

const ORG_ADMIN: UserDTO = { ...SYS_ADMIN, login: 'oadmin', authorities: ['ROLE_ORGANIZATION_ADMIN'], roles: [{ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'main' }] };

t('a system admin ends every session of the user after confirming; an alert says so', async () => {
  const h = await harness({ account: SYS_ADMIN, answers: { 'DELETE api/users/jo%20x/sessions': { status: 204 } } });
  const view = h.render(<EndUserSessionsButton login="jo x" />);
  fireEvent.click(view.getByRole('button', { name: 'End all sessions' }));
  assert.ok(view.getByText('End every session of user jo x? The user will have to sign in again.'));
  assert.not.ok(h.calls.some((c) => c.method === 'DELETE'));
  await act(async () => {
    fireEvent.click(view.getByRole('button', { name: 'End sessions' }));
    await tick();
  });
  assert.ok(h.calls.some((c) => c.method === 'DELETE' && c.url.endsWith('api/users/jo%20x/sessions')));
  assert.equal(h.alerts.getAlerts().map((a) => [a.type, a.key]), [['success', 'sessions.endAllDone']]);
  assert.equal(h.missing, []);
});

t('others do not see it; Dutch labels', async () => {
  const other = await harness({ account: ORG_ADMIN });
  assert.is(other.render(<EndUserSessionsButton login="jo" />).queryByRole('button'), null);
  cleanup();
  const nl = await harness({ account: SYS_ADMIN, language: 'nl' });
  assert.ok(nl.render(<EndUserSessionsButton login="jo" />).getByRole('button', { name: 'Alle sessies beëindigen' }));
});

t.run();
