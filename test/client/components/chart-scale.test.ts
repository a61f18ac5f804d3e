// The value axis of the hand-drawn charts: a 1-2-5 top at or above the largest value, and whole-number ticks.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { niceMax, ticks } from '../../../src/client/components/charts/chart-scale';

test('niceMax', () => {
  assert.equal([0, 1, 3, 7, 10, 11, 45, 51, 999, 1001].map(niceMax), [1, 1, 5, 10, 10, 20, 50, 100, 1000, 2000]);
});

test('ticks', () => {
  assert.equal(ticks(100), [0, 25, 50, 75, 100]);
  assert.equal(ticks(1), [0, 1]);
  assert.equal(ticks(2), [0, 1, 2]);
});

test.run();
