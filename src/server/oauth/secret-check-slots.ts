// Bounds the CPU that client secrets cost a process. A secret is checked against its scrypt hash (auth/
// password-hash.ts), which takes tens of milliseconds of a libuv worker thread on purpose; the sign-in form and the
// password grant hash on the same few threads. Without a bound, a burst of wrong client secrets (each a full hash,
// anonymous) occupied every thread and a user's sign-in waited behind it (issue #34 measured 44 ms becoming 1 s).
// So at most half of the machine's CPUs (at least one) hash client secrets at once, leaving the rest for sign-ins
// and everything else; up to MAX_WAITING more checks wait their turn, and beyond that a check is refused at once
// (429 with Retry-After, OAuth's error shape). A secret this process has already verified
// (verified-client-secrets.ts) needs no slot, so the apps' refreshes rarely wait. Figures: bench/client-auth.ts.
import { availableParallelism } from 'node:os';
import { OAuthError } from './oauth-error';

export const MAX_RUNNING = Math.max(1, Math.floor(availableParallelism() / 2));
export const MAX_WAITING = 32;

let running = 0;
const waiting: Array<() => void> = [];

export const busyCheckingSecrets = () =>
  new OAuthError('temporarily_unavailable', 'Too many client authentications at once; try again shortly', 429, { 'Retry-After': '1' });

/** Runs `check` when a slot is free; throws busyCheckingSecrets() when too many wait already. */
export async function inSecretCheckSlot<T>(check: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) throw busyCheckingSecrets();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await check();
  } finally {
    const next = waiting.shift();
    if (next) next(); // the slot passes straight on
    else running--;
  }
}

/** How many checks run and wait now (for tests and benchmarks). */
export const secretCheckLoad = () => ({ running, waiting: waiting.length });
