// The arithmetic shared by the hand-drawn SVG charts: a "nice" top for the value axis (1, 2 or 5 times a power of
// ten, never below the largest value) and its tick values. No React.

/** The smallest 1, 2, 5 × 10^n at or above `max` (at least 1). */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** Tick values from 0 to `top`, `count` intervals, whole numbers only (duplicates dropped). */
export function ticks(top: number, count = 4): number[] {
  return [...new Set(Array.from({ length: count + 1 }, (_, i) => Math.round((top * i) / count)))];
}
