import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, waitFor, within } from '@testing-library/react';
import { MetricsPage } from '../../../../src/client/features/metrics';
import { json } from '../../lib/fake-fetch';
import { harness, SYS_ADMIN } from '../../components/harness';

const t = suite('metrics page: cache and datasource sections');
t.after.each(() => cleanup());

const timer = (count: number, mean: number, max: number) => ({
  count, mean, max, totalTime: count * mean, '0.0': 0.5, '0.5': 1.25, '0.75': 2, '0.95': 3.5, '0.99': 4, '1.0': max,
});

const METRICS = {
  cache: {
    verifiedTokens: { 'cache.gets.hit': 3, 'cache.gets.miss': 1, 'cache.puts': 1, 'cache.removals': 0, 'cache.evictions': 2, 'cache.size': 1 },
    apiDocs: { 'cache.gets.hit': 0, 'cache.gets.miss': 0, 'cache.puts': 0, 'cache.removals': 0, 'cache.evictions': 0, 'cache.size': 0 },
  },
  databases: {
    active: { value: 3 }, idle: { value: 7 }, max: { value: 10 }, min: { value: 0 }, pending: { value: 1 },
    acquire: timer(40, 0.25, 6), usage: timer(40, 2.5, 12.75),
  },
};

async function page(metrics: unknown, language: 'en' | 'nl' = 'en') {
  const h = await harness({
    url: '/jhi-metrics',
    account: SYS_ADMIN,
    language,
    answers: { 'GET management/jhimetrics': json(metrics), 'GET management/threaddump': json({ threads: [] }) },
  });
  const view = h.render(<MetricsPage params={{}} close={() => {}} />);
  await waitFor(() => assert.is(view.queryByText(language === 'en' ? 'Updating...' : 'Bijwerken...'), null));
  return { h, view };
}

const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

t('cache statistics: a row per cache with hits, misses, gets, puts, removals, evictions, hit % and miss %', async () => {
  const { h, view } = await page(METRICS);
  const section = view.getByRole('region', { name: 'Cache statistics' });
  const [header, ...rows] = within(section).getAllByRole('row');
  assert.equal(cells(header), ['Cache name', 'Cache hits', 'Cache misses', 'Cache gets', 'Cache puts', 'Cache removals', 'Cache evictions', 'Cache hit %', 'Cache miss %']);
  assert.equal(rows.map(cells), [
    ['verifiedTokens', '3', '1', '4', '1', '0', '2', '75.00 %', '25.00 %'],
    ['apiDocs', '0', '0', '0', '0', '0', '0', '0.00 %', '0.00 %'],
  ]);
  assert.equal(h.missing, []);
});

t('datasource: active, min, max, idle and pending with a bar, then acquire and usage statistics; no creation row without figures', async () => {
  const { h, view } = await page(METRICS);
  const section = view.getByRole('region', { name: 'DataSource statistics (time in milliseconds)' });
  const usage = 'Connection pool usage (active: 3, min: 0, max: 10, idle: 7, pending: 1)';
  assert.ok(within(section).getByText(usage));
  assert.is(within(section).getByRole('progressbar', { name: usage }).getAttribute('aria-valuenow'), '30');
  const [header, ...rows] = within(section).getAllByRole('row');
  assert.equal(cells(header), ['Connection', 'Count', 'Mean', 'Min', 'p50', 'p75', 'p95', 'p99', 'Max']);
  assert.equal(rows.map(cells), [
    ['Acquire', '40', '0.25 ms', '0.50 ms', '1.25 ms', '2.00 ms', '3.50 ms', '4.00 ms', '6.00 ms'],
    ['Usage', '40', '2.50 ms', '0.50 ms', '1.25 ms', '2.00 ms', '3.50 ms', '4.00 ms', '12.75 ms'],
  ]);
  assert.match(section.textContent ?? '', /server process/);
  assert.equal(h.missing, []);
});

t('datasource with a creation timer (the embedded database) shows its row; Dutch labels', async () => {
  const { h, view } = await page({ ...METRICS, databases: { ...METRICS.databases, connections: { value: 1 }, creation: timer(1, 180, 180) } }, 'nl');
  const section = view.getByRole('region', { name: 'Statistieken databaseverbindingen (tijd in milliseconden)' });
  assert.equal(within(section).getAllByRole('row').slice(1).map((row) => cells(row)[0]), ['Verkrijgen', 'Aanmaken', 'Gebruik']);
  assert.ok(view.getByRole('region', { name: 'Cachestatistieken' }));
  assert.equal(h.missing, []);
});

t('both sections stay hidden while the server reports nothing for them', async () => {
  const { view } = await page({ services: { '/api/account': { GET: { count: 1, mean: 1, max: 1 } } }, cache: {}, databases: {} });
  assert.ok(view.getByText('/api/account'));
  assert.is(view.queryByRole('region', { name: 'Cache statistics' }), null);
  assert.is(view.queryByRole('region', { name: 'DataSource statistics (time in milliseconds)' }), null);
});

t.run();
