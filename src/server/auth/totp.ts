// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA-1 of the 30-second time step, dynamically
// truncated to `digits` decimal digits. The portal uses 6 digits and accepts one step of clock drift either way
// (docs/users.md, "Two-factor sign-in"); verifyTotp answers the matched step so a caller can refuse its reuse.
// Base32 (RFC 4648, no padding) is how authenticator apps take the secret, in an otpauth:// URI.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_DRIFT_STEPS = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32, ignoring case, spaces and padding; undefined for any other character. */
export function base32Decode(text: string): Buffer | undefined {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) return undefined;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
      value &= (1 << bits) - 1;
    }
  }
  return Buffer.from(out);
}

/** The time step of a moment given in milliseconds since the epoch. */
export function timeStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

/** The HOTP value of one counter (RFC 4226 section 5.3), zero-padded to `digits`. */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export function generateTotp(secret: Uint8Array, nowMs: number, digits = TOTP_DIGITS): string {
  return hotp(secret, timeStep(nowMs), digits);
}

/**
 * The time step whose code `code` is (the current step, or one step either side), or undefined. Steps at or
 * below `notAfterStep` are not accepted, so a code already used (or an older one) cannot be used again.
 */
export function verifyTotp(secret: Uint8Array, code: string, nowMs: number, notAfterStep = -1, digits = TOTP_DIGITS): number | undefined {
  const given = code.replace(/\s/g, '');
  if (!new RegExp(`^\\d{${digits}}$`).test(given)) return undefined;
  const current = timeStep(nowMs);
  let matched: number | undefined;
  // Every candidate is computed and compared in constant time, so timing says nothing about which one matched.
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step++) {
    const equal = timingSafeEqual(Buffer.from(hotp(secret, step, digits)), Buffer.from(given));
    if (equal && step > notAfterStep && matched === undefined) matched = step;
  }
  return matched;
}

/** The otpauth:// URI authenticator apps read from a QR code (issuer and account name, secret in base32). */
export function otpauthUri(issuer: string, account: string, secretBase32: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString().replace(/\+/g, '%20')}`;
}
