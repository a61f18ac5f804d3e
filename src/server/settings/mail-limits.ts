// RESET_MAIL_LIMITS, read with the rest of the configuration (config.ts): how many password-reset and activation mails
// one account may receive, and how many such requests one client address may make, each per time window. The limits
// are applied by account/mail-limits.ts (docs/users.md, "Limits on mailed keys").
import type { Limit } from '../http/request-limit';

export interface MailLimits {
  perAccount: Limit;
  perAddress: Limit;
}

/** 3 mails per account per hour; 10 requests per client address per 15 minutes. */
export const DEFAULT_MAIL_LIMITS: MailLimits = {
  perAccount: { max: 3, windowSeconds: 60 * 60 },
  perAddress: { max: 10, windowSeconds: 15 * 60 },
};

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600 };

function parseLimit(part: string): Limit {
  const m = /^(\d{1,6})\s*\/\s*(\d{1,6})\s*([smh])$/.exec(part.trim());
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) {
    throw new Error(`must be two limits "<count>/<window>" with the window in s, m or h, e.g. "3/1h,10/15m"; got "${part.trim()}"`);
  }
  return { max: Number(m[1]), windowSeconds: Number(m[2]) * UNIT_SECONDS[m[3]] };
}

/** RESET_MAIL_LIMITS: `<mails per account>/<window>,<requests per address>/<window>`, e.g. the default `3/1h,10/15m`. */
export function parseMailLimits(raw: string | undefined): MailLimits {
  if (!raw?.trim()) return DEFAULT_MAIL_LIMITS;
  const parts = raw.split(',');
  if (parts.length !== 2) throw new Error(`must be two limits "<per account>,<per address>", e.g. "3/1h,10/15m"; got "${raw}"`);
  return { perAccount: parseLimit(parts[0]), perAddress: parseLimit(parts[1]) };
}
