// The pieces of the OpenID Connect sign-in that need no portal: compact JWS decoding and RS256 / ES256 signatures
// with node:crypto, the ID-token claim rules with their clock skew, JWK import, the JWKS cache (read again once for
// a new kid) and the discovery document's checks.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { checkIdTokenClaims, decodeJws, signatureMatches, verifyIdToken } from '../../src/server/oidc/id-token';
import { importJwks, JwksCache, type SigningKey } from '../../src/server/oidc/jwks';
import { parseDiscovery } from '../../src/server/oidc/discovery';
import { OidcFailure } from '../../src/server/oidc/provider-fetch';

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const NOW = 1_750_000_000;
const ISSUER = 'https://id.example.org';

function jws(header: Record<string, unknown>, claims: Record<string, unknown>, key: KeyObject | null): string {
  const input = `${b64(JSON.stringify(header))}.${b64(JSON.stringify(claims))}`;
  if (!key) return `${input}.`;
  const signature = key.asymmetricKeyType === 'ec' ? sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }) : sign('sha256', Buffer.from(input), key);
  return `${input}.${b64(signature)}`;
}

const goodClaims = (extra: Record<string, unknown> = {}) => ({
  iss: ISSUER, aud: 'portal', sub: 'u-1', exp: NOW + 300, iat: NOW, nonce: 'n-1', ...extra,
});
const expected = { issuer: ISSUER, clientId: 'portal', nonce: 'n-1', now: NOW };
const rsaKey: SigningKey = { kid: 'r', alg: 'RS256', key: rsa.publicKey };
const ecKey: SigningKey = { kid: 'e', alg: 'ES256', key: ec.publicKey };

function failsWith(run: () => unknown, pattern: RegExp) {
  try {
    run();
    assert.unreachable(`expected ${pattern}`);
  } catch (error) {
    assert.instance(error, OidcFailure);
    assert.match((error as Error).message, pattern);
  }
}

const jwt = suite('oidc: JWS and ID-token claims');

jwt('RS256 and ES256 signatures verify with their own key only', () => {
  const r = decodeJws(jws({ alg: 'RS256', kid: 'r' }, goodClaims(), rsa.privateKey));
  const e = decodeJws(jws({ alg: 'ES256', kid: 'e' }, goodClaims(), ec.privateKey));
  assert.is(r.kid, 'r');
  assert.ok(signatureMatches(r, rsaKey));
  assert.ok(signatureMatches(e, ecKey));
  assert.not.ok(signatureMatches(r, ecKey), 'an ES256 key does not check an RS256 token');
  assert.not.ok(signatureMatches(e, { ...rsaKey, alg: 'ES256' }), 'nor an RSA key an ES256 one');
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  assert.not.ok(signatureMatches(r, { ...rsaKey, key: other.publicKey }));
  const [h, , s] = jws({ alg: 'RS256' }, goodClaims(), rsa.privateKey).split('.');
  assert.not.ok(signatureMatches(decodeJws(`${h}.${b64(JSON.stringify(goodClaims({ sub: 'admin' })))}.${s}`), rsaKey), 'changed claims');
  const der = sign('sha256', Buffer.from(e.signingInput), ec.privateKey); // DER, not the JOSE form
  assert.not.ok(signatureMatches({ ...e, signature: der }, ecKey));
});

jwt('only compact RS256 / ES256 tokens are decoded', () => {
  failsWith(() => decodeJws('a.b'), /not a compact JWS/);
  failsWith(() => decodeJws('a.b.c.d'), /not a compact JWS/);
  failsWith(() => decodeJws(`${b64('{')}.${b64('{}')}.x`), /malformed header/);
  failsWith(() => decodeJws(`${b64('{"alg":"RS256"}')}.${b64('[1]')}.x`), /malformed payload/);
  failsWith(() => decodeJws(jws({ alg: 'none' }, goodClaims(), null)), /algorithm "none"/);
  failsWith(() => decodeJws(jws({ alg: 'HS256' }, goodClaims(), rsa.privateKey)), /algorithm "HS256"/);
  failsWith(() => decodeJws(jws({ alg: 'PS256' }, goodClaims(), rsa.privateKey)), /algorithm "PS256"/);
  failsWith(() => decodeJws(jws({ alg: 'RS256', crit: ['b64'] }, goodClaims(), rsa.privateKey)), /critical/);
});

jwt('claims: iss, aud, azp, nonce, sub', () => {
  assert.is(checkIdTokenClaims(goodClaims(), expected).sub, 'u-1');
  assert.ok(checkIdTokenClaims(goodClaims({ aud: ['portal'] }), expected));
  assert.ok(checkIdTokenClaims(goodClaims({ aud: ['portal', 'api'], azp: 'portal' }), expected));
  failsWith(() => checkIdTokenClaims(goodClaims({ iss: `${ISSUER}/` }), expected), /issued by/);
  failsWith(() => checkIdTokenClaims(goodClaims({ aud: 'other' }), expected), /audience/);
  failsWith(() => checkIdTokenClaims(goodClaims({ aud: undefined }), expected), /audience/);
  failsWith(() => checkIdTokenClaims(goodClaims({ aud: ['portal', 'api'] }), expected), /several audiences and no azp/);
  failsWith(() => checkIdTokenClaims(goodClaims({ azp: 'other' }), expected), /requested by "other"/);
  failsWith(() => checkIdTokenClaims(goodClaims({ nonce: 'n-2' }), expected), /nonce/);
  failsWith(() => checkIdTokenClaims(goodClaims({ nonce: undefined }), expected), /nonce/);
  failsWith(() => checkIdTokenClaims(goodClaims({ sub: '' }), expected), /no sub/);
  failsWith(() => checkIdTokenClaims(goodClaims({ sub: 7 }), expected), /no sub/);
});

jwt('claims: exp, iat and nbf, with 60 seconds of clock skew', () => {
  assert.ok(checkIdTokenClaims(goodClaims({ exp: NOW - 59 }), expected));
  failsWith(() => checkIdTokenClaims(goodClaims({ exp: NOW - 60 }), expected), /expired/);
  failsWith(() => checkIdTokenClaims(goodClaims({ exp: undefined }), expected), /no exp/);
  failsWith(() => checkIdTokenClaims(goodClaims({ exp: String(NOW + 300) }), expected), /no exp/);
  assert.ok(checkIdTokenClaims(goodClaims({ iat: NOW + 60 }), expected));
  failsWith(() => checkIdTokenClaims(goodClaims({ iat: NOW + 61 }), expected), /in the future/);
  failsWith(() => checkIdTokenClaims(goodClaims({ iat: undefined }), expected), /no iat/);
  assert.ok(checkIdTokenClaims(goodClaims({ nbf: NOW + 60 }), expected));
  failsWith(() => checkIdTokenClaims(goodClaims({ nbf: NOW + 61 }), expected), /not valid yet/);
});

jwt('verifyIdToken: the keys for the header, then the signature, then the claims', async () => {
  const asked: unknown[] = [];
  const keysFor = async (alg: string, kid: string | undefined) => {
    asked.push([alg, kid]);
    return [rsaKey, ecKey].filter((k) => k.alg === alg && (kid === undefined || k.kid === kid));
  };
  const claims = await verifyIdToken(jws({ alg: 'ES256', kid: 'e' }, goodClaims(), ec.privateKey), keysFor, expected);
  assert.is(claims.iss, ISSUER);
  assert.ok(await verifyIdToken(jws({ alg: 'RS256' }, goodClaims(), rsa.privateKey), keysFor, expected), 'no kid: any key for the alg');
  assert.equal(asked, [['ES256', 'e'], ['RS256', undefined]]);
  const rejects = async (token: string, pattern: RegExp) => {
    try {
      await verifyIdToken(token, keysFor, expected);
      assert.unreachable(String(pattern));
    } catch (error) {
      assert.instance(error, OidcFailure);
      assert.match((error as Error).message, pattern);
    }
  };
  await rejects(jws({ alg: 'RS256', kid: 'nope' }, goodClaims(), rsa.privateKey), /does not publish/);
  await rejects(jws({ alg: 'RS256', kid: 'r' }, goodClaims(), generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey), /bad signature/);
  await rejects(jws({ alg: 'RS256', kid: 'r' }, goodClaims({ exp: NOW - 3600 }), rsa.privateKey), /expired/);
});

const keys = suite('oidc: JWKS');

keys('JWK import keeps signing keys we can check and leaves out the rest', () => {
  const jwk = (key: KeyObject, extra: Record<string, unknown>) => ({ ...key.export({ format: 'jwk' }), ...extra });
  const small = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' });
  const imported = importJwks({
    keys: [
      jwk(rsa.publicKey, { kid: 'r', use: 'sig', alg: 'RS256' }),
      jwk(ec.publicKey, { kid: 'e' }),
      jwk(rsa.privateKey, { kid: 'with-d' }),
      jwk(rsa.publicKey, { kid: 'enc', use: 'enc' }),
      jwk(rsa.publicKey, { kid: 'ps', alg: 'PS256' }),
      jwk(small.publicKey, { kid: 'small' }),
      jwk(p384.publicKey, { kid: 'p384' }),
      { kty: 'oct', k: 'c2VjcmV0', kid: 'hmac' },
      { kty: 'RSA', n: '!!', e: 'AQAB', kid: 'broken' },
      'not a key',
    ],
  });
  assert.equal(imported.map((k) => [k.kid, k.alg]), [['r', 'RS256'], ['e', 'ES256'], ['with-d', 'RS256']]);
  assert.is(imported[2].key.type, 'public', 'a published private key is used as its public half');
  assert.equal(importJwks({ keys: 'nope' }), []);
  assert.equal(importJwks({}), []);
});

let jwksServer: Server;
let jwksUrl = '';
let published: Record<string, unknown>[] = [];
let hits = 0;
keys.before(async () => {
  jwksServer = createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: published }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', () => resolve()));
  jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks`;
});
keys.after(() => new Promise<void>((resolve) => jwksServer.close(() => resolve())));

keys('the JWKS is read once, kept, and read again once for a kid it does not know', async () => {
  published = [{ ...rsa.publicKey.export({ format: 'jwk' }), kid: 'r1' }];
  hits = 0;
  const cache = new JwksCache(async () => jwksUrl, () => 2000);
  const [a, b] = await Promise.all([cache.candidates('RS256', 'r1'), cache.candidates('RS256', 'r1')]);
  assert.is(a.length + b.length, 2);
  assert.is(hits, 1, 'concurrent sign-ins share one read');
  assert.is((await cache.candidates('RS256', undefined)).length, 1);
  assert.is(hits, 1);
  published = [...published, { ...ec.publicKey.export({ format: 'jwk' }), kid: 'e2' }];
  assert.is((await cache.candidates('ES256', 'e2')).length, 1, 'the rotated key is found');
  assert.is(hits, 2);
  assert.equal(await cache.candidates('RS256', 'unknown'), []);
  assert.is(hits, 3, 'one more read for an unknown kid, no more');
  const expired = new JwksCache(async () => jwksUrl, () => 2000, 0);
  await expired.candidates('RS256', 'r1');
  await expired.candidates('RS256', 'r1');
  assert.is(hits, 5, 'past its time the set is read again');
});

const discovery = suite('oidc: discovery');
const doc = (extra: Record<string, unknown> = {}) => ({
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/authorize`,
  token_endpoint: `${ISSUER}/token`,
  jwks_uri: `${ISSUER}/jwks`,
  ...extra,
});

discovery('the document must be the configured issuer\'s, with https endpoints', () => {
  const m = parseDiscovery(doc({ userinfo_endpoint: `${ISSUER}/userinfo` }), `${ISSUER}/`);
  assert.is(m.issuer, ISSUER, 'the provider\'s spelling is the one ID tokens must carry');
  assert.is(m.tokenEndpointAuth, 'client_secret_basic');
  assert.is(m.userinfoEndpoint, `${ISSUER}/userinfo`);
  failsWith(() => parseDiscovery(doc({ issuer: 'https://other.example.org' }), ISSUER), /is not OIDC_ISSUER/);
  failsWith(() => parseDiscovery(doc({ token_endpoint: 'http://id.example.org/token' }), ISSUER), /token_endpoint is not an https URL/);
  failsWith(() => parseDiscovery(doc({ jwks_uri: undefined }), ISSUER), /jwks_uri/);
  failsWith(() => parseDiscovery(doc({ userinfo_endpoint: 'nonsense' }), ISSUER), /userinfo_endpoint/);
  assert.is(parseDiscovery(doc({ token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'] }), ISSUER).tokenEndpointAuth, 'client_secret_basic');
  assert.is(parseDiscovery(doc({ token_endpoint_auth_methods_supported: ['private_key_jwt', 'client_secret_post'] }), ISSUER).tokenEndpointAuth, 'client_secret_post');
  failsWith(() => parseDiscovery(doc({ token_endpoint_auth_methods_supported: ['private_key_jwt'] }), ISSUER), /neither/);
});

jwt.run();
keys.run();
discovery.run();
