import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import { MetricsPage } from '../../../../src/client/features/metrics';
import { json, type FakeAnswer } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN, tick } from '../../components/harness';

const t = suite('metrics page');
t.after.each(() => cleanup());

const METRICS = {
  jvm: { heap: { committed: 104857600, max: 209715200, used: 52428800 } },
  processMetrics: { 'process.uptime': 3723000, 'process.start.time': 1714979289000, 'process.cpu.usage': 0.125, 'system.cpu.usage': 0.5, 'system.cpu.count': 4, 'system.load.average.1m': 1.5, 'process.files.open': 30, 'process.files.max': 1024 },
  garbageCollector: { 'jvm.gc.max.data.size': 209715200, 'jvm.gc.live.data.size': 52428800, 'jvm.gc.memory.promoted': 0, 'jvm.gc.memory.allocated': 0, classesLoaded: 0, classesUnloaded: 0, 'jvm.gc.pause': { count: 3, mean: 1.5, max: 2, '0.0': 1, '0.5': 1.5, '0.75': 2, '0.95': 2, '0.99': 2 } },
  'http.server.requests': { all: { count: 12 }, percode: { '200': { count: 10, mean: 3, max: 9 }, '404': { count: 2, mean: 1, max: 1 } } },
  services: { '/api/account': { GET: { count: 7, mean: 2.5, max: 4 } } },
  cache: {},
  databases: {},
};
const THREADS = {
  threads: [
    { threadName: 'main', threadId: 1, threadState: 'RUNNABLE', blockedTime: -1, blockedCount: 0, waitedTime: -1, waitedCount: 0, lockName: null, stackTrace: [{ className: 'Router', methodName: 'match', fileName: 'router.ts', lineNumber: 42 }] },
    { threadName: 'worker-2', threadId: 2, threadState: 'WAITING', blockedTime: -1, blockedCount: 0, waitedTime: -1, waitedCount: 0, lockName: null, stackTrace: [] },
  ],
};

t('"Updating..." while loading, then each section with data; thread dump filterable by state', async () => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const h = await harness({
    url: '/jhi-metrics',
    account: SYS_ADMIN,
    answers: {
      'GET management/jhimetrics': async (): Promise<FakeAnswer> => {
        await gate;
        return json(METRICS);
      },
      'GET management/threaddump': json(THREADS),
    },
  });
  const view = h.render(<MetricsPage params={{}} close={() => {}} />);
  assert.ok(view.getByText('Updating...'));
  release();
  await waitFor(() => assert.ok(view.getByText('Memory')));
  assert.is(view.queryByText('Updating...'), null);
  assert.ok(view.getByText(/50M \/ 200M \(committed: 100M\)/));
  assert.ok(view.getByText('Threads (total: 2)'));
  assert.ok(view.getByText('1h 2m 3s'));
  assert.ok(view.getByText('12.50 %'));
  assert.ok(view.getByText('HTTP requests (total: 12)'));
  assert.ok(view.getByText('/api/account'));
  assert.ok(view.getByText('Garbage collector statistics'));

  fireEvent.click(view.getByRole('button', { name: 'Expand' }));
  const dialog = await view.findByRole('dialog');
  assert.ok(within(dialog).getByText(/main \(id 1\)/));
  assert.ok(within(dialog).getByText(/worker-2/));
  fireEvent.click(within(dialog).getByRole('button', { name: /^Waiting \(1\)/ }));
  assert.is(within(dialog).queryByText(/main \(id 1\)/), null);
  fireEvent.click(within(dialog).getByRole('button', { name: /^Runnable/ }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Show stack trace' }));
  assert.ok(within(dialog).getByText(/Router\.match \(router\.ts:42\)/));

  fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]);
  fireEvent.click(view.getByRole('button', { name: 'Refresh' }));
  await act(() => tick(5));
  assert.is(h.calls.filter((c) => c.url === 'management/jhimetrics').length, 2);
  assert.equal(h.missing, []);
});

t('sections without data stay hidden', async () => {
  const h = await harness({
    url: '/jhi-metrics',
    account: SYS_ADMIN,
    answers: { 'GET management/jhimetrics': json({ jvm: {}, services: {}, cache: {}, databases: {} }), 'GET management/threaddump': json({ threads: [] }) },
  });
  const view = h.render(<MetricsPage params={{}} close={() => {}} />);
  await waitFor(() => assert.is(view.queryByText('Updating...'), null));
  assert.is(view.queryByText('Memory'), null);
  assert.is(view.queryByRole('button', { name: 'Expand' }), null);
  assert.is(view.queryByText('System'), null);
});

t.run();
