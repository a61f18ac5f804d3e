// A small OpenID Connect provider for tests, on node:http at 127.0.0.1 and a random port: discovery, a JWKS with an
// RSA and an EC key made with node:crypto, an authorization endpoint that signs in at once whoever the test chose
// (`signInAs`) and sends the browser back with a code, a token endpoint that checks client authentication, code,
// redirect_uri and PKCE verifier and answers an ID token, and userinfo. `behaviour` makes it misbehave in the ways
// a real provider (or someone in the middle) might; `reset()` makes it honest again.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

export interface Misbehaviour {
  /** `iss` written into ID tokens. */
  issuer?: string;
  /** `issuer` of the discovery document. */
  discoveryIssuer?: string;
  audience?: string | string[];
  azp?: string;
  /** exp = now + this (negative: already expired). Default 300. */
  expiresIn?: number;
  /** iat = now + this. */
  issuedAtOffset?: number;
  /** The nonce written into the ID token instead of the one the sign-in sent. */
  nonce?: string;
  /** Which key signs: the published RSA key (default), the published EC key (ES256), or one never published. */
  signWith?: 'rsa' | 'ec' | 'unpublished';
  /** Signed by an unpublished key while the header names the published RSA key's kid. */
  badSignature?: boolean;
  /** Header alg written as is, e.g. 'none' or 'HS256' (the signature is then garbage). */
  alg?: string;
  /** The ID token carries only the standard claims; the person's claims come from userinfo. */
  claimsOnlyInUserinfo?: boolean;
  /** userinfo answers another sub than the ID token. */
  userinfoSub?: string;
  /** token_endpoint_auth_methods_supported of the discovery document. */
  tokenEndpointAuthMethods?: string[];
  /** The authorization endpoint answers this error instead of a code. */
  authorizeError?: string;
  /** Adds `iss` to the authorization response (RFC 9207). */
  authorizationResponseIss?: string;
  /** Discovery never answers. */
  hangDiscovery?: boolean;
  /** The token endpoint answers 500. */
  tokenEndpointBroken?: boolean;
}

export interface ProviderRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  form?: URLSearchParams;
}

export interface FakeOidcProvider {
  url: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  behaviour: Misbehaviour;
  /** Every request, in order (tests look at client authentication, JWKS fetches, ...). */
  requests: ProviderRequest[];
  /** The claims of the person the authorization endpoint signs in next (sub is made up when missing). */
  signInAs(claims: Record<string, unknown>): void;
  /** Publishes a new RSA key and signs with it from now on (kid rsa-2, rsa-3, ...). */
  rotateKey(): void;
  /** The env that points a portal at this provider. */
  env(extra?: Record<string, string>): Record<string, string>;
  reset(): void;
  close(): Promise<void>;
}

interface PendingCode {
  redirectUri: string;
  challenge: string;
  nonce?: string;
  claims: Record<string, unknown>;
}

const b64 = (data: string | Buffer) => Buffer.from(data).toString('base64url');
const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });
}

export async function startFakeOidcProvider(options: { clientId?: string; clientSecret?: string } = {}): Promise<FakeOidcProvider> {
  const clientId = options.clientId ?? 'portal-client';
  const clientSecret = options.clientSecret ?? 'portal secret:1';
  const rsa = { kid: 'rsa-1', ...generateKeyPairSync('rsa', { modulusLength: 2048 }) };
  const ec = { kid: 'ec-1', ...generateKeyPairSync('ec', { namedCurve: 'P-256' }) };
  const unpublished = { kid: 'ghost', ...generateKeyPairSync('rsa', { modulusLength: 2048 }) };
  const published: { kid: string; publicKey: KeyObject }[] = [rsa, ec];
  let signingRsa = rsa;
  let rotations = 1;
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, Record<string, unknown>>();
  let person: Record<string, unknown> | undefined;
  const hanging = new Set<ServerResponse>();

  const provider = {} as FakeOidcProvider;
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', provider.url);
    const request: ProviderRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers };
    provider.requests.push(request);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    const redirect = (location: string) => {
      res.writeHead(302, { location });
      res.end();
    };
    const b = provider.behaviour;
    switch (`${req.method} ${url.pathname}`) {
      case 'GET /.well-known/openid-configuration':
        if (b.hangDiscovery) return void hanging.add(res);
        return json(200, {
          issuer: b.discoveryIssuer ?? provider.issuer,
          authorization_endpoint: `${provider.url}/authorize`,
          token_endpoint: `${provider.url}/token`,
          jwks_uri: `${provider.url}/jwks`,
          userinfo_endpoint: `${provider.url}/userinfo`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256', 'ES256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: b.tokenEndpointAuthMethods ?? ['client_secret_basic', 'client_secret_post'],
        });
      case 'GET /jwks':
        return json(200, {
          keys: published.map(({ kid, publicKey }) => ({ ...publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: publicKey.asymmetricKeyType === 'ec' ? 'ES256' : 'RS256' })),
        });
      case 'GET /authorize':
        return authorize(url.searchParams, redirect, res);
      case 'POST /token': {
        request.form = new URLSearchParams(await readBody(req));
        return token(req, request.form, json);
      }
      case 'GET /userinfo': {
        const claims = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!claims) return json(401, { error: 'invalid_token' });
        return json(200, { ...claims, sub: b.userinfoSub ?? claims.sub });
      }
      case 'GET /account': // what OIDC_ACCOUNT_URL may point at
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end('<!doctype html><title>Provider account</title><h1>Your account at the provider</h1>');
      default:
        return json(404, { error: 'not_found' });
    }
  });

  function authorize(q: URLSearchParams, redirect: (location: string) => void, res: ServerResponse) {
    const redirectUri = q.get('redirect_uri');
    const problem =
      q.get('client_id') !== clientId ? 'unknown client_id'
        : !redirectUri ? 'no redirect_uri'
          : q.get('response_type') !== 'code' ? 'response_type must be code'
            : !(q.get('scope') ?? '').split(' ').includes('openid') ? 'scope must include openid'
              : q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge') ? 'PKCE S256 required'
                : !person ? 'the test chose nobody to sign in' : undefined;
    if (problem) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      return void res.end(problem);
    }
    const back = new URL(redirectUri!);
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    if (provider.behaviour.authorizationResponseIss) back.searchParams.set('iss', provider.behaviour.authorizationResponseIss);
    if (provider.behaviour.authorizeError) {
      back.searchParams.set('error', provider.behaviour.authorizeError);
      return redirect(back.toString());
    }
    const code = randomBytes(16).toString('base64url');
    codes.set(code, { redirectUri: redirectUri!, challenge: q.get('code_challenge')!, nonce: q.get('nonce') ?? undefined, claims: person! });
    back.searchParams.set('code', code);
    redirect(back.toString());
  }

  /** client_secret_basic or client_secret_post, whichever the discovery document allows and the client used. */
  function clientAuthenticated(req: IncomingMessage, form: URLSearchParams): boolean {
    const methods = provider.behaviour.tokenEndpointAuthMethods ?? ['client_secret_basic', 'client_secret_post'];
    const header = req.headers.authorization ?? '';
    if (header.startsWith('Basic ')) {
      const [id, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':').map(formDecode);
      return methods.includes('client_secret_basic') && id === clientId && secret === clientSecret && !form.has('client_secret');
    }
    return methods.includes('client_secret_post') && form.get('client_id') === clientId && form.get('client_secret') === clientSecret;
  }

  function token(req: IncomingMessage, form: URLSearchParams, json: (status: number, body: unknown) => void) {
    if (provider.behaviour.tokenEndpointBroken) return json(500, { error: 'server_error' });
    if (!clientAuthenticated(req, form)) return json(401, { error: 'invalid_client' });
    if (form.get('grant_type') !== 'authorization_code') return json(400, { error: 'unsupported_grant_type' });
    const pending = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    if (!pending) return json(400, { error: 'invalid_grant', error_description: 'unknown or used code' });
    if (form.get('redirect_uri') !== pending.redirectUri) return json(400, { error: 'invalid_grant', error_description: 'redirect_uri mismatch' });
    const verifier = form.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== pending.challenge) {
      return json(400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
    }
    const accessToken = randomBytes(16).toString('base64url');
    accessTokens.set(accessToken, pending.claims);
    json(200, { access_token: accessToken, token_type: 'Bearer', expires_in: 300, id_token: idToken(pending) });
  }

  function idToken(pending: PendingCode): string {
    const b = provider.behaviour;
    const now = Math.floor(Date.now() / 1000);
    const person = b.claimsOnlyInUserinfo ? { sub: pending.claims.sub } : pending.claims;
    const claims = {
      ...person,
      iss: b.issuer ?? provider.issuer,
      aud: b.audience ?? clientId,
      ...(b.azp !== undefined ? { azp: b.azp } : {}),
      exp: now + (b.expiresIn ?? 300),
      iat: now + (b.issuedAtOffset ?? 0),
      auth_time: now,
      ...(pending.nonce !== undefined || b.nonce !== undefined ? { nonce: b.nonce ?? pending.nonce } : {}),
    };
    const key = b.badSignature || b.signWith === 'unpublished' ? unpublished : b.signWith === 'ec' ? ec : signingRsa;
    const kid = b.badSignature ? signingRsa.kid : key.kid;
    const alg = b.alg ?? (key === ec ? 'ES256' : 'RS256');
    const input = `${b64(JSON.stringify({ alg, typ: 'JWT', kid }))}.${b64(JSON.stringify(claims))}`;
    const signature = key === ec
      ? sign('sha256', Buffer.from(input), { key: ec.privateKey, dsaEncoding: 'ieee-p1363' })
      : sign('sha256', Buffer.from(input), key.privateKey);
    return `${input}.${b64(signature)}`;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  Object.assign(provider, {
    url: `http://127.0.0.1:${port}`,
    issuer: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    behaviour: {},
    requests: [],
    signInAs(claims: Record<string, unknown>) {
      person = { sub: `sub-${String(claims.preferred_username ?? claims.email ?? 'someone')}`, ...claims };
    },
    rotateKey() {
      rotations += 1;
      signingRsa = { kid: `rsa-${rotations}`, ...generateKeyPairSync('rsa', { modulusLength: 2048 }) };
      published.push(signingRsa);
    },
    env(extra: Record<string, string> = {}) {
      return { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret, ...extra };
    },
    reset() {
      provider.behaviour = {};
      provider.requests.length = 0;
      for (const res of hanging) res.destroy();
      hanging.clear();
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  } satisfies FakeOidcProvider);
  return provider;
}
