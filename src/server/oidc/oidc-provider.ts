// The configured OpenID Connect provider as the sign-in uses it: its metadata and keys (in-memory caches only), the
// code exchange at its token endpoint, and its userinfo endpoint. One per server process, made when first needed.
import type { AppServices } from '../services';
import { DiscoveryCache, type ProviderMetadata } from './discovery';
import { verifyIdToken, type IdTokenClaims } from './id-token';
import { JwksCache } from './jwks';
import type { OidcConfig } from '../settings/oidc-config';
import { fetchProviderJson, OidcFailure, PROVIDER_TIMEOUT_MS } from './provider-fetch';

declare module '../services' {
  interface AppServices {
    /** The external OpenID Connect provider's client (caches only), made at first use when OIDC_ISSUER is set. */
    oidc?: OidcProvider;
  }
}

export interface ProviderTokens {
  idToken: string;
  accessToken?: string;
}

/** As RFC 6749 asks of client passwords, id and secret are form-encoded before they go into the Basic header. */
const formEncode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');

export class OidcProvider {
  /** How long one call to the provider may take; tests shorten it. */
  timeoutMs = PROVIDER_TIMEOUT_MS;
  readonly discovery: DiscoveryCache;
  readonly jwks: JwksCache;

  constructor(readonly config: OidcConfig) {
    this.discovery = new DiscoveryCache(config.issuer, () => this.timeoutMs);
    this.jwks = new JwksCache(async () => (await this.discovery.get()).jwksUri, () => this.timeoutMs);
  }

  metadata(): Promise<ProviderMetadata> {
    return this.discovery.get();
  }

  async exchangeCode(params: { code: string; redirectUri: string; codeVerifier: string }): Promise<ProviderTokens> {
    const metadata = await this.metadata();
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: params.code,
      redirect_uri: params.redirectUri,
      code_verifier: params.codeVerifier,
    });
    const headers: Record<string, string> = {};
    if (metadata.tokenEndpointAuth === 'client_secret_basic') {
      const credentials = `${formEncode(this.config.clientId)}:${formEncode(this.config.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`;
    } else {
      form.set('client_id', this.config.clientId);
      form.set('client_secret', this.config.clientSecret);
    }
    const body = await fetchProviderJson(metadata.tokenEndpoint, 'token endpoint', { method: 'POST', headers, form, timeoutMs: this.timeoutMs });
    if (typeof body.id_token !== 'string') throw new OidcFailure('token endpoint: the answer has no id_token');
    return { idToken: body.id_token, accessToken: typeof body.access_token === 'string' ? body.access_token : undefined };
  }

  async verifyIdToken(idToken: string, nonce: string): Promise<IdTokenClaims> {
    const metadata = await this.metadata();
    return verifyIdToken(idToken, (alg, kid) => this.jwks.candidates(alg, kid), {
      issuer: metadata.issuer,
      clientId: this.config.clientId,
      nonce,
    });
  }

  /** The userinfo claims (OpenID Connect's UserInfo endpoint), only when they are about the ID token's `sub`. */
  async userinfo(accessToken: string, sub: string): Promise<Record<string, unknown>> {
    const { userinfoEndpoint } = await this.metadata();
    if (!userinfoEndpoint) throw new OidcFailure('userinfo: the provider has no userinfo endpoint');
    const claims = await fetchProviderJson(userinfoEndpoint, 'userinfo', {
      headers: { authorization: `Bearer ${accessToken}` },
      timeoutMs: this.timeoutMs,
    });
    if (claims.sub !== sub) throw new OidcFailure(`userinfo: sub ${JSON.stringify(claims.sub)} is not the ID token's ${sub}`);
    return claims;
  }
}

/** The process's provider client; undefined when OIDC_ISSUER is not set. */
export function oidcProviderOf(app: AppServices): OidcProvider | undefined {
  const config = app.config.oidc;
  if (!config) return undefined;
  if (!app.oidc || app.oidc.config !== config) app.oidc = new OidcProvider(config);
  return app.oidc;
}
