// What wrong client secrets cost the token endpoint (issue #34, finding 2 and the client-id timing note):
// `npm run bench -- client-auth`. Starts the real server (PGlite) and prints, asserting nothing:
// - the time of a wrong secret for a known client id and for an unknown one (median of 15 each; both are hashed),
// - a user's password sign-in alone, and while bursts of 24 concurrent wrong client secrets arrive (median of 10),
// - what 40 wrong secrets in a row from one address are answered (401 until the throttle, then 429).
// The addresses come from X-Forwarded-For (TRUSTED_PROXIES), so the timing runs are not throttled.
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

async function token(form: Record<string, string>, clientId: string, secret: string, from = nextAddress()): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(clientId, secret), 'x-forwarded-for': from },
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0 };
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const signIn = () => token({ grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }, 'ManagementPortalapp', SECRET);
const wrongSecret = (clientId: string) => token({ grant_type: 'client_credentials' }, clientId, 'wrong-secret');

try {
  await signIn(); // warms the caches (and this process's memo of the right secret)
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 15; i++) {
    known.push((await wrongSecret('ManagementPortalapp')).ms);
    unknown.push((await wrongSecret(`no-such-client-${i}`)).ms);
  }
  console.log(`wrong secret, known client id:   median ${median(known).toFixed(1)} ms`);
  console.log(`wrong secret, unknown client id: median ${median(unknown).toFixed(1)} ms`);

  const alone: number[] = [];
  for (let i = 0; i < 10; i++) alone.push((await signIn()).ms);
  const underLoad: number[] = [];
  const answers = new Map<number, number>();
  for (let i = 0; i < 10; i++) {
    const burst = Array.from({ length: 24 }, () => wrongSecret('ManagementPortalapp'));
    await new Promise((resolve) => setTimeout(resolve, 5)); // the burst is on its way
    const user = await signIn();
    underLoad.push(user.ms);
    for (const { status } of await Promise.all(burst)) answers.set(status, (answers.get(status) ?? 0) + 1);
  }
  console.log(`user sign-in alone:                          median ${median(alone).toFixed(1)} ms`);
  console.log(`user sign-in during 24 concurrent wrong secrets: median ${median(underLoad).toFixed(1)} ms`);
  console.log(`  the bursts' answers: ${[...answers].map(([status, n]) => `${n} x ${status}`).join(', ')}`);

  const statuses: number[] = [];
  for (let i = 0; i < 40; i++) statuses.push((await token({ grant_type: 'client_credentials' }, 'ManagementPortalapp', `guess-${i}`, '192.0.2.99')).status);
  const first429 = statuses.indexOf(429);
  console.log(`40 wrong secrets from one address: ${statuses.filter((s) => s === 401).length} x 401, ${statuses.filter((s) => s === 429).length} x 429 (first 429 at attempt ${first429 + 1})`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
