import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup } from '@testing-library/react';
import { useState } from 'react';
import { createListEvents, type ListEventMap } from '../../../src/client/lib/list-events';
import { useListEvent } from '../../../src/client/lib/list-events-react';
import { harness } from '../components/harness';

const t = suite('list events');
t.after.each(() => cleanup());

t('emit reaches subscribers of that name only, until they unsubscribe', () => {
  const events = createListEvents();
  const heard: ListEventMap['userListModification'][] = [];
  const stop = events.subscribe('userListModification', (detail) => heard.push(detail));
  events.subscribe('subjectListModification', () => assert.unreachable('wrong list'));
  events.emit('userListModification', { op: 'DELETE', login: 'jo' });
  stop();
  events.emit('userListModification', { op: 'DELETE', login: 'again' });
  assert.equal(heard, [{ op: 'DELETE', login: 'jo' }]);
});

t('an event whose detail may be undefined can be emitted without one', () => {
  const events = createListEvents();
  const heard: unknown[] = [];
  events.subscribe('sourceDataListModification', (detail) => heard.push(detail));
  events.emit('sourceDataListModification');
  events.emit('sourceDataListModification', { deleted: 'E4_ACC' });
  assert.equal(heard, [undefined, { deleted: 'E4_ACC' }]);
});

t('useListEvent calls the latest listener while mounted', async () => {
  const h = await harness();
  function List() {
    const [reloads, setReloads] = useState(0);
    useListEvent('groupListModification', () => setReloads((n) => n + 1));
    return <output>{reloads}</output>;
  }
  const view = h.render(<List />);
  act(() => h.events.emit('groupListModification', { deleted: 'control' }));
  act(() => h.events.emit('groupListModification', { deleted: 'treatment' }));
  assert.is(view.container.textContent, '2');
  view.unmount();
  h.events.emit('groupListModification', { deleted: 'none' }); // no listener left: nothing happens, nothing throws
});

t.run();
