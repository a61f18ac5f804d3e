import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createStore, shallowEqual } from '../../../src/client/lib/store';

interface Counter {
  count: number;
  label: string;
  tags: string[];
}
const start = (): Counter => ({ count: 0, label: 'a', tags: [] });

test('setState merges a partial or the result of a function; getState sees it', () => {
  const store = createStore(start());
  store.setState({ count: 1 });
  store.setState((s) => ({ count: s.count + 1 }));
  assert.equal(store.getState(), { count: 2, label: 'a', tags: [] });
  assert.equal(store.getInitialState(), start());
});

test('replace swaps the whole state', () => {
  const store = createStore(start());
  store.setState({ count: 5, label: 'b', tags: ['x'] }, true);
  assert.equal(store.getState(), { count: 5, label: 'b', tags: ['x'] });
});

test('listeners get the new and previous state; unsubscribe stops them', () => {
  const store = createStore(start());
  const heard: [number, number][] = [];
  const stop = store.subscribe((state, previous) => heard.push([state.count, previous.count]));
  store.setState({ count: 1 });
  stop();
  store.setState({ count: 2 });
  assert.equal(heard, [[1, 0]]);
});

test('setting values that are already there changes nothing and notifies no one', () => {
  const store = createStore(start());
  const before = store.getState();
  let calls = 0;
  store.subscribe(() => calls++);
  store.setState({ count: 0, label: 'a' });
  assert.is(store.getState(), before);
  assert.is(calls, 0);
});

test('selector subscriptions fire only when their slice changes', () => {
  const store = createStore(start());
  const labels: [string, string][] = [];
  store.subscribeSelector((s) => s.label, (label, previous) => labels.push([label, previous]));
  store.setState({ count: 1 });
  store.setState({ label: 'b' });
  assert.equal(labels, [['b', 'a']]);
});

test('selector subscriptions take an equality function and can fire immediately', () => {
  const store = createStore(start());
  const seen: string[][] = [];
  store.subscribeSelector((s) => [...s.tags], (tags) => seen.push(tags), { equals: shallowEqual, fireImmediately: true });
  store.setState({ count: 3 }); // a new but equal array: not a change under shallowEqual
  store.setState({ tags: ['x'] });
  assert.equal(seen, [[], ['x']]);
});

test('shallowEqual compares one level deep', () => {
  assert.ok(shallowEqual({ a: 1, b: 'x' }, { a: 1, b: 'x' }));
  assert.ok(shallowEqual([1, 2], [1, 2]));
  assert.not.ok(shallowEqual({ a: {} }, { a: {} }));
  assert.not.ok(shallowEqual({ a: 1 }, { a: 1, b: 2 }));
  assert.not.ok(shallowEqual([1], { 0: 1 }));
  assert.not.ok(shallowEqual(null, {}));
});

test.run();
