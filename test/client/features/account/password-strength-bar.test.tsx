import '../../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup } from '@testing-library/react';
import { PasswordStrengthBar } from '../../../../src/client/features/account/password-strength-bar';
import { harness } from '../../components/harness';

const t = suite('account: PasswordStrengthBar');
t.after.each(() => cleanup());

async function levelOf(password: string) {
  const h = await harness();
  const view = h.render(<PasswordStrengthBar password={password} />);
  const meter = view.getByRole('meter');
  const coloured = meter.querySelectorAll('[class*="strength-bar__step--level"]').length;
  const result = { level: Number(meter.getAttribute('data-level')), coloured, name: meter.getAttribute('aria-valuetext') };
  assert.equal(h.missing, []);
  cleanup();
  return result;
}

t('an empty password shows no level', async () => {
  assert.equal(await levelOf(''), { level: -1, coloured: 0, name: null });
});

t('five levels: under 20, under 30, under 40, under 55, 55 or more', async () => {
  // 'abc': one class, capped at 10.
  assert.equal(await levelOf('abc'), { level: 0, coloured: 1, name: 'Very weak' });
  // 'ab1': 6 + 20 = 26 (under 8 characters, so at most 20) -> 20.
  assert.equal(await levelOf('ab1'), { level: 1, coloured: 2, name: 'Weak' });
  // 'abcdefgh1': 18 + 20, two classes capped at 30.
  assert.equal(await levelOf('abcdefgh1'), { level: 2, coloured: 3, name: 'Fair' });
  // 'abcdefg1!': 18 + 30 = 48.
  assert.equal(await levelOf('abcdefg1!'), { level: 3, coloured: 4, name: 'Good' });
  // 'Abcdefghijk1!': 26 + 30 = 56.
  assert.equal(await levelOf('Abcdefghijk1!'), { level: 4, coloured: 5, name: 'Strong' });
});

t.run();
