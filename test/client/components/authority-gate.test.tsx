import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup } from '@testing-library/react';
import { AuthorityGate } from '../../../src/client/components/authority-gate';
import { harness } from './harness';

const t = suite('AuthorityGate');
t.after.each(() => cleanup());

t('children only for holders of a wanted authority, plain or scoped', async () => {
  const h = await harness({ account: null });
  const view = h.render(
    <>
      <AuthorityGate authorities={['ROLE_SYS_ADMIN']} fallback={<span>nope</span>}>
        <span>admin only</span>
      </AuthorityGate>
      <AuthorityGate authorities={['ROLE_PROJECT_ADMIN:radar']}>
        <span>radar admins</span>
      </AuthorityGate>
      <AuthorityGate authorities={[]}>
        <span>everyone</span>
      </AuthorityGate>
    </>,
  );
  assert.equal([view.queryByText('admin only'), view.queryByText('radar admins')], [null, null]);
  assert.ok(view.getByText('nope'));
  assert.ok(view.getByText('everyone'));

  act(() => h.session.store.setState({ account: { login: 'p', activated: true, roles: [{ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'radar' }] } }));
  assert.is(view.queryByText('admin only'), null);
  assert.ok(view.getByText('radar admins'));

  act(() => h.session.store.setState({ account: { login: 'a', activated: true, roles: [{ authorityName: 'ROLE_SYS_ADMIN' }] } }));
  assert.ok(view.getByText('admin only'));
  assert.is(view.queryByText('radar admins'), null);
});

t.run();
