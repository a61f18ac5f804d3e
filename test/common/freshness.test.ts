// Freshness (docs/subjects.md, "Activity"): thresholds from project attributes with their defaults, and the four
// levels at their boundaries.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { freshnessOf, parseHours, thresholdsOf } from '../../src/common/freshness';

test('thresholds: defaults 24 and 72; whole hours from 1 to a year; stale never before late', () => {
  assert.equal(thresholdsOf(undefined), { lateHours: 24, staleHours: 72 });
  assert.equal(thresholdsOf({ 'Freshness-late-hours': '6', 'Freshness-stale-hours': ' 48 ' }), { lateHours: 6, staleHours: 48 });
  assert.equal(thresholdsOf({ 'Freshness-late-hours': '100' }), { lateHours: 100, staleHours: 100 });
  for (const bad of ['0', '-1', '1.5', 'abc', '', '8761', '99999']) assert.is(parseHours(bad), undefined, bad);
  assert.equal(thresholdsOf({ 'Freshness-late-hours': 'soon', 'Freshness-stale-hours': '0' }), { lateHours: 24, staleHours: 72 });
});

test('levels: fresh below late, late below stale, stale from there, never without a contact', () => {
  const now = Date.parse('2024-05-10T12:00:00Z');
  const t = { lateHours: 24, staleHours: 72 };
  const at = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
  assert.is(freshnessOf(null, now, t), 'never');
  assert.is(freshnessOf(undefined, now, t), 'never');
  assert.is(freshnessOf(at(0), now, t), 'fresh');
  assert.is(freshnessOf(at(23.99), now, t), 'fresh');
  assert.is(freshnessOf(at(24), now, t), 'late');
  assert.is(freshnessOf(at(71.99), now, t), 'late');
  assert.is(freshnessOf(at(72), now, t), 'stale');
  assert.is(freshnessOf(at(-1), now, t), 'fresh', 'a clock ahead of ours is fresh');
});

test.run();
