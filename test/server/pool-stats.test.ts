// The pool counting behind the datasource figures of management/jhimetrics, and the timer behind its percentiles:
// slots taken and handed on first come first served, an operation that settles while still counted as waiting
// (postgres.js pipelined it), and percentiles over the most recent durations.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PoolStats } from '../../src/server/db/pool-stats';
import { DurationSample } from '../../src/server/db/duration-sample';

const t = suite('pool stats');

const gauges = (pool: PoolStats) => {
  const f = pool.figures();
  return { active: f.active.value, idle: f.idle.value, pending: f.pending.value };
};

t('slots up to max, then callers wait and get the slot an earlier operation gives back, oldest first', () => {
  const pool = new PoolStats({ max: 2, min: 0 });
  const a = pool.take();
  const b = pool.take();
  const c = pool.take();
  const d = pool.take();
  assert.equal(gauges(pool), { active: 2, idle: 0, pending: 2 });
  assert.is(pool.acquire.count, 2, 'the waiting ones are timed when they get their slot');
  pool.give(b);
  assert.equal(gauges(pool), { active: 2, idle: 0, pending: 1 });
  assert.is(pool.acquire.count, 3);
  pool.give(a);
  pool.give(c);
  assert.equal(gauges(pool), { active: 1, idle: 1, pending: 0 });
  pool.give(d);
  assert.equal(gauges(pool), { active: 0, idle: 2, pending: 0 });
  assert.is(pool.usage.count, 4);
  assert.is(pool.acquire.count, 4);
});

t('an operation that settles while counted as waiting holds no slot and hands none on', () => {
  const pool = new PoolStats({ max: 1, min: 0 });
  const running = pool.take();
  const pipelined = pool.take();
  pool.give(pipelined);
  assert.equal(gauges(pool), { active: 1, idle: 0, pending: 0 });
  assert.is(pool.usage.count, 0);
  assert.is(pool.acquire.count, 2);
  pool.give(running);
  assert.equal(gauges(pool), { active: 0, idle: 1, pending: 0 });
});

t('figures: HikariCP gauge names with {value}, timers in Micrometer keys; connections and creation only when known', () => {
  const lazy = new PoolStats({ max: 10, min: 0 }).figures();
  assert.equal(Object.keys(lazy).sort(), ['acquire', 'active', 'idle', 'max', 'min', 'pending', 'usage']);
  assert.equal(lazy.max, { value: 10 });
  assert.equal(lazy.min, { value: 0 });
  assert.equal(Object.keys(lazy.usage).sort(), ['0.0', '0.5', '0.75', '0.95', '0.99', '1.0', 'count', 'max', 'mean', 'totalTime']);
  const embedded = new PoolStats({ max: 1, min: 1, connections: () => 1 });
  embedded.creation.record(12);
  const f = embedded.figures();
  assert.equal(f.connections, { value: 1 });
  assert.is(f.creation!.count, 1);
  assert.is(f.creation!.mean, 12);
});

t('duration sample: count, total, mean and max over all; percentiles over the last 1024', () => {
  const sample = new DurationSample();
  assert.equal(sample.figures(), { count: 0, max: 0, totalTime: 0, mean: 0, '0.0': 0, '0.5': 0, '0.75': 0, '0.95': 0, '0.99': 0, '1.0': 0 });
  for (let ms = 100; ms >= 1; ms--) sample.record(ms);
  assert.equal(sample.figures(), { count: 100, max: 100, totalTime: 5050, mean: 50.5, '0.0': 1, '0.5': 50, '0.75': 75, '0.95': 95, '0.99': 99, '1.0': 100 });
  for (let i = 0; i < 1024; i++) sample.record(1000 + i);
  const f = sample.figures();
  assert.is(f.count, 1124);
  assert.is(f['0.0'], 1000, 'the first hundred fell out of the window');
  assert.is(f['1.0'], 2023);
  assert.is(f.max, 2023);
});

t.run();
