// The OIDC_* variables: an external OpenID Connect provider that replaces the portal's own browser sign-in. All or
// nothing: setting any of them without an issuer, client id and secret stops the start, so a half-configured portal
// never silently falls back to passwords. Unset, the built-in sign-in stays exactly as it was.
// (No import from ../config: config.ts calls this and turns `fail` into its ConfigError.)

export interface OidcConfig {
  /** OIDC_ISSUER as given (https, or http on the local machine only). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The ID-token (or userinfo) claim matched to a user's login; `email` matches the user's e-mail instead. */
  loginClaim: string;
  /** Space-separated on the wire; always contains `openid`. */
  scopes: string[];
  /** Where api/redirect/account goes (the provider's account page); the portal's settings page when unset. */
  accountUrl?: string;
}

type Env = Record<string, string | undefined>;
export type ConfigFailure = (variable: string, problem: string) => never;

const OIDC_VARIABLES = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_LOGIN_CLAIM', 'OIDC_SCOPES', 'OIDC_ACCOUNT_URL'];
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const CLAIM_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,99}$/;

/** https anywhere; plain http only on this machine (a provider under test). */
export function isAcceptableProviderUrl(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
}

function issuerOf(raw: string, fail: ConfigFailure): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('OIDC_ISSUER', `must be an absolute https URL, got "${raw}"`);
  }
  if (!isAcceptableProviderUrl(url)) fail('OIDC_ISSUER', `must be an https URL (http only for localhost), got "${raw}"`);
  if (url.search || url.hash || url.username || url.password) fail('OIDC_ISSUER', `must have no query, fragment or credentials, got "${raw}"`);
  return raw;
}

function accountUrlOf(raw: string | undefined, fail: ConfigFailure): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return raw;
  } catch {
    // answered below
  }
  return fail('OIDC_ACCOUNT_URL', `must be an absolute http(s) URL, got "${raw}"`);
}

export function readOidcConfig(env: Env, fail: ConfigFailure): OidcConfig | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const given = OIDC_VARIABLES.filter((name) => value(name) !== undefined);
  if (given.length === 0) return undefined;
  const issuer = value('OIDC_ISSUER');
  const clientId = value('OIDC_CLIENT_ID');
  const clientSecret = env.OIDC_CLIENT_SECRET || undefined; // a secret is taken as given, spaces and all
  if (!issuer) return fail('OIDC_ISSUER', `must be set when ${given.join(', ')} is set`);
  if (!clientId) return fail('OIDC_CLIENT_ID', 'must be set when OIDC_ISSUER is set');
  if (!clientSecret) return fail('OIDC_CLIENT_SECRET', 'must be set when OIDC_ISSUER is set');
  const loginClaim = value('OIDC_LOGIN_CLAIM') ?? 'preferred_username';
  if (!CLAIM_NAME.test(loginClaim)) fail('OIDC_LOGIN_CLAIM', `must be a claim name such as preferred_username or email, got "${loginClaim}"`);
  const scopes = [...new Set((value('OIDC_SCOPES') ?? 'openid profile email').split(/[\s,]+/).filter(Boolean))];
  if (!scopes.includes('openid')) fail('OIDC_SCOPES', `must include openid, got "${env.OIDC_SCOPES}"`);
  return {
    issuer: issuerOf(issuer, fail),
    clientId,
    clientSecret,
    loginClaim,
    scopes,
    accountUrl: accountUrlOf(value('OIDC_ACCOUNT_URL'), fail),
  };
}
