// The meta-token lifetimes (docs/oauth.md): ISO-8601 durations, with ManagementPortal's fallbacks.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { metaTokenTimeoutMs, parseIsoDuration, persistentMetaTokenTimeoutMs } from '../../src/server/settings/iso-duration';

test('parses the durations Java writes', () => {
  assert.is(parseIsoDuration('PT1H'), 3600000);
  assert.is(parseIsoDuration('P31D'), 31 * 86400000);
  assert.is(parseIsoDuration('P1DT12H30M'), 86400000 + 12 * 3600000 + 30 * 60000);
  assert.is(parseIsoDuration('PT0.5S'), 500);
  for (const bad of ['', 'P', 'PT', '1H', 'P1M', 'PT-1H', 'P0D']) assert.is(parseIsoDuration(bad), undefined, bad);
});

test('fallbacks: one hour, 31 days; empty disables persistent tokens', () => {
  assert.is(metaTokenTimeoutMs(undefined), 3600000);
  assert.is(metaTokenTimeoutMs(''), 3600000);
  assert.is(metaTokenTimeoutMs('nonsense'), 3600000);
  assert.is(metaTokenTimeoutMs('PT15M'), 900000);
  assert.is(persistentMetaTokenTimeoutMs(undefined), 31 * 86400000);
  assert.is(persistentMetaTokenTimeoutMs(''), null);
  assert.is(persistentMetaTokenTimeoutMs('nonsense'), 31 * 86400000);
  assert.is(persistentMetaTokenTimeoutMs('P7D'), 7 * 86400000);
});

test.run();
