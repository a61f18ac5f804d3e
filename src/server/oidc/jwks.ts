// The provider's signing keys (its JWKS, RFC 7517), imported with node:crypto and kept by `kid` for a while. A token
// naming a kid we do not hold makes us read the set again, once (the provider rotated its keys); a kid still unknown
// after that fails the sign-in. Keys that are not for signatures, or of a kind we cannot check, are left out.
import { createPublicKey, type KeyObject } from 'node:crypto';
import { CacheStats } from '../cache-stats';
import { fetchProviderJson, isObject } from './provider-fetch';

export type SignatureAlgorithm = 'RS256' | 'ES256';
export const SIGNATURE_ALGORITHMS: readonly string[] = ['RS256', 'ES256'];

export interface SigningKey {
  kid?: string;
  alg: SignatureAlgorithm;
  key: KeyObject;
}

const JWKS_TTL_MS = 60 * 60 * 1000;
const MIN_RSA_BITS = 2048;

/** The algorithm a key can check, or undefined when it is of no use to us. */
function algorithmOf(jwk: Record<string, unknown>, key: KeyObject): SignatureAlgorithm | undefined {
  const details = key.asymmetricKeyDetails ?? {};
  const alg: SignatureAlgorithm | undefined =
    key.asymmetricKeyType === 'rsa' && (details.modulusLength ?? 0) >= MIN_RSA_BITS
      ? 'RS256'
      : key.asymmetricKeyType === 'ec' && details.namedCurve === 'prime256v1'
        ? 'ES256'
        : undefined;
  if (jwk.alg !== undefined && jwk.alg !== alg) return undefined; // an RSA key meant for PS256, say
  return alg;
}

export function importJwks(doc: Record<string, unknown>): SigningKey[] {
  const keys: SigningKey[] = [];
  for (const jwk of Array.isArray(doc.keys) ? doc.keys : []) {
    if (!isObject(jwk) || (jwk.use !== undefined && jwk.use !== 'sig')) continue;
    if (jwk.kty !== 'RSA' && jwk.kty !== 'EC') continue;
    let key: KeyObject;
    try {
      const { d: _private, ...publicPart } = jwk; // a private key published by mistake is not used as one
      key = createPublicKey({ key: publicPart as import('node:crypto').JsonWebKey, format: 'jwk' });
    } catch {
      continue;
    }
    const alg = algorithmOf(jwk, key);
    if (alg) keys.push({ kid: typeof jwk.kid === 'string' ? jwk.kid : undefined, alg, key });
  }
  return keys;
}

export class JwksCache {
  private cached?: { keys: SigningKey[]; until: number };
  private pending?: Promise<SigningKey[]>;
  /** Per key lookup: a hit finds the key in the set held, a miss reads the set again (expired, or a new kid). */
  readonly cacheStats = new CacheStats(() => this.cached?.keys.length ?? 0);

  constructor(
    private readonly jwksUri: () => Promise<string>,
    private readonly timeoutMs: () => number,
    private readonly ttlMs = JWKS_TTL_MS,
  ) {}

  /** Keys that may have signed a token with this header: by kid when it names one, else every key for the alg. */
  async candidates(alg: SignatureAlgorithm, kid: string | undefined): Promise<SigningKey[]> {
    const fresh = !this.cached || this.cached.until <= Date.now();
    let found = pick(await this.keys(fresh), alg, kid);
    if (found.length === 0 && !fresh) found = pick(await this.keys(true), alg, kid);
    return found;
  }

  private async keys(reload: boolean): Promise<SigningKey[]> {
    if (!reload && this.cached) {
      this.cacheStats.hits++;
      return this.cached.keys;
    }
    this.cacheStats.misses++;
    this.pending ??= this.load().finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async load(): Promise<SigningKey[]> {
    const doc = await fetchProviderJson(await this.jwksUri(), 'JWKS', { timeoutMs: this.timeoutMs() });
    const keys = importJwks(doc);
    if (this.cached) this.cacheStats.evictions += this.cached.keys.length; // the set replaced
    this.cached = { keys, until: Date.now() + this.ttlMs };
    this.cacheStats.puts += keys.length;
    return keys;
  }
}

function pick(keys: SigningKey[], alg: SignatureAlgorithm, kid: string | undefined): SigningKey[] {
  return keys.filter((k) => k.alg === alg && (kid === undefined || k.kid === kid));
}
