// What wrong client secrets cost the token endpoint (issue #34, finding 2 and the client-id timing note):
// `npm run bench -- client-auth`. Starts the real server (PGlite) and prints, asserting nothing:
// - what 40 wrong secrets in a row for the portal's own client id from one address are answered (401 until the
//   throttle, then 429),
// - the time of a wrong secret for a known client id and for an unknown one (median of 15 each; both are hashed),
// - a user's password sign-in alone, and while bursts of 24 concurrent wrong client secrets arrive (median of 10):
//   first for one known client id (the review's case; the throttle stops the bursts after 50), then each with its
//   own unknown client id and address, so that no throttle stops them and only the bound on concurrent hashing
//   (oauth/secret-check-slots.ts) is left.
// The addresses come from X-Forwarded-For (TRUSTED_PROXIES).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_PASSWORD, serve } from './bench-server';

const SECRET = 'bench-frontend-secret';
const dataDir = mkdtempSync(join(tmpdir(), 'mp-bench-client-auth-'));
const server = await serve({ DATA_DIR: dataDir, FRONTEND_CLIENT_SECRET: SECRET, TRUSTED_PROXIES: '127.0.0.1,::1' });
let address = 0;
const nextAddress = () => `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`;
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

let lastBody: { access_token?: string } = {};

async function token(form: Record<string, string>, clientId: string, secret: string, from = nextAddress()): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(clientId, secret), 'x-forwarded-for': from },
  });
  lastBody = await res.json().catch(() => ({}));
  return { status: res.status, ms: performance.now() - t0 };
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const signIn = () => token({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }, 'ManagementPortalapp', SECRET);
const wrongSecret = (clientId: string) => token({ grant_type: 'client_credentials' }, clientId, 'wrong-secret');

async function createClient(clientId: string, secret: string): Promise<void> {
  const signIn = await token({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }, 'ManagementPortalapp', SECRET);
  if (signIn.status !== 200) throw new Error(`admin sign-in: ${signIn.status}`);
  const res = await fetch(`${server.url}/api/oauth-clients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${lastBody.access_token}` },
    body: JSON.stringify({ clientId, clientSecret: secret, scope: ['PROJECT.READ'], resourceIds: ['res_ManagementPortal'], authorizedGrantTypes: ['client_credentials'], autoApproveScopes: [], authorities: [], registeredRedirectUri: [],
      accessTokenValiditySeconds: 3600, refreshTokenValiditySeconds: 3600 }),
  });
  if (res.status !== 201) throw new Error(`creating ${clientId}: ${res.status} ${await res.text()}`);
}

try {
  // The review's reproduction: 40 wrong secrets for the portal's own client id from one address.
  const statuses: number[] = [];
  for (let i = 0; i < 40; i++) statuses.push((await token({ grant_type: 'client_credentials' }, 'ManagementPortalapp', `guess-${i}`, '192.0.2.99')).status);
  const count = (status: number) => statuses.filter((s) => s === status).length;
  console.log(`40 wrong secrets from one address: ${count(401)} x 401, ${count(429)} x 429 (first 429 at attempt ${statuses.indexOf(429) + 1})`);

  await createClient('bench-known', 'bench-known-secret');
  await signIn(); // warms the caches (and this process's memo of the right secret)
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 15; i++) {
    known.push((await wrongSecret('bench-known')).ms);
    unknown.push((await wrongSecret(`no-such-client-${i}`)).ms);
  }
  console.log(`wrong secret, known client id:   median ${median(known).toFixed(1)} ms`);
  console.log(`wrong secret, unknown client id: median ${median(unknown).toFixed(1)} ms`);

  // The review's bursts: 24 concurrent wrong secrets for one known client id (from as many addresses), ten times.
  await createClient('bench-burst', 'bench-burst-secret');
  const knownAlone: number[] = [];
  const knownLoad: number[] = [];
  const knownAnswers = new Map<number, number>();
  for (let i = 0; i < 10; i++) {
    knownAlone.push((await signIn()).ms);
    const burst = Array.from({ length: 24 }, () => wrongSecret('bench-burst'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    knownLoad.push((await signIn()).ms);
    for (const { status } of await Promise.all(burst)) knownAnswers.set(status, (knownAnswers.get(status) ?? 0) + 1);
  }
  console.log(`user sign-in alone:                                          median ${median(knownAlone).toFixed(1)} ms`);
  console.log(`user sign-in during 24 wrong secrets of one known client id: median ${median(knownLoad).toFixed(1)} ms`);
  console.log(`  the bursts' answers: ${[...knownAnswers].map(([status, n]) => `${n} x ${status}`).join(', ')}`);

  // Bursts of wrong secrets that no throttle stops (each with its own unknown client id and address): what remains
  // is the bound on concurrent hashing.
  const alone: number[] = [];
  const underLoad: number[] = [];
  const answers = new Map<number, number>();
  let burstClient = 0;
  for (let i = 0; i < 10; i++) {
    alone.push((await signIn()).ms);
    const burst = Array.from({ length: 24 }, () => wrongSecret(`burst-client-${burstClient++}`));
    await new Promise((resolve) => setTimeout(resolve, 5)); // the burst is on its way
    underLoad.push((await signIn()).ms);
    for (const { status } of await Promise.all(burst)) answers.set(status, (answers.get(status) ?? 0) + 1);
  }
  console.log(`user sign-in alone:                                          median ${median(alone).toFixed(1)} ms`);
  console.log(`user sign-in during 24 wrong secrets of unknown client ids:  median ${median(underLoad).toFixed(1)} ms`);
  console.log(`  the bursts' answers: ${[...answers].map(([status, n]) => `${n} x ${status}`).join(', ')}`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
