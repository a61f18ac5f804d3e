import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent } from '@testing-library/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../src/client/components/modal';
import { ApiError } from '../../../../src/client/lib/http';
import { harness, tick } from '../harness';

const t = suite('ConfirmDialog');
t.after.each(() => cleanup());

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

t('a large dialog like every popup, with a static backdrop', async () => {
  const h = await harness();
  let closed = 0;
  const view = h.render(
    <ConfirmDialog title="Confirm delete operation" onConfirm={() => undefined} onClose={() => closed++}>
      Delete user jo?
    </ConfirmDialog>,
  );
  const dialog = view.getByRole('dialog');
  assert.ok(dialog.classList.contains('modal__dialog--lg'));
  assert.not.ok(dialog.classList.contains('modal__dialog--md'));
  fireEvent.mouseDown(document.querySelector('.modal')!);
  fireEvent.click(document.querySelector('.modal')!);
  assert.is(closed, 0, 'a click on the backdrop does not close it');
});

t('confirming runs the action while saving, then closes', async () => {
  const h = await harness();
  const pending = deferred();
  let closed = 0;
  const view = h.render(
    <ConfirmDialog title="Confirm delete operation" onConfirm={() => pending.promise} onClose={() => closed++}>
      Delete user jo?
    </ConfirmDialog>,
  );
  assert.ok(view.getByText('Delete user jo?'));
  fireEvent.click(view.getByRole('button', { name: 'Delete' }));
  assert.ok((view.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled, 'saving');
  assert.ok((view.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled);
  fireEvent.keyDown(view.getByRole('dialog'), { key: 'Escape' });
  assert.is(closed, 0, 'Escape is ignored while saving');
  await act(async () => pending.resolve());
  assert.is(closed, 1);
  assert.equal(h.missing, []);
});

t('a failure shows inside the dialog and lets the user try again or cancel', async () => {
  const h = await harness();
  const conflict = new ApiError({
    status: 409,
    headers: new Headers({ 'X-managementPortalApp-error': 'error.sourceRevisionIsAssigned', 'X-managementPortalApp-params': 'source' }),
    body: undefined,
    method: 'DELETE',
    url: 'api/sources/s1',
  });
  let closed = 0;
  const view = h.render(
    <ConfirmDialog title="Delete" confirmLabel="Yes, delete" onConfirm={() => Promise.reject(conflict)} onClose={() => closed++}>
      Sure?
    </ConfirmDialog>,
  );
  fireEvent.click(view.getByRole('button', { name: 'Yes, delete' }));
  await act(() => tick());
  assert.is(view.getByRole('alert').textContent, 'The source was assigned to a subject before and cannot be deleted.');
  assert.not.ok((view.getByRole('button', { name: 'Yes, delete' }) as HTMLButtonElement).disabled);
  fireEvent.click(view.getByRole('button', { name: 'Cancel' }));
  assert.is(closed, 1);
  assert.equal(h.missing, []);
});

function EraseLike({ onConfirm, onClose }: { onConfirm: () => void; onClose: () => void }) {
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog title="Erase" confirmLabel="Erase" ready={reason !== ''} guardChanges size="md" onConfirm={onConfirm} onClose={onClose}>
      <input aria-label="Reason" value={reason} onChange={(event) => setReason(event.target.value)} />
    </ConfirmDialog>
  );
}

t('a dialog that asks for input: confirm stays disabled until ready, and typed input is guarded', async () => {
  const h = await harness();
  let confirmed = 0;
  let closed = 0;
  const view = h.render(<EraseLike onConfirm={() => confirmed++} onClose={() => closed++} />);
  assert.ok(view.getByRole('dialog').classList.contains('modal__dialog--md'));
  const erase = () => view.getByRole('button', { name: 'Erase' }) as HTMLButtonElement;
  assert.ok(erase().disabled, 'not ready');
  fireEvent.click(erase());
  assert.is(confirmed, 0);
  fireEvent.change(view.getByLabelText('Reason'), { target: { value: 'asked by the participant' } });
  fireEvent.keyDown(view.getByRole('dialog'), { key: 'Escape' });
  await tick();
  assert.is(closed, 0, 'typed input is not dropped by Escape without a question');
  assert.ok(view.getByText('Keep editing'), 'the discard question');
  fireEvent.click(view.getByRole('button', { name: 'Keep editing' }));
  await tick();
  assert.not.ok(erase().disabled, 'ready');
  await act(async () => { fireEvent.click(erase()); });
  assert.is(confirmed, 1);
  assert.is(closed, 1);
});

t.run();
