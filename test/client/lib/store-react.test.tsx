import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { createStore, shallowEqual, type Store } from '../../../src/client/lib/store';
import { createStoreBindings, useStoreSelector } from '../../../src/client/lib/store-react';

interface Counter {
  count: number;
  label: string;
  items: number[];
}
const counter = createStoreBindings<Counter>('Counter');
const makeStore = () => createStore<Counter>({ count: 0, label: 'a', items: [1, 2] });

const bindings = suite('store-react');
bindings.after.each(() => cleanup());

bindings('useStore reads a slice and re-renders only when it changes', () => {
  let renders = 0;
  let api: Store<Counter> | undefined;
  function Label() {
    renders++;
    api = counter.useStoreApi();
    return <span data-testid="label">{counter.useStore((s) => s.label)}</span>;
  }
  const view = render(
    <counter.Provider create={makeStore}>
      <Label />
    </counter.Provider>,
  );
  assert.is(view.getByTestId('label').textContent, 'a');
  const before = renders;
  act(() => api!.setState({ count: 5 }));
  assert.is(renders, before, 'another slice changed: no render');
  act(() => api!.setState({ label: 'b' }));
  assert.is(view.getByTestId('label').textContent, 'b');
});

bindings('the store is created once per provider, not once per render', () => {
  let created = 0;
  let bump: () => void = () => undefined;
  function Parent() {
    const [n, setN] = useState(0);
    bump = () => setN(n + 1);
    return (
      <counter.Provider
        create={() => {
          created++;
          return makeStore();
        }}
      >
        <span>{n}</span>
      </counter.Provider>
    );
  }
  render(<Parent />);
  act(() => bump());
  act(() => bump());
  assert.is(created, 1);
});

bindings('an existing store can be provided', () => {
  const store = makeStore();
  function Count() {
    return <span data-testid="count">{counter.useStore((s) => s.count)}</span>;
  }
  const view = render(
    <counter.Provider store={store}>
      <Count />
    </counter.Provider>,
  );
  act(() => store.setState({ count: 3 }));
  assert.is(view.getByTestId('count').textContent, '3');
});

bindings('a selector building new arrays works with shallowEqual (no render loop)', () => {
  const store = makeStore();
  let renders = 0;
  function Items() {
    renders++;
    const doubled = useStoreSelector(store, (s) => s.items.map((i) => i * 2), shallowEqual);
    return <span data-testid="items">{doubled.join(',')}</span>;
  }
  const view = render(<Items />);
  assert.is(view.getByTestId('items').textContent, '2,4');
  const before = renders;
  act(() => store.setState({ count: 1 }));
  assert.is(renders, before);
  act(() => store.setState({ items: [3] }));
  assert.is(view.getByTestId('items').textContent, '6');
});

bindings('using the hook outside its provider is a clear error', () => {
  function Orphan() {
    counter.useStore((s) => s.count);
    return null;
  }
  const originalError = console.error;
  console.error = () => undefined; // React logs the thrown error too
  try {
    assert.throws(() => render(<Orphan />), /outside <CounterProvider>/);
  } finally {
    console.error = originalError;
  }
});

bindings.run();
