// What the primary process and its workers tell each other over the cluster's IPC channel (primary.ts,
// worker-status.ts). Nothing else is shared: each worker has its own database pool and caches.
export interface WorkerState {
  /** The cluster's number for the worker (1, 2, ...; a restarted worker gets a new one). */
  id: number;
  pid: number;
  /** Whether it answered the primary's last heartbeat in time. */
  up: boolean;
}

export interface WorkersSnapshot {
  /** How many workers WORKERS asks for. */
  expected: number;
  workers: WorkerState[];
}

export type ToWorker = { type: 'mp:ping'; seq: number } | { type: 'mp:workers'; snapshot: WorkersSnapshot };
export type ToPrimary = { type: 'mp:pong'; seq: number } | { type: 'mp:listening'; url: string };

export function isMessage<T extends { type: string }>(message: unknown): message is T {
  return typeof message === 'object' && message !== null && typeof (message as { type?: unknown }).type === 'string'
    && (message as { type: string }).type.startsWith('mp:');
}
