// Minting access tokens: the claims of docs/oauth.md (aud, user_name, scope, exp, authorities, jti, client_id,
// grant_type, sub, roles, sources, iat, iss), signed with the portal's key. The OAuth endpoints, sessions and tests
// all mint through here.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { grantableScopes } from '../../common/permission-matrix';
import type { Queryable } from '../db/database';
import type { SigningKeys } from './signing-keys';
import { firstAcceptedIat } from './credentials';
import { signJwt, type JwtClaims } from './jwt';
import { loadUserAccess, roleClaims } from './user-roles';
import { AUDIENCE } from './principal';

export const ISSUER = 'ManagementPortal';

export interface MintOptions {
  clientId: string;
  /** Requested scopes; for users they are reduced to what the user's roles may be granted. */
  scopes: string[];
  audience?: string[];
  ttlSeconds: number;
  grantType: string;
  /** The user the token is for; absent for client credentials. */
  userId?: number;
}

export interface MintedToken {
  token: string;
  claims: JwtClaims;
}

/**
 * The `iat` of a token for a user whose credentials changed in second `changedSecond`: never that second or an
 * earlier one (auth/credentials.ts). Minting in the very second of a change waits for the next second (under a
 * second), so the token is not dated in the future for verifiers that check `iat`; a change stamped further ahead
 * (another process's clock running ahead) is not waited for beyond a second.
 */
async function issuedAt(changedSecond: number | undefined): Promise<number> {
  const iat = firstAcceptedIat(Math.floor(Date.now() / 1000), changedSecond);
  const wait = iat * 1000 - Date.now();
  if (wait > 0) await sleep(Math.min(wait, 1000));
  return iat;
}

export async function mintAccessToken(db: Queryable, keys: SigningKeys, options: MintOptions): Promise<MintedToken> {
  // The user's login, current roles, assigned sources and last credentials change in one statement.
  const user = options.userId === undefined ? undefined : await loadUserAccess(db, { id: options.userId });
  if (options.userId !== undefined && !user) throw new Error(`no user with id ${options.userId}`);
  const now = await issuedAt(user?.credentialsChanged);
  const claims: JwtClaims = {
    aud: options.audience ?? [AUDIENCE],
    scope: options.scopes,
    exp: now + options.ttlSeconds,
    iat: now,
    iss: ISSUER,
    jti: randomUUID(),
    client_id: options.clientId,
    grant_type: options.grantType,
  };
  if (user) {
    const { roles, sources } = user;
    const grantable = new Set<string>(grantableScopes(roles.map((r) => r.authority)));
    Object.assign(claims, {
      scope: options.scopes.filter((s) => grantable.has(s)),
      user_name: user.login,
      sub: user.login,
      authorities: [...new Set(roles.map((r) => r.authority))],
      roles: roleClaims(roles),
      sources,
    });
  } else {
    claims.sub = options.clientId;
    claims.authorities = [];
    claims.roles = [];
    claims.sources = [];
  }
  const key = await keys.signingKey();
  return { token: signJwt(claims, key.privateKey, key.kid), claims };
}
