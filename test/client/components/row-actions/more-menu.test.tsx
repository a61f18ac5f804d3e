import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fireEvent } from '@testing-library/react';
import { RowActions } from '../../../../src/client/components/row-actions';
import { harness } from '../harness';

const t = suite('RowActions and the More menu');
t.after.each(() => cleanup());

t('a menu button named with the row; arrows move, Escape closes and returns focus, a disabled item does nothing', async () => {
  const h = await harness();
  const picked: string[] = [];
  const view = h.render(
    <RowActions
      entity="subject abc"
      more={[
        { key: 'view', label: 'View', onSelect: () => picked.push('view') },
        { key: 'sources', label: 'Pair sources', onSelect: () => picked.push('sources') },
        { key: 'delete', label: 'Delete', disabled: true, reason: 'Not allowed', onSelect: () => picked.push('delete') },
      ]}
    >
      <button type="button">Edit</button>
    </RowActions>,
  );
  const button = view.getByRole('button', { name: 'More subject abc' });
  assert.is(button.getAttribute('aria-haspopup'), 'menu');
  assert.is(button.getAttribute('aria-expanded'), 'false');
  assert.is(view.queryByRole('menu'), null);

  fireEvent.keyDown(button, { key: 'ArrowDown' });
  const menu = view.getByRole('menu', { name: 'More subject abc' });
  assert.is(button.getAttribute('aria-expanded'), 'true');
  const items = view.getAllByRole('menuitem');
  assert.equal(items.map((item) => item.textContent), ['View', 'Pair sources', 'Delete (Not allowed)']);
  assert.is(document.activeElement, items[0]);
  fireEvent.keyDown(menu, { key: 'ArrowDown' });
  assert.is(document.activeElement, items[1]);
  fireEvent.keyDown(menu, { key: 'End' });
  assert.is(document.activeElement, items[2]);
  fireEvent.keyDown(menu, { key: 'ArrowDown' });
  assert.is(document.activeElement, items[0], 'wraps around');
  fireEvent.keyDown(menu, { key: 'ArrowUp' });
  assert.is(document.activeElement, items[2]);
  fireEvent.click(items[2]);
  assert.equal(picked, [], 'a disabled item is not picked');
  assert.is(items[2].getAttribute('aria-disabled'), 'true');

  fireEvent.keyDown(menu, { key: 'Escape' });
  assert.is(view.queryByRole('menu'), null);
  assert.is(document.activeElement, button, 'focus back on the button');

  fireEvent.click(button);
  fireEvent.click(view.getByRole('menuitem', { name: 'Pair sources' }));
  assert.equal(picked, ['sources']);
  assert.is(view.queryByRole('menu'), null);
  assert.is(document.activeElement, button);

  fireEvent.click(button);
  fireEvent.pointerDown(document.body);
  assert.is(view.queryByRole('menu'), null, 'a click outside closes it');
  assert.equal(h.missing, []);
});

t('no menu without secondary actions', async () => {
  const h = await harness();
  const view = h.render(<RowActions entity="group control"><button type="button">Delete</button></RowActions>);
  assert.is(view.queryByRole('button', { name: /^More/ }), null);
  assert.equal(h.missing, []);
});

t.run();
