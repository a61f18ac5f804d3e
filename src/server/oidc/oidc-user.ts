// Which portal user a provider's sign-in is: the configured claim matched to a login (lower-cased, as logins are
// stored), or with OIDC_LOGIN_CLAIM=email to the user's e-mail. The provider only proves who someone is; whether
// they may use the portal, and with which roles, stays the portal's business, so nobody is created here and only
// an activated user is let in.
import type { Queryable } from '../db/database';

export interface OidcUserMatch {
  /** The claim's value, for the log and the audit trail. */
  value: string;
  user?: { id: number; login: string; activated: boolean };
  /** Why nobody matches, for the log. */
  problem?: string;
}

export function loginClaimValue(claims: Record<string, unknown>, claim: string): string | undefined {
  const value = claims[claim];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export async function findOidcUser(db: Queryable, claim: string, claims: Record<string, unknown>): Promise<OidcUserMatch> {
  const value = loginClaimValue(claims, claim) ?? '';
  if (!value) return { value, problem: `the provider sent no ${claim} claim` };
  const byEmail = claim === 'email';
  // A provider that says outright the address is unverified cannot vouch for it (anyone may type any address there).
  if (byEmail && claims.email_verified === false) return { value, problem: `e-mail ${value} is not verified at the provider` };
  const rows = await db.query<{ id: number; login: string; activated: boolean }>(
    byEmail
      ? 'SELECT id, login, activated FROM radar_user WHERE lower(email) = lower($1) LIMIT 2'
      : 'SELECT id, login, activated FROM radar_user WHERE login = $1',
    [byEmail ? value : value.toLowerCase()],
  );
  if (rows.length === 0) return { value, problem: `no portal user has ${byEmail ? 'e-mail' : 'login'} ${value}` };
  if (rows.length > 1) return { value, problem: `several portal users have e-mail ${value}` };
  const user = rows[0];
  if (!user.activated) return { value, user, problem: `portal user ${user.login} is not activated` };
  return { value, user };
}
