import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, fireEvent } from '@testing-library/react';
import { Badge, FilterBadge } from '../../../src/client/components/badge';
import { harness } from './harness';

const t = suite('Badge and FilterBadge');
t.after.each(() => cleanup());

t('a badge carries its tone as a modifier', async () => {
  const h = await harness();
  const view = h.render(
    <>
      <Badge tone="success">Activated</Badge>
      <Badge>Plain</Badge>
    </>,
  );
  assert.is(view.getByText('Activated').className, 'badge badge--success');
  assert.is(view.getByText('Plain').className, 'badge badge--neutral');
});

t('a filter badge shows label and value and removes itself by an accessible button', async () => {
  const h = await harness();
  let removed = 0;
  const view = h.render(<FilterBadge label="External id" value="x-1" onRemove={() => removed++} />);
  assert.ok(view.getByText('External id: x-1'));
  fireEvent.click(view.getByRole('button', { name: 'Remove filter External id: x-1' }));
  assert.is(removed, 1);
  assert.equal(h.missing, []);
});

t.run();
