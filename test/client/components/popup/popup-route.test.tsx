import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent } from '@testing-library/react';
import { Modal } from '../../../../src/client/components/modal';
import { PopupLink, useOpenPopup, type PopupProps } from '../../../../src/client/components/popup';
import { PopupRoute } from '../../../../src/client/components/popup/popup-route';
import type { RouteDef } from '../../../../src/client/lib/router';
import { harness } from '../harness';

function EditDialog({ params, close }: PopupProps) {
  return (
    <Modal title="Edit" onClose={close}>
      <p>editing</p>
    </Modal>
  );
}
function DeleteDialog({ params, close }: PopupProps) {
  return (
    <Modal title={`Delete ${params.login}`} onClose={close}>
      <p>deleting</p>
    </Modal>
  );
}
const routes: RouteDef<unknown>[] = [{ path: 'user-management', page: 'list' }];
const popups: RouteDef<unknown>[] = [
  { path: 'user-management/:login/edit', page: EditDialog },
  { path: 'user-management/:login/delete', page: DeleteDialog },
];

const t = suite('PopupRoute and PopupLink');
t.after.each(() => cleanup());

t('the popup in the URL renders over the page with its params; closing clears it from the URL', async () => {
  const h = await harness({ url: '/user-management(popup:user-management/jo/edit)?page=2', routes, popups });
  const view = h.render(<PopupRoute />);
  assert.is(view.getByRole('dialog').querySelector('h2')?.textContent, 'Edit jo', 'the heading names the entity the popup acts on');
  fireEvent.click(view.getByRole('button', { name: 'Close' }));
  assert.is(h.history.location.pathname + h.history.location.search, '/user-management?page=2');
  assert.is(view.queryByRole('dialog'), null);
});

t('a PopupLink has a real href and opens the popup; a second popup is refused while one is open', async () => {
  const h = await harness({ url: '/user-management?page=2', routes, popups });
  const results: boolean[] = [];
  function Page() {
    const open = useOpenPopup();
    return (
      <>
        <PopupLink to="user-management/jo/edit">edit jo</PopupLink>
        <button type="button" onClick={() => results.push(open('user-management/jo/delete'))}>
          delete jo
        </button>
        <PopupRoute />
      </>
    );
  }
  const view = h.render(<Page />);
  assert.is(view.getByText('edit jo').getAttribute('href'), '/user-management(popup:user-management/jo/edit)?page=2');
  fireEvent.click(view.getByText('edit jo'));
  assert.ok(view.getByText('editing'));
  fireEvent.click(view.getByText('delete jo'));
  assert.equal(results, [false]);
  assert.ok(view.getByText('editing'), 'the first popup stays');
  assert.is(view.queryByText('deleting'), null);
  act(() => h.history.back());
  assert.is(view.queryByRole('dialog'), null, 'Back closes the popup');
  fireEvent.click(view.getByText('delete jo'));
  assert.equal(results, [false, true]);
  assert.ok(view.getByText('deleting'));
});

t('a popup path that matches no popup is cleared', async () => {
  const h = await harness({ url: '/user-management(popup:nonsense/1)', routes, popups });
  h.render(<PopupRoute />);
  assert.is(h.history.location.pathname, '/user-management');
});

t.run();
