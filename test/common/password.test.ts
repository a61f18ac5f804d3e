// Worked examples of the strength score: 2 per character + 10 per class (letters, digits, others), capped at
// 20 under 8 characters, 10 with one class, 30 with two.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { passwordProblem, passwordStrength, strengthLevel } from '../../src/common/password';

const examples: [string, number, string][] = [
  ['', 0, 'nothing'],
  ['a', 10, '2 + 10 = 12, one class caps at 10'],
  ['password', 10, '16 + 10 = 26, one class caps at 10'],
  ['12345678901234567890', 10, 'digits only'],
  ['password1', 30, '18 + 20 = 38, two classes cap at 30'],
  ['pass1', 20, '10 + 20 = 30, under 8 caps at 20'],
  ['ab1!', 20, '8 + 30 = 38, under 8 caps at 20'],
  ['a1!', 20, '6 + 30 = 36, under 8 caps at 20'],
  ['a!', 20, '4 + 20 = 24, under 8 caps at 20'],
  ['Passw0rd', 30, 'letters + digits only: 16 + 20 = 36, capped at 30'],
  ['Passw0rd!', 48, '18 + 30'],
  ['abcdef1!', 46, 'exactly 8 characters: 16 + 30, no cap'],
  ['abcdefg1!', 48, '18 + 30'],
  ['Zz9!Zz9!', 46, 'Z, z and 9 count like any other character (quirk 20 fixed)'],
  ['zzzzzzz9', 30, 'z and 9 are a letter and a digit: two classes'],
  ['correct horse battery staple 1', 90, '60 + 30 (space is an "other")'],
  ['ééééééé1', 30, 'non-ASCII letters count as others: 16 + 20, two classes'],
];

for (const [password, score, why] of examples) {
  test(`strength of ${JSON.stringify(password)} is ${score} (${why})`, () => {
    assert.is(passwordStrength(password), score);
  });
}

test('the strength bar has five levels: <20, <30, <40, <55, 55+', () => {
  const cases: [number, number][] = [
    [0, 0], [10, 0], [19, 0], [20, 1], [29, 1], [30, 2], [39, 2], [40, 3], [54, 3], [55, 4], [130, 4],
  ];
  for (const [score, level] of cases) assert.is(strengthLevel(score), level, String(score));
  assert.is(strengthLevel(passwordStrength('abcdefghijklmnopqrst1!')), 4, '44 + 30 = 74');
});

test('passwordProblem: 8..100 characters and strength at least 40', () => {
  assert.is(passwordProblem(''), 'tooShort');
  assert.is(passwordProblem('ab1!ab1'), 'tooShort');
  assert.is(passwordProblem('ab1!ab1!'), null);
  assert.is(passwordProblem('Passw0rd'), 'weak');
  assert.is(passwordProblem('passwordpassword'), 'weak');
  assert.is(passwordProblem('Zz9!Zz9!'), null);
  assert.is(passwordProblem('a1!' + 'x'.repeat(97)), null, 'exactly 100');
  assert.is(passwordProblem('a1!' + 'x'.repeat(98)), 'tooLong', '101');
});

test('lengths count code points', () => {
  assert.is(passwordStrength('😀😀😀😀a1b2'), 2 * 8 + 30);
  assert.is(passwordProblem('😀😀😀😀a1b2'), null);
});

test.run();
