// Every subject write runs in one transaction (nothing half-written). A unique or foreign-key violation raised by a
// concurrent writer (two creates of one login, a row another process added that still references the user) is
// answered as a 4xx instead of a 500.
import { pgErrorCode, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, type Queryable } from '../db/database';
import type { RequestContext } from '../http/context';
import { apiError, errorVm } from '../http/errors';

function constraintOf(error: unknown): string {
  const e = error as { constraint_name?: unknown; constraint?: unknown } | null;
  return String(e?.constraint_name ?? e?.constraint ?? '');
}

export function loginTaken(login: string) {
  return apiError(400, 'error.userexists', 'subject', `Login already in use: ${login}`, { login });
}

export async function subjectTransaction<T>(ctx: RequestContext, login: string | undefined, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await ctx.app.db.transaction(fn);
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === PG_UNIQUE_VIOLATION) {
      if (login !== undefined && /login/.test(constraintOf(error))) throw loginTaken(login);
      throw errorVm(409, 'error.concurrencyFailure', 'A concurrent change conflicted with this one; try again', null, 'subject');
    }
    if (code === PG_FOREIGN_KEY_VIOLATION) {
      throw errorVm(409, 'error.concurrencyFailure', 'The subject is still referenced or changed concurrently', null, 'subject');
    }
    throw error;
  }
}
