// Throttling of failed client authentications at the token endpoint (docs/oauth.md, "Token endpoint"), as sign-in is
// throttled (login-throttle.ts, the same table and counters, under keys of their own): after 50 failures for one
// client id, or 20 from one address (an IPv6 address by its /64), within 15 minutes, client authentication is refused
// for 15 minutes with 429 and Retry-After, even with the right secret, before any secret is hashed. A client's limit
// is higher than an address's because one client id serves many apps; an attacker with many addresses can still
// lock a client for the window (docs/security.md weighs this). Successes clear nothing: an app that authenticates
// often must not wipe out the failures an attacker counts up.
import type { Queryable } from '../db/database';
import { addressBucket } from '../http/request-limit';
import { countFailure, lockedForKeys } from './login-throttle';

const MAX_FAILURES_PER_CLIENT = 50;
const MAX_FAILURES_PER_ADDRESS = 20;

const clientKey = (clientId: string) => `client:${clientId}`;
const addressKey = (address: string) => `client-address:${addressBucket(address)}`;

/** Seconds until this client id may authenticate from this address again; 0 when it may now. */
export function clientAuthLockedForSeconds(db: Queryable, clientId: string, address: string): Promise<number> {
  return lockedForKeys(db, [clientKey(clientId), addressKey(address)]);
}

export async function recordClientAuthFailure(db: Queryable, clientId: string, address: string): Promise<void> {
  await countFailure(db, clientKey(clientId), MAX_FAILURES_PER_CLIENT);
  await countFailure(db, addressKey(address), MAX_FAILURES_PER_ADDRESS);
}
