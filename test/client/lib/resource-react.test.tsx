// useResource in components: the previous request is aborted when the deps change and when the component unmounts
// (StrictMode included), a failure shows LoadError and its button retries, typed list events reload (all of them or
// those a test accepts), and a server-paged list that fails shows the error, never an empty list.
import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { LoadError } from '../../../src/client/components/load-error';
import { usePagedList } from '../../../src/client/components/pagination';
import { useHttp } from '../../../src/client/components/services-react';
import { useResource } from '../../../src/client/lib/resource-react';
import { harness, SYS_ADMIN, tick } from '../components/harness';
import { json } from './fake-fetch';

const t = suite('resource-react: useResource');
t.after.each(() => cleanup());

/** Requests the test answers by hand. */
function gate() {
  const requests: { key: string; signal: AbortSignal; resolve(value: string): void; reject(error: unknown): void }[] = [];
  const loader = (key: string) => (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => requests.push({ key, signal, resolve, reject }));
  return { requests, loader };
}

t('changing deps aborts the previous request, whose late answer never shows; unmount aborts the current one', async () => {
  const { requests, loader } = gate();
  let choose: (name: string) => void = () => {};
  function Item() {
    const [name, setName] = useState('a');
    choose = setName;
    const item = useResource(['item', name], loader(name));
    return <output>{item.loading ? 'loading' : item.data}</output>;
  }
  const view = render(<Item />);
  assert.is(view.container.textContent, 'loading');
  act(() => choose('b'));
  assert.equal(requests.map((r) => [r.key, r.signal.aborted]), [['a', true], ['b', false]]);
  await act(async () => {
    requests[1].resolve('B');
    requests[0].resolve('A');
    await tick();
  });
  assert.is(view.container.textContent, 'B');
  act(() => choose('c'));
  view.unmount();
  assert.ok(requests[2].signal.aborted, 'unmount aborts what is in flight');
});

t('the same deps by value (a new array each render) start no new request; StrictMode leaves a live one', async () => {
  const { requests, loader } = gate();
  function Item({ n }: { n: number }) {
    const item = useResource(['item', { n }], loader(`n${n}`));
    return <output>{item.data ?? '…'}</output>;
  }
  const view = render(
    <StrictMode>
      <Item n={1} />
    </StrictMode>,
  );
  view.rerender(
    <StrictMode>
      <Item n={1} />
    </StrictMode>,
  );
  const live = requests.filter((r) => !r.signal.aborted);
  assert.is(live.length, 1, 'one request stays in flight');
  await act(async () => {
    live[0].resolve('one');
    await tick();
  });
  assert.is(view.container.textContent, 'one');
});

t('a failure shows LoadError; its button retries, and the answer replaces the error', async () => {
  const h = await harness({
    account: SYS_ADMIN,
    answers: { 'GET api/things': [json({ message: 'boom' }, 500), json(['first thing'])] },
  });
  function Things() {
    const http = useHttp();
    const things = useResource(['things'], async (signal) => (await http.get<string[]>('api/things', { signal })).data);
    if (things.error !== undefined) return <LoadError error={things.error} onRetry={things.retry} />;
    return <p>{things.loading ? 'loading' : things.data?.join()}</p>;
  }
  const view = h.render(<Things />);
  await waitFor(() => assert.ok(view.getByRole('alert')));
  assert.is(view.getByRole('alert').textContent, 'This could not be loaded: the server answered 500.');
  fireEvent.click(view.getByRole('button', { name: 'Try again' }));
  await waitFor(() => assert.ok(view.getByText('first thing')));
  assert.is(h.calls.filter((c) => c.url === 'api/things').length, 2);
  assert.equal(h.missing, []);
});

t('typed list events reload: every event of a name, or those its test accepts', async () => {
  let served = 0;
  const h = await harness({ account: SYS_ADMIN, answers: { 'GET api/projects/radar': () => json({ projectName: 'radar', n: ++served }) } });
  function Project() {
    const http = useHttp();
    const project = useResource(['project', 'radar'], async (signal) => (await http.get<{ n: number }>('api/projects/radar', { signal })).data, {
      reloadOn: {
        projectListModification: (change) => !('deleted' in change && change.deleted === 'radar'),
        userListModification: true,
      },
    });
    return <output>{project.data?.n ?? 0}</output>;
  }
  const view = h.render(<Project />);
  await waitFor(() => assert.is(view.container.textContent, '1'));
  await act(async () => {
    h.events.emit('projectListModification', { projectName: 'radar', description: 'RADAR', location: 'London' });
    await tick();
  });
  assert.is(view.container.textContent, '2');
  await act(async () => {
    h.events.emit('projectListModification', { deleted: 'radar' });
    h.events.emit('subjectListModification', { op: 'DELETE', subject: { login: 'sub-1' } });
    await tick();
  });
  assert.is(served, 2, 'neither the deletion of this project nor another list reloads it');
  await act(async () => {
    h.events.emit('userListModification', { op: 'DELETE', login: 'jo' });
    await tick();
  });
  assert.is(view.container.textContent, '3');
});

t('a server-paged list that fails shows the error with a retry, not an empty list', async () => {
  const h = await harness({
    url: '/things?page=2',
    account: SYS_ADMIN,
    answers: { 'GET api/things': ['network-error', json(['x', 'y'], 200, { 'X-Total-Count': '22' })] },
  });
  function Things() {
    const list = usePagedList<string>({ path: 'api/things', sort: ['id,asc'] });
    if (list.error !== undefined) return <LoadError error={list.error} onRetry={list.retry} />;
    return <p>{list.loading ? 'loading' : `${list.rows.join()} of ${list.total} on page ${list.page}`}</p>;
  }
  const view = h.render(<Things />);
  await waitFor(() => assert.is(view.getByRole('alert').textContent, 'This could not be loaded: the server did not answer.'));
  assert.is(view.queryByText(/of 0/), null);
  fireEvent.click(view.getByRole('button', { name: 'Try again' }));
  await waitFor(() => assert.ok(view.getByText('x,y of 22 on page 2')));
  assert.equal(h.calls.filter((c) => c.url.startsWith('api/things')).map((c) => c.url), [
    'api/things?page=1&size=20&sort=id,asc',
    'api/things?page=1&size=20&sort=id,asc',
  ]);
});

t.run();
