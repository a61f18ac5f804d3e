import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fireEvent } from '@testing-library/react';
import { useState } from 'react';
import { Modal } from '../../../../src/client/components/modal';
import { harness } from '../harness';

const t = suite('Modal');
t.after.each(() => cleanup());

function Opener({ saving = false }: { saving?: boolean }) {
  const [open, setOpen] = useState(false);
  const [closed, setClosed] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <output data-testid="closed">{closed}</output>
      {open && (
        <Modal
          title="Edit user"
          saving={saving}
          onClose={() => {
            setOpen(false);
            setClosed((n) => n + 1);
          }}
          footer={<button type="button">Save</button>}
        >
          <input aria-label="first" />
          <input aria-label="second" />
        </Modal>
      )}
    </>
  );
}

t('a labelled modal dialog in a portal, with title, body and footer', async () => {
  const h = await harness();
  const view = h.render(<Opener />);
  fireEvent.click(view.getByText('open'));
  const dialog = view.getByRole('dialog');
  assert.is(dialog.getAttribute('aria-modal'), 'true');
  assert.is(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent, 'Edit user');
  assert.ok(dialog.classList.contains('modal__dialog--lg'));
  assert.is(dialog.parentElement?.parentElement, document.body, 'rendered into document.body');
  assert.ok(dialog.querySelector('.modal__footer')?.textContent?.includes('Save'));
  assert.ok(document.body.classList.contains('modal-open'));
  assert.equal(h.missing, []);
});

t('focus moves to the first field, Tab wraps inside, and focus returns to the opener on close', async () => {
  const h = await harness();
  const view = h.render(<Opener />);
  const opener = view.getByText('open');
  opener.focus();
  fireEvent.click(opener);
  const first = view.getByLabelText('first');
  assert.is(document.activeElement, first);
  const save = view.getByText('Save');
  save.focus();
  fireEvent.keyDown(save, { key: 'Tab' });
  assert.is(document.activeElement, view.getByRole('button', { name: 'Close' }), 'wrapped to the first control (close button)');
  fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
  assert.is(document.activeElement, save, 'Shift+Tab wraps back to the last');
  fireEvent.keyDown(save, { key: 'Escape' });
  assert.is(view.queryByRole('dialog'), null);
  assert.is(document.activeElement, opener);
  assert.not.ok(document.body.classList.contains('modal-open'));
});

t('the backdrop is static; Escape and the close button do nothing while saving', async () => {
  const h = await harness();
  const view = h.render(<Opener saving />);
  fireEvent.click(view.getByText('open'));
  const backdrop = document.querySelector('.modal')!;
  fireEvent.mouseDown(backdrop);
  fireEvent.click(backdrop);
  fireEvent.keyDown(view.getByRole('dialog'), { key: 'Escape' });
  assert.ok(view.getByRole('dialog'), 'still open');
  assert.ok((view.getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled);
  assert.is(view.getByTestId('closed').textContent, '0');
});

t('the close button closes', async () => {
  const h = await harness();
  const view = h.render(<Opener />);
  fireEvent.click(view.getByText('open'));
  fireEvent.click(view.getByRole('button', { name: 'Close' }));
  assert.is(view.queryByRole('dialog'), null);
  assert.is(view.getByTestId('closed').textContent, '1');
});

t.run();
