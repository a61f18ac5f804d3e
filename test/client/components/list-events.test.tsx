import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup } from '@testing-library/react';
import { useState } from 'react';
import { createListEvents } from '../../../src/client/components/list-events';
import { useListModification } from '../../../src/client/components/services-react';
import { harness } from './harness';

const t = suite('list events');
t.after.each(() => cleanup());

t('broadcast reaches subscribers of that name only, until they unsubscribe', () => {
  const events = createListEvents();
  const heard: unknown[] = [];
  const stop = events.subscribe('userListModification', (detail) => heard.push(detail));
  events.subscribe('subjectListModification', () => heard.push('wrong list'));
  events.broadcast('userListModification', { op: 'UPDATE' });
  stop();
  events.broadcast('userListModification');
  assert.equal(heard, [{ op: 'UPDATE' }]);
});

t('useListModification calls the latest listener while mounted', async () => {
  const h = await harness();
  function List() {
    const [reloads, setReloads] = useState(0);
    useListModification('groupListModification', () => setReloads((n) => n + 1));
    return <output>{reloads}</output>;
  }
  const view = h.render(<List />);
  act(() => h.events.broadcast('groupListModification'));
  act(() => h.events.broadcast('groupListModification'));
  assert.is(view.container.textContent, '2');
  view.unmount();
  h.events.broadcast('groupListModification'); // no listener left: nothing happens, nothing throws
});

t.run();
