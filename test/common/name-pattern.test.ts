import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  META_TOKEN_NAME_PATTERN,
  NAME_PATTERN,
  NAME_PATTERN_SOURCE,
  isValidMetaTokenName,
  isValidName,
} from '../../src/common/name-pattern';

test('NAME is ManagementPortal\'s entity-id regex', () => {
  assert.is(NAME_PATTERN_SOURCE, "^[_'.@A-Za-z0-9- ]*$");
  assert.is(NAME_PATTERN.source, NAME_PATTERN_SOURCE);
});

test('NAME accepts letters, digits, _ \' . @ - and space', () => {
  for (const ok of ['radar', 'Radar-Pilot-01', 'sub-1', "o'brien", 'admin@localhost', 'Test Group A', 'a_b.c', '', ' ']) {
    assert.ok(isValidName(ok), JSON.stringify(ok));
  }
});

test('NAME refuses everything else', () => {
  for (const bad of ['a/b', 'a\\b', 'a?b', 'a#b', 'a%20b', 'naïve', 'tab\there', 'line\nbreak', 'a+b', '<x>', 'a:b', 'a,b']) {
    assert.not.ok(isValidName(bad), JSON.stringify(bad));
  }
});

test('meta-token names: letters, digits, . and - only', () => {
  assert.is(META_TOKEN_NAME_PATTERN.source, '^[A-Za-z0-9.-]*$');
  for (const ok of ['aB3.x-Yz', 'AbCdEfGh12345678', '']) assert.ok(isValidMetaTokenName(ok), ok);
  for (const bad of ['a b', 'a_b', "a'b", 'a@b', 'a/b']) assert.not.ok(isValidMetaTokenName(bad), bad);
});

test.run();
