// The embedded database cannot serve a call right now: its volume is full (writes stop below DISK_SPACE_MINIMUM_MB,
// disk-space.ts), or its thread stopped answering and is being reopened (pglite-thread.ts). The HTTP layer answers
// it as 507 or 503 with Retry-After (http/respond.ts), never as a 500 and never by waiting.
export type UnavailableReason = 'diskFull' | 'restarting' | 'timeout';

export class DatabaseUnavailableError extends Error {
  constructor(
    readonly reason: UnavailableReason,
    message: string,
    /** Seconds after which a retry may succeed. */
    readonly retryAfterSeconds = 10,
  ) {
    super(message);
  }
}

export const diskFull = (detail: string) =>
  new DatabaseUnavailableError('diskFull', `The data volume is full (${detail}): the embedded database accepts no writes until space is freed`, 30);
