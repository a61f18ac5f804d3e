// "3 h ago": the largest unit that fits, rounded down, in the interface language (the wording is the runtime's
// Intl.RelativeTimeFormat, so it is compared with that rather than spelled out here).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatRelativeTime } from '../../../../src/client/components/format';

const now = Date.parse('2024-05-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const rtf = (language: string, value: number, unit: Intl.RelativeTimeFormatUnit) =>
  new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' }).format(value, unit);

test('units from seconds to years, rounded down; nothing for no date', () => {
  assert.is(formatRelativeTime(ago(10_000), now, 'en'), rtf('en', 0, 'second'));
  assert.is(formatRelativeTime(ago(3 * 3_600_000 + 59 * 60_000), now, 'en'), rtf('en', -3, 'hour'));
  assert.is(formatRelativeTime(ago(36 * 3_600_000), now, 'en'), rtf('en', -1, 'day'));
  assert.is(formatRelativeTime(ago(15 * 86_400_000), now, 'en'), rtf('en', -2, 'week'));
  assert.is(formatRelativeTime(ago(400 * 86_400_000), now, 'en'), rtf('en', -1, 'year'));
  assert.is(formatRelativeTime(null, now, 'en'), '');
  assert.is(formatRelativeTime(ago(-60_000), now, 'en'), rtf('en', 0, 'second'), 'a future instant');
  assert.match(formatRelativeTime(ago(3 * 3_600_000), now, 'en'), /3/);
});

test('Dutch', () => {
  assert.is(formatRelativeTime(ago(5 * 60_000), now, 'nl'), rtf('nl', -5, 'minute'));
  assert.match(formatRelativeTime(ago(5 * 60_000), now, 'nl'), /geleden/);
});

test.run();
