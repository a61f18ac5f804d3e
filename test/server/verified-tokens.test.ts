// The memo of verified tokens: a hit only for the exact token string, and never past the token's expiry.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { rememberClaims, rememberedClaims } from '../../src/server/auth/verified-tokens';

test('a remembered token is found until it expires, and only by its exact text', () => {
  const now = 1_000_000;
  rememberClaims('a.b.c', { exp: now + 10, user_name: 'x' });
  assert.equal(rememberedClaims('a.b.c', now), { exp: now + 10, user_name: 'x' });
  assert.is(rememberedClaims('a.b.C', now), undefined);
  assert.is(rememberedClaims('a.b.c', now + 10), undefined);
  assert.is(rememberedClaims('a.b.c', now), undefined, 'an expired entry is dropped');
});

test.run();
