// Who may scrape management/prometheus besides a system administrator: whoever presents METRICS_TOKEN, as a bearer
// token (Prometheus's `authorization: {credentials: ...}`) or as the password of Basic authentication (`basic_auth`,
// any user name). Compared through SHA-256 digests with timingSafeEqual, so the comparison takes the same time
// whatever the guess.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestContext } from '../http/context';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

function presented(header: string | undefined): string | undefined {
  if (!header) return undefined;
  if (header.startsWith('Bearer ')) return header.slice(7).trim();
  if (header.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon >= 0 ? decoded.slice(colon + 1) : undefined;
  }
  return undefined;
}

export function presentsScrapeCredential(ctx: RequestContext): boolean {
  const expected = ctx.app.config.metricsToken;
  const given = presented(ctx.req.headers.authorization);
  if (!expected || given === undefined) return false;
  return timingSafeEqual(digest(given), digest(expected));
}
