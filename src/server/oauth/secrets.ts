// Random values and their stored form. Codes, session ids and refresh-token ids are random and only their SHA-256
// is stored, so a copy of the database cannot be replayed; comparisons of secrets take constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe random string carrying `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function sha256Base64Url(value: string): string {
  return createHash('sha256').update(value, 'ascii').digest('base64url');
}

/** Constant-time equality of two strings (false when either is missing). */
export function safeEqual(a: string | null | undefined, b: string | null | undefined): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
