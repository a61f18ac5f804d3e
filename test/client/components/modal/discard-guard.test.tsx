import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent } from '@testing-library/react';
import { useState } from 'react';
import { ConfirmDialog, Modal, SaveCancelFooter } from '../../../../src/client/components/modal';
import { harness, SYS_ADMIN, tick } from '../harness';

const t = suite('Modal: unsaved changes');
t.after.each(() => cleanup());

function EditDialog({ onClosed }: { onClosed: () => void }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const close = () => {
    setOpen(false);
    onClosed();
  };
  return (
    <Modal title="Edit subject" onClose={close} footer={<SaveCancelFooter onCancel={close} onSave={close} canSave saving={false} />}>
      <input aria-label="External id" />
    </Modal>
  );
}

t('nothing changed: Escape, × and Cancel close at once', async () => {
  const h = await harness();
  for (const how of ['escape', 'close', 'cancel'] as const) {
    let closed = 0;
    const view = h.render(<EditDialog onClosed={() => closed++} />);
    const dialog = view.getByRole('dialog');
    if (how === 'escape') fireEvent.keyDown(dialog, { key: 'Escape' });
    if (how === 'close') fireEvent.click(view.getByRole('button', { name: 'Close' }));
    if (how === 'cancel') fireEvent.click(view.getByRole('button', { name: 'Cancel' }));
    assert.is(closed, 1, how);
    cleanup();
  }
  assert.equal(h.missing, []);
});

t('after typing, Escape / × / Cancel ask first; Keep editing keeps the input, Discard closes', async () => {
  const h = await harness({ language: 'nl' });
  for (const how of ['escape', 'close', 'cancel'] as const) {
    let closed = 0;
    const view = h.render(<EditDialog onClosed={() => closed++} />);
    const field = view.getByLabelText('External id') as HTMLInputElement;
    fireEvent.input(field, { target: { value: 'EXT-1' } });
    const dialog = view.getByRole('dialog');
    const ask = () => {
      if (how === 'escape') fireEvent.keyDown(dialog, { key: 'Escape' });
      if (how === 'close') fireEvent.click(view.getByRole('button', { name: 'Sluiten' }));
      if (how === 'cancel') fireEvent.click(view.getByRole('button', { name: 'Annuleren' }));
    };
    ask();
    assert.is(closed, 0, how);
    assert.is(view.getByRole('alert').textContent, 'De wijzigingen die u maakte weggooien?');
    const keep = view.getByRole('button', { name: 'Verder bewerken' });
    assert.is(document.activeElement, keep, 'focus on the safe choice');
    fireEvent.click(keep);
    assert.is(view.queryByRole('alert'), null);
    assert.is(field.value, 'EXT-1');
    assert.ok(dialog.contains(document.activeElement), 'focus stays in the dialog meanwhile (an Escape pressed at once still reaches it)');
    await act(() => tick(5));
    assert.is(document.activeElement, field, 'back in the form (a moment later, so an Enter is not handed to the field)');
    ask();
    // Escape while asked means "keep editing".
    fireEvent.keyDown(dialog, { key: 'Escape' });
    assert.is(closed, 0);
    ask();
    fireEvent.click(view.getByRole('button', { name: 'Wijzigingen weggooien' }));
    assert.is(closed, 1, how);
    cleanup();
  }
  assert.equal(h.missing, []);
});

t('a confirmation is not guarded; a save that closes does not ask', async () => {
  const h = await harness();
  let closed = 0;
  const view = h.render(
    <ConfirmDialog title="Delete" onConfirm={() => undefined} onClose={() => closed++}>
      <label>
        <input type="checkbox" /> also the data
      </label>
    </ConfirmDialog>,
  );
  fireEvent.click(view.getByRole('checkbox'));
  fireEvent.click(view.getByRole('button', { name: 'Cancel' }));
  assert.is(closed, 1);
  cleanup();
  let saved = 0;
  const edit = h.render(<EditDialog onClosed={() => saved++} />);
  fireEvent.input(edit.getByLabelText('External id'), { target: { value: 'x' } });
  fireEvent.click(edit.getByRole('button', { name: 'Save' }));
  assert.is(saved, 1);
});

t('a dialog shows the session notice inside itself once the session has ended', async () => {
  const h = await harness({ account: SYS_ADMIN });
  const view = h.render(<EditDialog onClosed={() => undefined} />);
  assert.is(view.queryByRole('alert'), null);
  act(() => h.session.markEnded());
  const notice = view.getByRole('alert');
  assert.ok(view.getByRole('dialog').contains(notice));
  const link = view.getByRole('link', { name: 'Sign in (opens a new tab)' });
  assert.is(link.getAttribute('target'), '_blank');
  assert.is(link.getAttribute('href'), 'api/redirect/login');
  assert.equal(h.missing, []);
});

t.run();
