// Statements sent together share one round trip: the database runs a connection's (or the embedded worker's
// transaction's) statements in the order they were sent, so a later one sees what an earlier one wrote. When one
// fails, the ones after it fail too (the transaction is aborted); the caller wants the first failure, in send order,
// not whichever settled first.
export type Settled<T> = PromiseSettledResult<T>;

/** Waits for all; answers their values, or throws the failure of the first (in order) that failed. */
export async function allInOrder<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(promises);
  return results.map(valueOf) as unknown as T;
}

/** A settled result's value, or its failure thrown. */
export function valueOf<T>(result: Settled<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}
