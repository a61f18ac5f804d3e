// Which family of a CSS font stack an engine draws with. A family is there when text drawn in it (with a generic
// fallback behind it) measures differently from the fallback alone, under two fallbacks so an installed font that
// happens to match one of them is still seen; the stack resolves to its first family that is there. Sent to the page
// as a function, so it may use nothing but its argument.
export interface ResolvedStack {
  /** The stack as the page's CSS gives it. */
  stack: string;
  /** Each family of the stack and whether the engine has a font for it. */
  families: { family: string; present: boolean }[];
  /** The first family with a font, or null when only the engine's last resort is left. */
  resolved: string | null;
  /** Whether text in the whole stack measures as in the resolved family alone (the engine really uses it). */
  drawnInResolved: boolean;
}

export function resolveFontStack(variable: string): ResolvedStack {
  // No named functions inside: the test's TypeScript loader wraps those in a helper the page does not have.
  const stack = getComputedStyle(document.documentElement).getPropertyValue(variable).trim();
  const families = stack.split(',').map((f) => f.trim()).filter(Boolean);
  const context = document.createElement('canvas').getContext('2d')!;
  const sample = 'Participant mmmwwwiiilll 0123456789 Ääñ';
  const widths = new Map<string, number>();
  for (const font of [...families, ...families.flatMap((f) => [`${f}, monospace`, `${f}, serif`]), 'monospace', 'serif', stack]) {
    context.font = `32px ${font}`;
    widths.set(font, context.measureText(sample).width);
  }
  const generic = ['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy'];
  const checked = families.map((family) => ({
    family,
    present: generic.includes(family) || widths.get(`${family}, monospace`) !== widths.get('monospace') || widths.get(`${family}, serif`) !== widths.get('serif'),
  }));
  const resolved = checked.find((f) => f.present)?.family ?? null;
  return { stack, families: checked, resolved, drawnInResolved: resolved !== null && widths.get(stack) === widths.get(resolved) };
}
