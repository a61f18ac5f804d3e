import '../../setup/dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  createNavigationState,
  DESTINATION_STATE_KEY,
  PREVIOUS_STATE_KEY,
} from '../../../src/client/lib/navigation-state';

test.before.each(() => sessionStorage.clear());

test('previous and destination states are stored, retrieved and cleared in sessionStorage', () => {
  const state = createNavigationState();
  state.storePrevious({ url: '/project/radar' });
  state.storeDestination({ url: '/audits', authorities: ['ROLE_SYS_ADMIN'] });
  assert.equal(JSON.parse(sessionStorage.getItem(PREVIOUS_STATE_KEY)!), { url: '/project/radar' });
  assert.equal(createNavigationState().retrievePrevious(), { url: '/project/radar' }, 'survives a new instance (a reload)');
  assert.equal(state.retrieveDestination(), { url: '/audits', authorities: ['ROLE_SYS_ADMIN'] });
  state.clearPrevious();
  state.clearDestination();
  assert.is(state.retrievePrevious(), null);
  assert.is(state.retrieveDestination(), null);
});

test('keys use the original jhi- prefix', () => {
  assert.is(PREVIOUS_STATE_KEY, 'jhi-previousState');
  assert.is(DESTINATION_STATE_KEY, 'jhi-destinationState');
});

test('garbage in storage reads as nothing', () => {
  sessionStorage.setItem(PREVIOUS_STATE_KEY, '{not json');
  sessionStorage.setItem(DESTINATION_STATE_KEY, '{"path":"/x"}');
  const state = createNavigationState();
  assert.is(state.retrievePrevious(), null);
  assert.is(state.retrieveDestination(), null);
});

test('a storage that throws, or none at all, does not break navigation', () => {
  const throwing = {
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => {
      throw new Error('quota');
    },
    removeItem: () => {
      throw new Error('denied');
    },
  };
  for (const storage of [throwing, null]) {
    const state = createNavigationState(storage);
    state.storePrevious({ url: '/x' });
    assert.is(state.retrievePrevious(), null);
    state.clearPrevious();
  }
});

test.run();
