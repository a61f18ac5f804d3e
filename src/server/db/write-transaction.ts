// Every write of this part runs here: one transaction (with its revision recorded inside by the caller), and a
// unique or foreign-key violation raised by a concurrent writer becomes the 4xx the caller names instead of a 500.
import { pgErrorCode, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, type Queryable } from '../db/database';
import type { RequestContext } from '../http/context';
import type { HttpError } from '../http/errors';

export interface ViolationAnswers {
  unique?: () => HttpError;
  foreignKey?: () => HttpError;
}

export async function writeTransaction<T>(ctx: RequestContext, fn: (tx: Queryable) => Promise<T>, answers: ViolationAnswers = {}): Promise<T> {
  try {
    return await ctx.app.db.transaction(fn);
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === PG_UNIQUE_VIOLATION && answers.unique) throw answers.unique();
    if (code === PG_FOREIGN_KEY_VIOLATION && answers.foreignKey) throw answers.foreignKey();
    throw error;
  }
}
