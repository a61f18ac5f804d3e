// Authorization codes (table oauth_code): random, stored as a SHA-256 hash, valid 60 seconds, usable once. A used
// code is kept until it expires, so presenting it again is recognised as a replay (the token grant then revokes
// the tokens the first exchange issued).
import type { Queryable } from '../db/database';
import { first } from '../db/database';
import { randomToken, sha256Hex } from './secrets';

const CODE_TTL_SECONDS = 60;

export interface CodeGrant {
  clientId: string;
  userId: number;
  redirectUri: string;
  scopes: string[];
  codeChallenge?: string;
  rememberMe: boolean;
}

export type RedeemedCode =
  | { status: 'ok'; codeHash: string; grant: CodeGrant }
  | { status: 'unknown' | 'expired' | 'replayed'; codeHash: string };

interface CodeRow {
  client_id: string;
  user_id: number;
  redirect_uri: string;
  scope: string[];
  code_challenge: string | null;
  remember_me: boolean;
  used: boolean;
  expired: boolean;
}

/** Stores a new code and answers it in clear (the only time it exists in clear). */
export async function issueCode(db: Queryable, grant: CodeGrant): Promise<string> {
  const code = randomToken(32);
  await db.query(
    `INSERT INTO oauth_code (code_hash, client_id, user_id, redirect_uri, scope, code_challenge, code_challenge_method,
       remember_me, expires_at)
     VALUES ($1, $2, $3, $4, $5::text::jsonb, $6, $7, $8, now() + ($9::int * interval '1 second'))`,
    [
      sha256Hex(code), grant.clientId, grant.userId, grant.redirectUri, JSON.stringify(grant.scopes),
      grant.codeChallenge ?? null, grant.codeChallenge ? 'S256' : null, grant.rememberMe, CODE_TTL_SECONDS,
    ],
  );
  return code;
}

/** Marks the code used (in the caller's transaction) and answers what it grants, or why it grants nothing. */
export async function redeemCode(tx: Queryable, code: string): Promise<RedeemedCode> {
  const codeHash = sha256Hex(code);
  const row = await first<CodeRow>(
    tx,
    `SELECT client_id, user_id, redirect_uri, scope, code_challenge, remember_me,
            used_at IS NOT NULL AS used, expires_at <= now() AS expired
       FROM oauth_code WHERE code_hash = $1 FOR UPDATE`,
    [codeHash],
  );
  if (!row) return { status: 'unknown', codeHash };
  if (row.used) return { status: 'replayed', codeHash };
  await tx.query('UPDATE oauth_code SET used_at = now() WHERE code_hash = $1', [codeHash]);
  if (row.expired) return { status: 'expired', codeHash };
  return {
    status: 'ok',
    codeHash,
    grant: {
      clientId: row.client_id,
      userId: row.user_id,
      redirectUri: row.redirect_uri,
      scopes: row.scope,
      codeChallenge: row.code_challenge ?? undefined,
      rememberMe: row.remember_me,
    },
  };
}

/** Drops codes that expired a while ago (a replay after that is simply an unknown code). */
export async function purgeCodes(db: Queryable): Promise<void> {
  await db.query("DELETE FROM oauth_code WHERE expires_at < now() - interval '10 minutes'");
}
