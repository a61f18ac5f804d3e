// QR codes drawn on a canvas in the browser; the matrix, the layout and the SVG drawing are common/qr.ts (the server
// draws them too), re-exported here so the client's screens import one module.
import {
  checkColour,
  darkRuns,
  qrLayout,
  qrMatrix,
  QR_DEFAULTS,
  type QrMatrix,
  type QrSvgOptions,
} from '../../common/qr';

export * from '../../common/qr';

export interface QrDrawOptions extends QrSvgOptions {
  /** Drawn centred over the code, e.g. a logo. */
  image?: CanvasImageSource;
  imageSize?: number;
}

/** The bits of a 2D context the drawing needs, so tests can pass a recorder. */
export interface Canvas2D {
  fillStyle: unknown;
  fillRect(x: number, y: number, width: number, height: number): void;
  drawImage(image: CanvasImageSource, x: number, y: number, width: number, height: number): void;
}
export interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): Canvas2D | null;
}

/** Draws `text` (or a prepared matrix) onto a canvas, resizing it to `size`; returns the matrix drawn. */
export function drawQr(canvas: CanvasLike, content: string | QrMatrix, options: QrDrawOptions = {}): QrMatrix {
  const dark = checkColour(options.dark ?? QR_DEFAULTS.dark, 'dark');
  const light = checkColour(options.light ?? QR_DEFAULTS.light, 'light');
  const matrix = typeof content === 'string' ? qrMatrix(content, options) : content;
  const layout = qrLayout(matrix.size, options);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas has no 2d context');
  canvas.width = layout.size;
  canvas.height = layout.size;
  context.fillStyle = light;
  context.fillRect(0, 0, layout.size, layout.size);
  context.fillStyle = dark;
  const { cellSize, offset } = layout;
  for (const { row, col, length } of darkRuns(matrix)) {
    context.fillRect(offset + col * cellSize, offset + row * cellSize, length * cellSize, cellSize);
  }
  if (options.image) {
    const imageSize = options.imageSize ?? QR_DEFAULTS.imageSize;
    const at = (layout.size - imageSize) / 2;
    context.drawImage(options.image, at, at, imageSize, imageSize);
  }
  return matrix;
}

