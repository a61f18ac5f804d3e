// Free space on the volume that holds DATA_DIR. The embedded database cannot survive running out of it: when
// PostgreSQL (inside PGlite) cannot create its next 16 MiB WAL segment it gives up in a way the WebAssembly build
// never returns from (the thread spins, docs/deploy.md "Disk space"). So the portal watches the volume: below the
// warning level it logs a warning, below the minimum it stops writing (pglite-thread.ts) and health says DOWN
// (management/health.ts), and it writes again once the space is back.
import { statfsSync } from 'node:fs';
import type { Logger } from '../log';

const MiB = 1024 * 1024;

/** The size of one PostgreSQL WAL segment, which must fit on the volume whenever the current one fills up. */
export const WAL_SEGMENT_BYTES = 16 * MiB;

export interface DiskSpaceThresholds {
  /** Below this many free bytes a warning is logged (DISK_SPACE_WARNING_MB). */
  warningBytes: number;
  /** Below this many free bytes the embedded database refuses writes and health is DOWN (DISK_SPACE_MINIMUM_MB). */
  minimumBytes: number;
}

export const DEFAULT_DISK_SPACE: DiskSpaceThresholds = { warningBytes: 256 * MiB, minimumBytes: 64 * MiB };

export interface DiskSpaceReading {
  total: number;
  free: number;
  /** Below the warning level. */
  low: boolean;
  /** Below the minimum: no more writes. */
  full: boolean;
}

/** The volume of `dir` now; a directory not there yet is read through its nearest existing parent. */
export function readDiskSpace(dir: string, thresholds: DiskSpaceThresholds): DiskSpaceReading {
  let s;
  try {
    s = statfsSync(dir);
  } catch {
    s = statfsSync('.');
  }
  const free = s.bavail * s.bsize;
  return { total: s.blocks * s.bsize, free, low: free < thresholds.warningBytes, full: free < thresholds.minimumBytes };
}

const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

/**
 * Reads of one directory's volume, while space is plentiful at most one per `maxAgeMs` (a statfs costs a system call,
 * and every statement asks), that log once when the space falls below the warning level or the minimum and once when it is
 * back. `watch` also reads it every few seconds, so the warning comes while the server is idle too.
 */
export class DiskSpaceMonitor {
  private last?: DiskSpaceReading;
  private readAt = 0;
  private timer?: NodeJS.Timeout;

  constructor(
    readonly dir: string,
    readonly thresholds: DiskSpaceThresholds,
    private readonly log?: Logger,
    private readonly maxAgeMs = 250,
  ) {}

  /** The last reading, refreshed when older than `maxAgeMs`, when `fresh`, or when space was low (so that writes
   * stop as soon as the minimum is crossed, and resume as soon as space is back). */
  read(fresh = false): DiskSpaceReading {
    const now = Date.now();
    if (!fresh && this.last && !this.last.low && now - this.readAt < this.maxAgeMs) return this.last;
    let reading: DiskSpaceReading;
    try {
      reading = readDiskSpace(this.dir, this.thresholds);
    } catch {
      return this.last ?? { total: 0, free: 0, low: false, full: false };
    }
    this.report(this.last, reading);
    this.last = reading;
    this.readAt = now;
    return reading;
  }

  private report(before: DiskSpaceReading | undefined, now: DiskSpaceReading): void {
    const where = `the volume of ${this.dir}`;
    if (now.full && !before?.full) {
      this.log?.error(`${where} has ${mib(now.free)} free, below DISK_SPACE_MINIMUM_MB (${mib(this.thresholds.minimumBytes)}): ` +
        'the embedded database refuses writes until space is freed or the volume grows');
    } else if (now.low && !now.full && !before?.low) {
      this.log?.warn(`${where} has ${mib(now.free)} free, below DISK_SPACE_WARNING_MB (${mib(this.thresholds.warningBytes)}); ` +
        `writes stop below ${mib(this.thresholds.minimumBytes)}: free space or grow the volume`);
    } else if (before?.full && !now.full) {
      this.log?.info(`${where} has ${mib(now.free)} free again: writes are accepted`);
    } else if (before?.low && !now.low) {
      this.log?.info(`${where} has ${mib(now.free)} free again, above DISK_SPACE_WARNING_MB`);
    }
  }

  watch(intervalMs = 5000): void {
    this.read(true);
    this.timer ??= setInterval(() => this.read(true), intervalMs).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

/** The `diskSpace` health component (Spring's shape): DOWN below the minimum, with the free bytes. */
export function diskSpaceHealth(dir: string, thresholds: DiskSpaceThresholds): { status: 'UP' | 'DOWN'; details: Record<string, unknown> } {
  try {
    const { total, free, full } = readDiskSpace(dir, thresholds);
    return { status: full ? 'DOWN' : 'UP', details: { total, free, threshold: thresholds.minimumBytes, warning: thresholds.warningBytes } };
  } catch (error) {
    return { status: 'DOWN', details: { error: (error as Error).message } };
  }
}
