import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseHiddenSubjectFields, parseProfileInfo } from '../../../src/client/lib/site-settings';

test('known fields are read, in either naming', () => {
  assert.equal([...parseHiddenSubjectFields({ hiddenSubjectFields: ['person_name', 'date_of_birth', 'group'] })], [
    'person_name',
    'date_of_birth',
    'group',
  ]);
  assert.equal([...parseHiddenSubjectFields({ hiddenSubjectFields: ['NAME', 'DATEOFBIRTH', 'GROUP'] })], [
    'person_name',
    'date_of_birth',
    'group',
  ]);
});

test('unknown fields are logged and ignored', () => {
  const warnings: string[] = [];
  const hidden = parseHiddenSubjectFields({ hiddenSubjectFields: ['group', 'shoe_size', 7] }, (m) => warnings.push(m));
  assert.equal([...hidden], ['group']);
  assert.is(warnings.length, 2);
  assert.match(warnings[0], 'shoe_size');
});

test('an invalid answer is an empty set', () => {
  for (const answer of [null, undefined, 'x', 3, [], {}, { hiddenSubjectFields: 'group' }]) {
    assert.is(parseHiddenSubjectFields(answer, () => assert.unreachable('nothing to warn about')).size, 0);
  }
});

test('profile info keeps the string profiles', () => {
  assert.equal(parseProfileInfo({ activeProfiles: ['dev', 3, 'api-docs'] }), { activeProfiles: ['dev', 'api-docs'] });
  assert.equal(parseProfileInfo('nope'), { activeProfiles: [] });
});

test.run();
