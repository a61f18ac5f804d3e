// The TOTP core (src/server/auth/totp.ts) against RFC 6238 appendix B (the SHA-1 rows, 8 digits), base32 and the
// otpauth:// URI, and the drift and reuse rules of verifyTotp.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { base32Decode, base32Encode, generateTotp, otpauthUri, timeStep, verifyTotp } from '../../src/server/auth/totp';

const t = suite('totp core');
const RFC_SECRET = Buffer.from('12345678901234567890', 'ascii');

t('RFC 6238 appendix B, SHA-1 rows', () => {
  const rows: Array<[number, string]> = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  for (const [seconds, code] of rows) assert.is(generateTotp(RFC_SECRET, seconds * 1000, 8), code, `T = ${seconds}`);
  assert.is(generateTotp(RFC_SECRET, 59_000), '287082', 'six digits are the last six');
});

t('base32 round trip and RFC 4648 vectors', () => {
  assert.is(base32Encode(Buffer.from('foobar')), 'MZXW6YTBOI');
  assert.is(base32Encode(Buffer.from('f')), 'MY');
  assert.is(base32Decode('mzxw 6ytb oi======')!.toString(), 'foobar');
  assert.is(base32Decode('MZ1'), undefined);
  const bytes = Buffer.from(Array.from({ length: 20 }, (_, i) => i * 13 + 7));
  assert.equal(base32Decode(base32Encode(bytes)), bytes);
});

t('verify accepts one step of drift either way and refuses used steps', () => {
  const now = 1_700_000_000_000;
  const step = timeStep(now);
  const code = generateTotp(RFC_SECRET, now);
  assert.is(verifyTotp(RFC_SECRET, code, now), step);
  assert.is(verifyTotp(RFC_SECRET, generateTotp(RFC_SECRET, now - 30_000), now), step - 1);
  assert.is(verifyTotp(RFC_SECRET, generateTotp(RFC_SECRET, now + 30_000), now), step + 1);
  assert.is(verifyTotp(RFC_SECRET, generateTotp(RFC_SECRET, now - 60_000), now), undefined);
  assert.is(verifyTotp(RFC_SECRET, code, now, step), undefined, 'the same step again');
  assert.is(verifyTotp(RFC_SECRET, generateTotp(RFC_SECRET, now - 30_000), now, step), undefined, 'an older step');
  assert.is(verifyTotp(RFC_SECRET, '12345', now), undefined);
  assert.is(verifyTotp(RFC_SECRET, 'abcdef', now), undefined);
});

t('otpauth URI', () => {
  const uri = otpauthUri('ManagementPortal', 'alice', 'MZXW6YTBOI');
  assert.is(uri, 'otpauth://totp/ManagementPortal:alice?secret=MZXW6YTBOI&issuer=ManagementPortal&algorithm=SHA1&digits=6&period=30');
});

t.run();
