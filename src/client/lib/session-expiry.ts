// When to warn that the session is about to end. The server answers every request of a signed-in browser with
// X-Session-Expires-In (seconds until the session ends unless used again); the session store turns it into a time
// on the client's clock, so the two clocks never need to agree.

/** Read in layout/app-services.ts (written out there, to keep this module out of the first load). */
export const SESSION_EXPIRES_HEADER = 'X-Session-Expires-In';
/** The warning shows this long before the end. */
export const SESSION_WARNING_MS = 2 * 60 * 1000;
/** Browsers run a timer longer than this at once; a later moment is checked again after this long. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export type SessionPhase = 'live' | 'ending' | 'ended';

export function sessionPhase(now: number, expiresAt: number | null, warnMs = SESSION_WARNING_MS): SessionPhase {
  if (expiresAt === null || now < expiresAt - warnMs) return 'live';
  return now < expiresAt ? 'ending' : 'ended';
}

/** How long until the phase can next change (null: never, nothing to wait for). */
export function nextPhaseChangeIn(now: number, expiresAt: number | null, warnMs = SESSION_WARNING_MS): number | null {
  if (expiresAt === null) return null;
  const next = now < expiresAt - warnMs ? expiresAt - warnMs : now < expiresAt ? expiresAt : null;
  return next === null ? null : Math.min(next - now, MAX_TIMER_MS);
}

/** Whole minutes left, at least 1 (the warning reads "ends in 2 minutes", never "0 minutes"). */
export function minutesLeft(now: number, expiresAt: number): number {
  return Math.max(1, Math.ceil((expiresAt - now) / 60_000));
}
