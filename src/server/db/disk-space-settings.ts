// The free-space thresholds of db/disk-space.ts, on their own so the configuration can name them without importing
// the monitor (which logs, and the logger reads the configuration).
const MiB = 1024 * 1024;

export interface DiskSpaceThresholds {
  /** Below this many free bytes a warning is logged (DISK_SPACE_WARNING_MB). */
  warningBytes: number;
  /** Below this many free bytes the embedded database refuses writes and health is DOWN (DISK_SPACE_MINIMUM_MB). */
  minimumBytes: number;
}

export const DEFAULT_DISK_SPACE: DiskSpaceThresholds = { warningBytes: 256 * MiB, minimumBytes: 64 * MiB };
