// Password hashes with scrypt from node:crypto (never hand-rolled). The stored form names its parameters, so they can
// be raised later without invalidating existing hashes: scrypt$N$r$p$salt$hash (base64url).
//
// Hashes imported from ManagementPortal are bcrypt ($2a$ / $2b$ / $2y$, Spring Security's BCryptPasswordEncoder).
// They are verified with bcryptjs and replaced by an scrypt hash at the next successful use (needsRehash), so after
// a switch every user and client secret moves to the portal's scheme without anyone choosing a new password.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import bcrypt from 'bcryptjs';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const BCRYPT_FORM = /^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password nobody knows, made once per process: checking a password against it when there is no
 * stored hash (an unknown login or client id) costs what a real check costs, so the time taken does not tell them apart.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummy;
}

export const isBcryptHash = (stored: string | null | undefined): stored is string => BCRYPT_FORM.test(stored ?? '');

/** True when `stored` is a bcrypt hash of the empty string: how ManagementPortal's client store keeps a client that
 * has no secret (oauth/imported-empty-secrets.ts). */
export const hashesEmptySecret = (stored: string): Promise<boolean> => bcrypt.compare('', stored);

/** True when `stored` is a hash of another scheme (bcrypt) that should be replaced once the password is known. */
export const needsRehash = (stored: string | null | undefined): boolean => isBcryptHash(stored);

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  // bcrypt reads the first 72 bytes of a password, in ManagementPortal as in bcryptjs, so a longer password that
  // ManagementPortal accepted is accepted here too, once: the hash then becomes scrypt over all of it.
  if (isBcryptHash(stored)) return bcrypt.compare(password, stored);
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
