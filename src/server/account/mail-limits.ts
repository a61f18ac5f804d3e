// Limits on the requests that mail a key (docs/users.md, "Limits on mailed keys"): without them anyone could probe
// which e-mail addresses are registered, or flood a user's inbox, as fast as the server answers. Two counters per
// flow (`reset` = reset_password/init, `activation` = reset-activation/init), both in the database
// (http/request-limit.ts) so they hold across processes:
// - per client address (ctx.remoteAddress, which honours TRUSTED_PROXIES): every request counts, also one naming an
//   unknown address or login, so probing is limited;
// - per account: only a request that is about to send a mail counts, so at most that many mails reach one inbox.
// A request over either limit is a 429 error.tooManyRequests with Retry-After, and no mail is sent. The limits
// themselves are configuration (RESET_MAIL_LIMITS, settings/mail-limits.ts).
import type { RequestContext } from '../http/context';
import { tooManyRequests } from '../http/errors';
import { addressBucket, countRequest } from '../http/request-limit';
import { housekeeping } from '../oauth/housekeeping';

export type MailFlow = 'reset' | 'activation';

const limitsOf = (ctx: RequestContext) => ctx.app.config.resetMailLimits;

/** Counts the request against the client's address; throws the 429 when the address is over its limit. */
export async function limitAddress(ctx: RequestContext, flow: MailFlow): Promise<void> {
  // Expired counters are dropped here too, not only after sign-ins (the housekeeping runs every ten minutes at most).
  await housekeeping(ctx.app.db);
  const wait = await countRequest(ctx.app.db, `${flow}:address:${addressBucket(ctx.remoteAddress)}`, limitsOf(ctx).perAddress);
  if (wait) throw tooManyRequests(wait, 'Too many requests from this address; try again later');
}

/** Counts a mail about to be sent to the user; throws the 429 (and no mail goes out) when the account is over its limit. */
export async function limitAccount(ctx: RequestContext, flow: MailFlow, userId: number): Promise<void> {
  const wait = await countRequest(ctx.app.db, `${flow}:account:${userId}`, limitsOf(ctx).perAccount);
  if (wait) throw tooManyRequests(wait, 'Too many mails for this account; try again later');
}
