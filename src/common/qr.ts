// QR codes as SVG, for the browser (the pairing dialog encodes a token URL, the settings page an authenticator's
// enrolment) and the server (its own two-factor sign-in page): a module matrix from qrcode-generator, then an SVG
// path. It lives in common/ because both sides draw it; the browser's canvas drawing is client/lib/qr.ts. The
// defaults: level M, margin 16, black on white, centre image 40 px, version 1-40 or automatic.
import qrcode from 'qrcode-generator';

export type EcLevel = 'L' | 'M' | 'Q' | 'H';

export interface QrMatrix {
  /** Modules per side. */
  size: number;
  version: number;
  isDark(row: number, col: number): boolean;
}

export interface QrOptions {
  ecLevel?: EcLevel;
  /** 1-40, clamped; omitted or 0 picks the smallest version that fits. */
  version?: number;
}

export const QR_DEFAULTS = {
  ecLevel: 'M' as EcLevel,
  margin: 16,
  dark: '#000000',
  light: '#ffffff',
  imageSize: 40,
  size: 400,
};

/** 0 means automatic; anything else is rounded into 1-40. */
export function clampVersion(version: number | undefined): number {
  if (version === undefined || !Number.isFinite(version) || version <= 0) return 0;
  return Math.min(40, Math.max(1, Math.round(version)));
}

export function isHexColor(colour: string): boolean {
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(colour);
}

export function checkColour(colour: string, name: string): string {
  if (!isHexColor(colour)) throw new TypeError(`${name} must be a hex colour (#rgb, #rgba, #rrggbb or #rrggbbaa), got ${colour}`);
  return colour;
}

/** qrcode-generator reads one byte per character; hand it UTF-8 so any text round-trips. */
function utf8Binary(text: string): string {
  return Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join('');
}

function build(text: string, version: number, ecLevel: EcLevel): ReturnType<typeof qrcode> {
  const code = qrcode(version as Parameters<typeof qrcode>[0], ecLevel);
  code.addData(utf8Binary(text), 'Byte');
  code.make();
  return code;
}

export function qrMatrix(text: string, options: QrOptions = {}): QrMatrix {
  const ecLevel = options.ecLevel ?? QR_DEFAULTS.ecLevel;
  if (!['L', 'M', 'Q', 'H'].includes(ecLevel)) throw new TypeError(`Unknown error correction level ${ecLevel}`);
  let version = clampVersion(options.version);
  let code: ReturnType<typeof qrcode>;
  try {
    code = build(text, version, ecLevel);
  } catch (error) {
    // The library throws a string when the text does not fit; a bigger (automatic) version may still hold it.
    if (version === 0) throw new RangeError(`Text too long for a QR code: ${String(error)}`);
    version = 0;
    code = build(text, 0, ecLevel);
  }
  const size = code.getModuleCount();
  return { size, version: (size - 17) / 4, isDark: (row, col) => code.isDark(row, col) };
}

/** Horizontal runs of dark modules: fewer shapes to draw, and no seams inside a run. */
export function* darkRuns(matrix: QrMatrix): Generator<{ row: number; col: number; length: number }> {
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (!matrix.isDark(row, col)) continue;
      const start = col;
      while (col + 1 < matrix.size && matrix.isDark(row, col + 1)) col++;
      yield { row, col: start, length: col - start + 1 };
    }
  }
}

/**
 * An SVG path drawing the dark modules, with `cellSize` units per module starting at `offset`.
 * Fill it with the dark colour over a light background.
 */
export function qrToSvgPath(matrix: QrMatrix, { cellSize = 1, offset = 0 }: { cellSize?: number; offset?: number } = {}): string {
  const parts: string[] = [];
  for (const { row, col, length } of darkRuns(matrix)) {
    const width = length * cellSize;
    parts.push(`M${offset + col * cellSize} ${offset + row * cellSize}h${width}v${cellSize}h${-width}z`);
  }
  return parts.join('');
}

export interface QrLayout {
  size: number;
  cellSize: number;
  /** Where the first module starts; at least `margin`, more when whole-pixel cells leave slack. */
  offset: number;
}

/** Whole-pixel modules (no seams between them), centred inside `size` with at least `margin` around. */
export function qrLayout(moduleCount: number, { size = QR_DEFAULTS.size, margin = QR_DEFAULTS.margin } = {}): QrLayout {
  const cellSize = Math.max(1, Math.floor((size - 2 * margin) / moduleCount));
  return { size, cellSize, offset: Math.floor((size - cellSize * moduleCount) / 2) };
}

export interface QrSvgOptions extends QrOptions {
  /** Width and height in pixels. */
  size?: number;
  margin?: number;
  dark?: string;
  light?: string;
}

/** A complete `<svg>` string (for printing or an `<img src>` data URL). */
export function qrToSvg(content: string | QrMatrix, options: QrSvgOptions = {}): string {
  const dark = checkColour(options.dark ?? QR_DEFAULTS.dark, 'dark');
  const light = checkColour(options.light ?? QR_DEFAULTS.light, 'light');
  const matrix = typeof content === 'string' ? qrMatrix(content, options) : content;
  const { size, cellSize, offset } = qrLayout(matrix.size, options);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="${light}"/>` +
    `<path fill="${dark}" d="${qrToSvgPath(matrix, { cellSize, offset })}"/></svg>`
  );
}
