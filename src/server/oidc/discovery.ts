// The provider's metadata from `{issuer}/.well-known/openid-configuration` (OpenID Connect Discovery 1.0), read when
// first needed and kept for a while. Only a cache: every server process reads its own copy, and a failed read is not
// kept, so the next sign-in asks again.
import { CacheStats } from '../cache-stats';
import { isAcceptableProviderUrl } from '../settings/oidc-config';
import { fetchProviderJson, OidcFailure } from './provider-fetch';

export type TokenEndpointAuth = 'client_secret_basic' | 'client_secret_post';

export interface ProviderMetadata {
  /** Exactly as the provider writes it: ID tokens must carry this `iss`. */
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  userinfoEndpoint?: string;
  tokenEndpointAuth: TokenEndpointAuth;
}

const DISCOVERY_TTL_MS = 60 * 60 * 1000;

const discoveryUrl = (issuer: string) => `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;

/** Issuers compare as written, except for one trailing slash (providers differ in whether they write one). */
const sameIssuer = (a: string, b: string) => a.replace(/\/$/, '') === b.replace(/\/$/, '');

function endpoint(doc: Record<string, unknown>, field: string, required: true): string;
function endpoint(doc: Record<string, unknown>, field: string, required: false): string | undefined;
function endpoint(doc: Record<string, unknown>, field: string, required: boolean): string | undefined {
  const value = doc[field];
  if (value === undefined && !required) return undefined;
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || !isAcceptableProviderUrl(url)) throw new OidcFailure(`discovery: ${field} is not an https URL: ${JSON.stringify(value)}`);
  return value as string;
}

/** No list means client_secret_basic (RFC 8414). We prefer basic and fall back to post. */
function tokenEndpointAuthOf(doc: Record<string, unknown>): TokenEndpointAuth {
  const methods = doc.token_endpoint_auth_methods_supported;
  if (methods === undefined) return 'client_secret_basic';
  const list = Array.isArray(methods) ? methods : [];
  if (list.includes('client_secret_basic')) return 'client_secret_basic';
  if (list.includes('client_secret_post')) return 'client_secret_post';
  throw new OidcFailure(`discovery: the token endpoint takes neither client_secret_basic nor client_secret_post (${JSON.stringify(methods)})`);
}

export function parseDiscovery(doc: Record<string, unknown>, configuredIssuer: string): ProviderMetadata {
  const issuer = doc.issuer;
  if (typeof issuer !== 'string' || !sameIssuer(issuer, configuredIssuer)) {
    throw new OidcFailure(`discovery: issuer ${JSON.stringify(issuer)} is not OIDC_ISSUER ${configuredIssuer}`);
  }
  return {
    issuer,
    authorizationEndpoint: endpoint(doc, 'authorization_endpoint', true),
    tokenEndpoint: endpoint(doc, 'token_endpoint', true),
    jwksUri: endpoint(doc, 'jwks_uri', true),
    userinfoEndpoint: endpoint(doc, 'userinfo_endpoint', false),
    tokenEndpointAuth: tokenEndpointAuthOf(doc),
  };
}

export class DiscoveryCache {
  private cached?: { metadata: ProviderMetadata; until: number };
  private pending?: Promise<ProviderMetadata>;
  readonly cacheStats = new CacheStats(() => (this.cached ? 1 : 0));

  constructor(
    private readonly issuer: string,
    private readonly timeoutMs: () => number,
    private readonly ttlMs = DISCOVERY_TTL_MS,
  ) {}

  async get(): Promise<ProviderMetadata> {
    if (this.cached && this.cached.until > Date.now()) {
      this.cacheStats.hits++;
      return this.cached.metadata;
    }
    this.cacheStats.misses++;
    this.pending ??= this.load().finally(() => (this.pending = undefined));
    return this.pending;
  }

  forget(): void {
    if (this.cached) this.cacheStats.removals++;
    this.cached = undefined;
  }

  private async load(): Promise<ProviderMetadata> {
    const doc = await fetchProviderJson(discoveryUrl(this.issuer), 'discovery', { timeoutMs: this.timeoutMs() });
    const metadata = parseDiscovery(doc, this.issuer);
    if (this.cached) this.cacheStats.evictions++; // the expired copy
    this.cached = { metadata, until: Date.now() + this.ttlMs };
    this.cacheStats.puts++;
    return metadata;
  }
}
