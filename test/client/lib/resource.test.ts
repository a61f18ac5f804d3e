// The resource core without React: one key's data, loading and error; a new key aborts the request in flight and
// its late answer is dropped; retry repeats the failed attempt; reload keeps the data on screen; run and mutate.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createResource, type Loader } from '../../../src/client/lib/resource';

/** A loader whose requests the test answers by hand, in any order. */
function scripted<T>() {
  const requests: { signal: AbortSignal; current: T | undefined; resolve(value: T): void; reject(error: unknown): void }[] = [];
  const loader: Loader<T> = (signal, current) =>
    new Promise<T>((resolve, reject) => {
      requests.push({ signal, current, resolve, reject });
    });
  return { loader, requests };
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const t = suite('resource core');

t('loads a key: loading, then the data; listeners hear each change', async () => {
  const resource = createResource<string>();
  const { loader, requests } = scripted<string>();
  const seen: boolean[] = [];
  resource.subscribe((state) => seen.push(state.loading));
  resource.load('a', loader);
  assert.equal(resource.getState(), { key: 'a', data: undefined, dataKey: 'a', error: undefined, loading: true });
  requests[0].resolve('A');
  await flush();
  assert.equal(resource.getState(), { key: 'a', data: 'A', dataKey: 'a', error: undefined, loading: false });
  assert.equal(seen, [true, false]);
});

t('a new key aborts the request in flight; its late answer is dropped', async () => {
  const resource = createResource<string>();
  const { loader, requests } = scripted<string>();
  resource.load('a', loader);
  resource.load('b', loader);
  assert.ok(requests[0].signal.aborted, 'the request for a was aborted');
  assert.not.ok(requests[1].signal.aborted);
  requests[1].resolve('B');
  requests[0].resolve('A, too late');
  await flush();
  assert.is(resource.getState().data, 'B');
  assert.is(resource.getState().key, 'b');
});

t('the same key again starts nothing; a null key aborts and loads nothing', async () => {
  const resource = createResource<string>();
  const { loader, requests } = scripted<string>();
  resource.load('a', loader);
  resource.load('a', loader);
  assert.is(requests.length, 1);
  resource.load(null, loader);
  assert.ok(requests[0].signal.aborted);
  requests[0].reject(new DOMException('aborted', 'AbortError'));
  await flush();
  assert.equal(resource.getState(), { key: null, data: undefined, dataKey: null, error: undefined, loading: false });
});

t('a failure is the error (not empty data); retry repeats the attempt and clears it', async () => {
  const resource = createResource<string[]>();
  const { loader, requests } = scripted<string[]>();
  resource.load('list', loader);
  const failure = new Error('503');
  requests[0].reject(failure);
  await flush();
  assert.equal(resource.getState(), { key: 'list', data: undefined, dataKey: 'list', error: failure, loading: false });
  resource.retry();
  assert.is(requests.length, 2);
  assert.is(resource.getState().error, undefined);
  assert.ok(resource.getState().loading);
  requests[1].resolve(['x']);
  await flush();
  assert.equal(resource.getState().data, ['x']);
});

t('reload asks again, keeping the data while it loads; stop aborts, and the same key then loads afresh', async () => {
  const resource = createResource<number>();
  const { loader, requests } = scripted<number>();
  resource.load('n', loader);
  requests[0].resolve(1);
  await flush();
  resource.reload();
  assert.equal([resource.getState().data, resource.getState().loading], [1, true]);
  assert.is(requests[1].current, 1, 'the loader sees what is loaded');
  resource.stop();
  assert.ok(requests[1].signal.aborted);
  assert.not.ok(resource.getState().loading);
  resource.load('n', loader);
  assert.is(requests.length, 3, 'after stop the same key starts again');
});

t('run merges an extra answer into the data; retry after its failure repeats the run, not the load', async () => {
  const resource = createResource<number[]>();
  const { loader, requests } = scripted<number[]>();
  resource.load('pages', loader);
  requests[0].resolve([1, 2]);
  await flush();
  const more: { signal: AbortSignal; resolve(v: number[]): void; reject(e: unknown): void }[] = [];
  resource.run(
    (signal) => new Promise<number[]>((resolve, reject) => more.push({ signal, resolve, reject })),
    (current, page) => [...(current ?? []), ...page],
  );
  more[0].reject(new Error('no answer'));
  await flush();
  assert.equal(resource.getState().data, [1, 2], 'the rows stay after a failed run');
  assert.ok(resource.getState().error);
  resource.retry();
  assert.is(more.length, 2);
  assert.is(requests.length, 1);
  more[1].resolve([3]);
  await flush();
  assert.equal(resource.getState().data, [1, 2, 3]);
  resource.mutate((data) => data.filter((n) => n !== 2));
  assert.equal(resource.getState().data, [1, 3]);
});

t('keepData shows the previous key\'s data (marked by dataKey) until the new answer replaces it', async () => {
  const resource = createResource<string>();
  const { loader, requests } = scripted<string>();
  resource.load('a', loader, { keepData: true });
  requests[0].resolve('A');
  await flush();
  resource.load('b', loader, { keepData: true });
  assert.equal([resource.getState().data, resource.getState().dataKey, resource.getState().key], ['A', 'a', 'b']);
  requests[1].resolve('B');
  await flush();
  assert.equal([resource.getState().data, resource.getState().dataKey], ['B', 'b']);
});

t('a loader that throws at once is a failure like any other', async () => {
  const resource = createResource<string>();
  resource.load('x', () => {
    throw new Error('bad input');
  });
  await flush();
  assert.is((resource.getState().error as Error).message, 'bad input');
  assert.not.ok(resource.getState().loading);
});

t.run();
