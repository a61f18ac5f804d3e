// Counts what a request costs the database: statements (inside transactions too; BEGIN and COMMIT not counted) and
// round trips, where statements sent while another of them is still outstanding share its round trip (pipelined on
// one connection, or sent together to the embedded database's thread).
import type { Database, Queryable } from '../../src/server/db/database';

export interface StatementCounter {
  statements: number;
  roundTrips: number;
  reset(): void;
  /** Puts the database back as it was. */
  restore(): void;
}

export function countStatements(db: Database): StatementCounter {
  const counter = { statements: 0, roundTrips: 0 } as StatementCounter;
  let outstanding = 0;
  const counted = (query: Queryable['query']): Queryable['query'] =>
    (async (...args: Parameters<Queryable['query']>) => {
      counter.statements++;
      if (outstanding === 0) counter.roundTrips++;
      outstanding++;
      try {
        return await query(...args);
      } finally {
        outstanding--;
      }
    }) as Queryable['query'];
  const originalQuery = db.query;
  const originalTransaction = db.transaction;
  db.query = counted(originalQuery.bind(db));
  db.transaction = (<T>(fn: (tx: Queryable) => Promise<T>) =>
    originalTransaction.call(db, (tx) => fn({ query: counted(tx.query.bind(tx)) }))) as Database['transaction'];
  counter.reset = () => {
    counter.statements = 0;
    counter.roundTrips = 0;
  };
  counter.restore = () => {
    db.query = originalQuery;
    db.transaction = originalTransaction;
  };
  return counter;
}
