// Browser sessions in table http_session, shared by every server process. The cookie value is random and only its
// SHA-256 is stored. A session ends after 30 idle minutes, or 30 idle days with remember-me; each use slides the
// expiry, written at most once a minute so busy pages do not write on every request. A session made from a bearer
// token (POST api/login) is bounded by that token: it has only the token's scopes, never slides past the token's
// expiry, and ends when the token's OAuth client is deleted (auth/client-revocation.ts).
import type { Queryable } from '../db/database';
import { first, jsonColumn } from '../db/database';
import { accessOf, USER_ROLES_AND_SOURCES_COLUMNS, type UserAccess } from '../auth/user-roles';
import { randomToken, sha256Hex } from '../oauth/secrets';
import { readableUserAgent } from './user-agent';

const IDLE_TIMEOUT_SECONDS = 30 * 60;
export const REMEMBER_ME_SECONDS = 30 * 24 * 60 * 60;
const TOUCH_INTERVAL_SECONDS = 60;

export const sessionLifetime = (rememberMe: boolean) => (rememberMe ? REMEMBER_ME_SECONDS : IDLE_TIMEOUT_SECONDS);
export const sessionIdHash = (cookieValue: string) => sha256Hex(cookieValue);

export interface NewSession {
  /** The cookie value (exists in clear only in the cookie). */
  cookieValue: string;
  idHash: string;
  xsrfToken: string;
  rememberMe: boolean;
}

/** The bearer token a session was made from, which bounds it (POST api/login). */
export interface SessionToken {
  scopes: string[];
  clientId?: string;
  /** The token's `iat` and `exp`, epoch seconds. */
  issuedAt: number;
  expiresAt: number;
}

export interface StoredSession {
  idHash: string;
  userId: number;
  login: string;
  activated: boolean;
  xsrfToken: string;
  rememberMe: boolean;
  accessToken: string | null;
  /** The last write of last_seen_at is older than the touch interval. */
  stale: boolean;
  /** Seconds until the stored expiry (before this request slides it). */
  expiresIn: number;
  /** The scopes of the bearer token the session was made from; undefined for a session of the sign-in page. */
  tokenScopes?: string[];
  tokenClientId?: string;
  /** Seconds until that token expires (the session never slides past it). */
  tokenExpiresIn?: number;
  /** The user's current roles and sources, read with the session (one statement per request). */
  access: UserAccess;
}

export async function createSession(
  db: Queryable,
  options: { userId: number; rememberMe: boolean; accessToken?: string; remoteAddress?: string; userAgent?: string; token?: SessionToken },
): Promise<NewSession> {
  const token = options.token;
  const cookieValue = randomToken(32);
  const idHash = sessionIdHash(cookieValue);
  const xsrfToken = randomToken(24);
  await db.query(
    `INSERT INTO http_session (id_hash, user_id, xsrf_token, remember_me, access_token, expires_at, remote_address, user_agent,
       token_scopes, token_client_id, token_issued_at, token_expires_at)
     VALUES ($1, $2, $3, $4, $5, LEAST(now() + ($6::int * interval '1 second'), to_timestamp($12::float8)), $7, $8,
       $9::text::jsonb, $10, $11, to_timestamp($12::float8))`,
    [
      idHash, options.userId, xsrfToken, options.rememberMe, options.accessToken ?? null, sessionLifetime(options.rememberMe),
      options.remoteAddress?.slice(0, 64) ?? null, options.userAgent?.slice(0, 512) ?? null,
      token ? JSON.stringify(token.scopes) : null, token?.clientId ?? null, token?.issuedAt ?? null, token?.expiresAt ?? null,
    ],
  );
  return { cookieValue, idHash, xsrfToken, rememberMe: options.rememberMe };
}

/** The live session for a cookie value, with its user; undefined when unknown or expired. */
export async function findSession(db: Queryable, cookieValue: string): Promise<StoredSession | undefined> {
  const row = await first<{
    id_hash: string; user_id: number; login: string; activated: boolean; xsrf_token: string; remember_me: boolean;
    access_token: string | null; stale: boolean; expires_in: number | string; roles: unknown; sources: unknown;
    token_scopes: unknown; token_client_id: string | null; token_expires_in: number | string | null;
  }>(
    db,
    `SELECT s.id_hash, s.user_id, u.login, u.activated, s.xsrf_token, s.remember_me, s.access_token,
            s.last_seen_at < now() - ($2::int * interval '1 second') AS stale,
            GREATEST(0, FLOOR(EXTRACT(EPOCH FROM (s.expires_at - now()))))::int AS expires_in, ${USER_ROLES_AND_SOURCES_COLUMNS},
            s.token_scopes, s.token_client_id,
            GREATEST(0, FLOOR(EXTRACT(EPOCH FROM (s.token_expires_at - now()))))::int AS token_expires_in
       FROM http_session s JOIN radar_user u ON u.id = s.user_id
      WHERE s.id_hash = $1 AND s.expires_at > now()
        AND NOT EXISTS (SELECT 1 FROM oauth_client_revocation r
                         WHERE r.client_id = s.token_client_id AND s.token_issued_at <= floor(extract(epoch FROM r.revoked_at)))`,
    [sessionIdHash(cookieValue), TOUCH_INTERVAL_SECONDS],
  );
  if (!row) return undefined;
  return {
    idHash: row.id_hash, userId: row.user_id, login: row.login, activated: row.activated, xsrfToken: row.xsrf_token,
    rememberMe: row.remember_me, accessToken: row.access_token, stale: row.stale, expiresIn: Number(row.expires_in),
    access: accessOf({ id: row.user_id, login: row.login, activated: row.activated, roles: row.roles, sources: row.sources }),
    ...(row.token_scopes === null ? {} : {
      tokenScopes: jsonColumn<string[]>(row.token_scopes as string[] | string),
      tokenClientId: row.token_client_id ?? undefined,
      tokenExpiresIn: Number(row.token_expires_in),
    }),
  };
}

/** Seconds a session has left once touched now: its whole lifetime, or less when its token expires sooner. */
export const touchedLifetime = (session: StoredSession): number =>
  Math.min(sessionLifetime(session.rememberMe), session.tokenExpiresIn ?? Infinity);

/** Slides the expiry: idle time counts from now (never past the expiry of the token the session was made from). */
export async function touchSession(db: Queryable, session: StoredSession): Promise<void> {
  await db.query(
    `UPDATE http_session SET last_seen_at = now(), expires_at = LEAST(now() + ($2::int * interval '1 second'), token_expires_at)
      WHERE id_hash = $1`,
    [session.idHash, sessionLifetime(session.rememberMe)],
  );
}

export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await db.query('DELETE FROM http_session WHERE id_hash = $1', [idHash]);
}

/**
 * Ends every session of a user (password change, deactivation), except optionally the caller's own, given as the
 * hash of its cookie value (see currentSessionIdHash in account/end-sessions.ts). Answers how many ended.
 */
export async function endSessionsOfUser(db: Queryable, userId: number, exceptSessionIdHash?: string): Promise<number> {
  const rows = await db.query<{ id_hash: string }>(
    'DELETE FROM http_session WHERE user_id = $1 AND id_hash IS DISTINCT FROM $2::varchar RETURNING id_hash',
    [userId, exceptSessionIdHash ?? null],
  );
  return rows.length;
}

export async function purgeSessions(db: Queryable): Promise<void> {
  await db.query('DELETE FROM http_session WHERE expires_at < now()');
}

/** A live session as its owner sees it (docs/users.md, Sessions): never the id hash, only the public id. */
export interface SessionSummary {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  remoteAddress: string | null;
  userAgent: string | null;
  /** The User-Agent in readable form, e.g. "Firefox 128 on Windows". */
  browser: string | null;
  current: boolean;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The user's live sessions, most recently used first; `current` marks the one with the given id hash. */
export async function listSessionsOfUser(db: Queryable, userId: number, currentIdHash?: string): Promise<SessionSummary[]> {
  const rows = await db.query<{
    public_id: string; created_at: Date; last_seen_at: Date; expires_at: Date; remote_address: string | null;
    user_agent: string | null; current: boolean;
  }>(
    `SELECT public_id, created_at, last_seen_at, expires_at, remote_address, user_agent,
            id_hash = $2::varchar AS current
       FROM http_session WHERE user_id = $1 AND expires_at > now()
      ORDER BY last_seen_at DESC, created_at DESC`,
    [userId, currentIdHash ?? null],
  );
  return rows.map((r) => ({
    id: r.public_id, createdAt: iso(r.created_at), lastUsedAt: iso(r.last_seen_at), expiresAt: iso(r.expires_at),
    remoteAddress: r.remote_address, userAgent: r.user_agent, browser: readableUserAgent(r.user_agent), current: r.current === true,
  }));
}

/**
 * Ends one session of a user by its public id; answers whether one ended. Another user's id matches nothing, so
 * the caller answers it like an unknown one.
 */
export async function endSessionByPublicId(db: Queryable, userId: number, publicId: string): Promise<boolean> {
  const rows = await db.query<{ id_hash: string }>(
    'DELETE FROM http_session WHERE user_id = $1 AND public_id = $2::varchar RETURNING id_hash',
    [userId, publicId],
  );
  return rows.length > 0;
}
