// The credentials rule (docs/oauth.md, "Revocation"): a password change, a password reset and a deactivation stamp
// radar_user.credentials_changed_at, and an access token of that user whose `iat` (whole seconds) is at or before
// the stamp's second is refused from then on. A token minted in the stamp's own second cannot be told apart from
// one minted just before the change, so it is refused too, and mintAccessToken never issues one: a token minted in
// that second waits for the next one (at most a second), so signing in right after a change gives a working token.
// The stamp is taken from this process's clock, the clock `iat` comes from, not from the database's.

/** SQL for the stamp, given the placeholder of a credentialsStamp() parameter (e.g. `$4`). */
export const credentialsChangedSql = (placeholder: string): string => `to_timestamp(${placeholder}::float8 / 1000)`;

/** The parameter that credentialsChangedSql turns into the stamp: now, in milliseconds. */
export const credentialsStamp = (): number => Date.now();

/**
 * SET-list item for an UPDATE of radar_user that may deactivate the user: stamps the change only when the row goes
 * from activated to deactivated (`activated` on the right-hand side is the row's old value).
 */
export const stampOnDeactivation = (newActivatedPlaceholder: string, stampPlaceholder: string): string =>
  `credentials_changed_at = CASE WHEN activated AND NOT ${newActivatedPlaceholder}::boolean
     THEN ${credentialsChangedSql(stampPlaceholder)} ELSE credentials_changed_at END`;

/** Whether a token issued at `iat` (seconds) predates the credentials change of second `changedSecond`. */
export function issuedBeforeCredentialsChange(iat: unknown, changedSecond: number | null | undefined): boolean {
  if (changedSecond === null || changedSecond === undefined) return false;
  return typeof iat !== 'number' || !Number.isFinite(iat) || iat <= changedSecond;
}

/** The earliest `iat` a token minted now may carry so that it works (see the rule above), in seconds. */
export function firstAcceptedIat(nowSeconds: number, changedSecond: number | null | undefined): number {
  return changedSecond === null || changedSecond === undefined ? nowSeconds : Math.max(nowSeconds, changedSecond + 1);
}
