// The second factor of a user (docs/users.md, "Two-factor sign-in"; tables of migration 053): enrolment, the check
// of a TOTP or recovery code, and the rule of REQUIRE_2FA. Every acceptance is one conditional UPDATE, so a code
// used by two concurrent requests (on any process) is accepted once.
import { randomBytes } from 'node:crypto';
import { ROLE_ORGANIZATION_ADMIN, ROLE_PARTICIPANT, ROLE_INACTIVE_PARTICIPANT, ROLE_SYS_ADMIN } from '../../common/authorities';
import type { Queryable } from '../db/database';
import { first } from '../db/database';
import { randomToken, safeEqual, sha256Hex } from '../oauth/secrets';
import { base32Decode, base32Encode, otpauthUri, verifyTotp } from '../auth/totp';

import type { TwoFactorRequirement } from '../settings/two-factor-requirement';

export type { TwoFactorRequirement };

export const RECOVERY_CODE_COUNT = 10;
export const TOTP_ISSUER = 'ManagementPortal';
const SECRET_BYTES = 20; // 160 bits, the HMAC-SHA-1 block recommended by RFC 4226

export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

export async function twoFactorStatus(db: Queryable, userId: number): Promise<TwoFactorStatus> {
  const row = await first<{ enabled: boolean; left: number }>(
    db,
    `SELECT (SELECT confirmed_at IS NOT NULL FROM user_two_factor WHERE user_id = $1) AS enabled,
            (SELECT count(*)::int FROM two_factor_recovery_code WHERE user_id = $1 AND used_at IS NULL) AS left`,
    [userId],
  );
  return { enabled: row?.enabled === true, recoveryCodesLeft: row?.enabled ? row.left : 0 };
}

export async function hasTwoFactor(db: Queryable, userId: number): Promise<boolean> {
  return (await twoFactorStatus(db, userId)).enabled;
}

/** Whether REQUIRE_2FA asks this user for a second factor (whether or not one is enrolled yet). */
export async function twoFactorRequired(db: Queryable, userId: number, requirement: TwoFactorRequirement): Promise<boolean> {
  if (requirement === 'none') return false;
  const admins = requirement === 'admins';
  const row = await first(
    db,
    `SELECT 1 FROM role_users ru JOIN radar_role r ON r.id = ru.role_id
      WHERE ru.user_id = $1 AND ${admins ? 'r.authority_name = ANY($2::text[])' : 'NOT (r.authority_name = ANY($2::text[]))'}
      LIMIT 1`,
    [userId, admins ? [ROLE_SYS_ADMIN, ROLE_ORGANIZATION_ADMIN] : [ROLE_PARTICIPANT, ROLE_INACTIVE_PARTICIPANT]],
  );
  return !!row;
}

export interface Enrolment {
  secret: string;
  uri: string;
}

/** A new unconfirmed secret (replacing an unconfirmed one); undefined when a confirmed factor exists. */
export async function startEnrolment(db: Queryable, userId: number, login: string): Promise<Enrolment | undefined> {
  const secret = base32Encode(randomBytes(SECRET_BYTES));
  const row = await first(
    db,
    `INSERT INTO user_two_factor (user_id, secret) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, last_used_step = NULL, created_at = now()
       WHERE user_two_factor.confirmed_at IS NULL
     RETURNING user_id`,
    [userId, secret],
  );
  return row ? { secret, uri: otpauthUri(TOTP_ISSUER, login, secret) } : undefined;
}

/** The unconfirmed enrolment of a user (for the sign-in page that enrols), if any. */
export async function pendingEnrolment(db: Queryable, userId: number, login: string): Promise<Enrolment | undefined> {
  const row = await first<{ secret: string }>(db, 'SELECT secret FROM user_two_factor WHERE user_id = $1 AND confirmed_at IS NULL', [userId]);
  return row ? { secret: row.secret, uri: otpauthUri(TOTP_ISSUER, login, row.secret) } : undefined;
}

function newRecoveryCode(): string {
  const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

const normalRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const recoveryHash = (salt: string, code: string) => sha256Hex(`${salt}:${normalRecoveryCode(code)}`);

/** Accepts a TOTP code whose time step is newer than the last one used; true when accepted (and remembered). */
async function acceptTotp(db: Queryable, userId: number, code: string, nowMs: number, confirmed: boolean): Promise<boolean> {
  const row = await first<{ secret: string; last_used_step: string | number | null }>(
    db,
    `SELECT secret, last_used_step FROM user_two_factor WHERE user_id = $1 AND (confirmed_at IS NOT NULL) = $2`,
    [userId, confirmed],
  );
  const secret = row && base32Decode(row.secret);
  if (!row || !secret) return false;
  const step = verifyTotp(secret, code, nowMs, row.last_used_step === null ? -1 : Number(row.last_used_step));
  if (step === undefined) return false;
  const updated = await first(
    db,
    `UPDATE user_two_factor SET last_used_step = $2${confirmed ? '' : ', confirmed_at = now()'}
      WHERE user_id = $1 AND (confirmed_at IS NOT NULL) = $3 AND (last_used_step IS NULL OR last_used_step < $2)
      RETURNING user_id`,
    [userId, step, confirmed],
  );
  return !!updated;
}

/** Confirms an enrolment with its first code: the factor is active and ten recovery codes are answered (once). */
export async function confirmEnrolment(db: Queryable, userId: number, code: string, nowMs = Date.now()): Promise<string[] | undefined> {
  if (!(await acceptTotp(db, userId, code, nowMs, false))) return undefined;
  await db.query('DELETE FROM two_factor_recovery_code WHERE user_id = $1', [userId]);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  for (const recovery of codes) {
    const salt = randomToken(16);
    await db.query('INSERT INTO two_factor_recovery_code (user_id, salt, code_hash) VALUES ($1, $2, $3)', [userId, salt, recoveryHash(salt, recovery)]);
  }
  return codes;
}

async function acceptRecoveryCode(db: Queryable, userId: number, code: string): Promise<boolean> {
  const normal = normalRecoveryCode(code);
  if (!/^[a-z2-7]{10}$/.test(normal)) return false;
  const rows = await db.query<{ id: number; salt: string; code_hash: string }>(
    'SELECT id, salt, code_hash FROM two_factor_recovery_code WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
  const match = rows.find((row) => safeEqual(recoveryHash(row.salt, normal), row.code_hash));
  if (!match) return false;
  return !!(await first(db, 'UPDATE two_factor_recovery_code SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id', [match.id]));
}

export type SecondFactorKind = 'totp' | 'recovery';

/** Checks a code of an active factor: a fresh TOTP code, or else an unused recovery code (used up by this). */
export async function verifySecondFactor(db: Queryable, userId: number, code: string, nowMs = Date.now()): Promise<SecondFactorKind | undefined> {
  const trimmed = code.trim();
  if (trimmed.length === 0 || trimmed.length > 64) return undefined;
  if (await acceptTotp(db, userId, trimmed, nowMs, true)) return 'totp';
  if (await acceptRecoveryCode(db, userId, trimmed)) return 'recovery';
  return undefined;
}

/** Removes the factor and its recovery codes; true when there was one. */
export async function removeTwoFactor(db: Queryable, userId: number): Promise<boolean> {
  await db.query('DELETE FROM two_factor_recovery_code WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM two_factor_pending WHERE user_id = $1', [userId]);
  const removed = await db.query('DELETE FROM user_two_factor WHERE user_id = $1 RETURNING user_id', [userId]);
  return removed.length > 0;
}
