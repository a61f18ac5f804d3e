// Meta-tokens (table radar_meta_token, docs/oauth.md, Pairing): short random names a paired app exchanges once (or,
// if persistent, until expiry) for a refresh token. Names come from node:crypto; a collision with an existing name is
// retried, as in the original. Each character carries 6 bits (64 characters), so a single-use name of 12 characters
// carries 72 bits and a persistent one of 16 carries 96: at least the 64 bits ASVS 3.2.2 asks of a secret token (the
// original's 8 characters carried 48). Apps read the name from the URL and check only its characters
// ([A-Za-z0-9.-]), and token_name holds 255, so the longer name changes nothing for them.
import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/database';
import { first } from '../db/database';
import { apiError } from '../http/errors';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-';
const TOKEN_NAME_PATTERN = /^[A-Za-z0-9.-]+$/;
export const SINGLE_USE_NAME_LENGTH = 12;
export const PERSISTENT_NAME_LENGTH = 16;

function randomTokenName(length: number): string {
  let name = '';
  for (let i = 0; i < length; i++) name += ALPHABET[randomInt(ALPHABET.length)];
  return name;
}

export interface NewMetaToken {
  subjectId: number;
  clientId: string;
  persistent: boolean;
  timeoutMs: number;
  /** The login that asked for the link (the invitations list shows it). */
  createdBy?: string;
}

/** Inserts the token and answers its name and expiry (taken from the database clock, like every expiry check). */
export async function insertMetaToken(tx: Queryable, token: NewMetaToken): Promise<{ name: string; expiresAt: Date }> {
  for (let attempt = 0; ; attempt++) {
    const name = randomTokenName(token.persistent ? PERSISTENT_NAME_LENGTH : SINGLE_USE_NAME_LENGTH);
    const [row] = await tx.query<{ expiry_date: Date }>(
      `INSERT INTO radar_meta_token (token_name, fetched, expiry_date, subject_id, client_id, persistent, created_by)
       VALUES ($1, false, now() + ($2::bigint * interval '1 millisecond'), $3, $4, $5, $6)
       ON CONFLICT (token_name) DO NOTHING RETURNING expiry_date`,
      [name, token.timeoutMs, token.subjectId, token.clientId, token.persistent, token.createdBy ?? null],
    );
    if (row) return { name, expiresAt: new Date(row.expiry_date) };
    if (attempt >= 10) throw new Error('Could not find a free meta-token name');
  }
}

export interface MetaTokenRow {
  id: number;
  client_id: string;
  fetched: boolean;
  persistent: boolean;
  live: boolean;
  user_id: number | null;
  subject_login: string | null;
  project_id: number | null;
  project_name: string | null;
}

/** The token with its subject and the subject's active project; `lock` locks the token row (write transactions). */
export async function findMetaToken(q: Queryable, name: string, lock = false): Promise<MetaTokenRow | undefined> {
  if (!TOKEN_NAME_PATTERN.test(name)) return undefined;
  return first<MetaTokenRow>(
    q,
    `SELECT t.id, t.client_id, t.fetched, t.persistent, t.expiry_date > now() AS live, s.user_id, s.login AS subject_login,
            p.id AS project_id, p.project_name
       FROM radar_meta_token t LEFT JOIN subject s ON s.id = t.subject_id LEFT JOIN project p ON p.id = s.project_id
      WHERE t.token_name = $1${lock ? ' FOR UPDATE OF t' : ''}`,
    [name],
  );
}

export const tokenNotFound = (tokenName: string) =>
  apiError(404, 'error.tokenNotFound', 'meta-token', `Meta-token ${tokenName} not found`, { tokenName });

/** The monthly purge of the original, run by oauth/housekeeping.ts: expired tokens and used single-use ones. */
export async function purgeMetaTokens(db: Queryable): Promise<void> {
  await db.query('DELETE FROM radar_meta_token WHERE expiry_date < now() OR (fetched AND NOT persistent)');
}
