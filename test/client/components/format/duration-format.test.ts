import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { durationMessage, durationParts, durationText, pairingTimeout, tokenValidity } from '../../../../src/client/components/format';

const t = suite('format: durations');
const MIN = 60_000;
const HOUR = 60 * MIN;

t('durationParts splits into whole units, largest first, without zeros', () => {
  assert.equal(durationParts((86400 + 3600 + 61) * 1000), [
    { unit: 'day', count: 1 },
    { unit: 'hour', count: 1 },
    { unit: 'minute', count: 1 },
    { unit: 'second', count: 1 },
  ]);
  assert.equal(durationParts(400 * 86400 * 1000), [
    { unit: 'year', count: 1 },
    { unit: 'month', count: 1 },
    { unit: 'day', count: 5 },
  ]);
  assert.equal(durationParts(400 * 86400 * 1000, 1), [{ unit: 'year', count: 1 }]);
  assert.equal(durationParts(0), [{ unit: 'second', count: 0 }]);
});

t('token validity uses the largest unit that divides exactly (days, hours, minutes, seconds)', () => {
  assert.equal(tokenValidity(86400 * 14), { unit: 'day', count: 14 });
  assert.equal(tokenValidity(3600 * 5), { unit: 'hour', count: 5 });
  assert.equal(tokenValidity(1800), { unit: 'minute', count: 30 });
  assert.equal(tokenValidity(90), { unit: 'second', count: 90 });
  assert.equal(tokenValidity(0), { unit: 'second', count: 0 });
});

t('pairing timeout: minutes below 180 unless whole hours; 1 hour; hours up to 48; then days', () => {
  assert.equal(pairingTimeout(30 * MIN), { unit: 'minute', count: 30 });
  assert.equal(pairingTimeout(90 * MIN), { unit: 'minute', count: 90 });
  assert.equal(pairingTimeout(179 * MIN), { unit: 'minute', count: 179 });
  assert.equal(pairingTimeout(HOUR), { unit: 'hour', count: 1 });
  assert.equal(pairingTimeout(2 * HOUR), { unit: 'hour', count: 2 });
  assert.equal(pairingTimeout(200 * MIN), { unit: 'hour', count: 3 });
  assert.equal(pairingTimeout(48 * HOUR), { unit: 'hour', count: 48 });
  assert.equal(pairingTimeout(49 * HOUR), { unit: 'day', count: 2 });
  assert.equal(pairingTimeout(30 * 24 * HOUR), { unit: 'day', count: 30 });
});

t('texts come from the plural keys', () => {
  assert.equal(durationMessage({ unit: 'hour', count: 1 }), { key: 'global.duration.hour', params: { count: 1 } });
  const words: Record<string, string> = { 'global.duration.day': 'days', 'global.duration.hour': 'hours' };
  const t2 = (key: string, params?: { count: number }) => `${params?.count} ${words[key]}`;
  assert.is(durationText(t2, [{ unit: 'day', count: 2 }, { unit: 'hour', count: 3 }]), '2 days 3 hours');
});

t.run();
