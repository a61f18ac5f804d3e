// Numbers as the metrics screen shows them: memory in MB, shares as percentages, durations in ms.
export const MB = 1048576;

export const toMb = (bytes: number) => (bytes / MB).toFixed(0);
export const percent = (share: number) => `${(share * 100).toFixed(2)} %`;
export const ms = (value: number) => `${value.toFixed(2)} ms`;
export const ratio = (part: number, whole: number) => (whole > 0 ? Math.min(100, (part * 100) / whole) : 0);

/** Milliseconds as `1d 2h 3m 4s`. */
export function uptime(millis: number): string {
  const total = Math.floor(millis / 1000);
  const d = Math.floor(total / 86400);
  const h = Math.floor((total % 86400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [d && `${d}d`, (d || h) && `${h}h`, (d || h || m) && `${m}m`, `${s}s`].filter(Boolean).join(' ');
}
