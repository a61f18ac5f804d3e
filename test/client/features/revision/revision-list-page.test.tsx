import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor } from '@testing-library/react';
import type { RevisionInfoDTO } from '../../../../src/common/dto';
import { RevisionListPage } from '../../../../src/client/features/revision';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';

const revision = (id: number, changes: Partial<RevisionInfoDTO['changes']>): RevisionInfoDTO => ({
  id,
  timestamp: '2024-05-06T07:08:09.000+00:00',
  author: 'admin',
  changes: { ADD: {}, MOD: {}, DEL: {}, ...changes },
});

const t = suite('revisions page');
t.after.each(() => cleanup());

t('asks page, size 20 and sort id ascending; shows each change as a coloured link to the revision view', async () => {
  const h = await harness({
    url: '/revisions',
    account: SYS_ADMIN,
    answers: {
      'GET api/revisions': json(
        [
          revision(1, { ADD: { project: [{ projectName: 'radar' }] } }),
          revision(2, { MOD: { user: [{ login: 'jo' }] }, DEL: { sourcetype: [{ producer: 'P', model: 'M', catalogVersion: 'v' }] } }),
        ],
        200,
        { 'X-Total-Count': '45' },
      ),
    },
  });
  const view = h.render(<RevisionListPage params={{}} close={() => {}} />);
  await waitFor(() => assert.ok(view.getByRole('link', { name: /radar/ })));
  const call = h.calls.find((c) => c.url.startsWith('api/revisions'))!;
  assert.is(call.url, 'api/revisions?page=0&size=20&sort=id,asc');
  const added = view.getByRole('link', { name: /radar/ });
  assert.ok(added.classList.contains('revision-change--add'));
  assert.ok(added.getAttribute('href')!.endsWith('/revisions/1?kind=project&key=radar'), added.getAttribute('href')!);
  assert.ok(view.getByRole('link', { name: /jo/ }).classList.contains('revision-change--mod'));
  const deleted = view.getByRole('link', { name: /P_M_v/ });
  assert.ok(deleted.classList.contains('revision-change--del'));
  assert.ok(deleted.getAttribute('href')!.endsWith('/revisions/2?kind=sourcetype&producer=P&model=M&catalogVersion=v'));
  assert.ok(view.getByText('Showing 1 - 20 of 45 items'));

  fireEvent.click(view.getByRole('button', { name: 'Page 2' }));
  await act(() => tick(5));
  assert.ok(h.calls.some((c) => c.url === 'api/revisions?page=1&size=20&sort=id,asc'));
  fireEvent.click(view.getByRole('button', { name: /Author/ }));
  await act(() => tick(5));
  assert.ok(h.calls.some((c) => c.url.includes('sort=author,asc&sort=id')));
  assert.equal(h.missing, []);
});

t.run();
