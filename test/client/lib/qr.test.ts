import { test } from 'uvu';
import * as assert from 'uvu/assert';
import qrcode from 'qrcode-generator';
import {
  clampVersion,
  darkRuns,
  drawQr,
  isHexColor,
  qrLayout,
  qrMatrix,
  qrToSvg,
  qrToSvgPath,
  type Canvas2D,
  type CanvasLike,
  type QrMatrix,
} from '../../../src/client/lib/qr';

const tokenUrl = 'https://radar.example.org/managementportal/api/meta-token/AbCdEf123456';

function modules(matrix: QrMatrix): string[] {
  return Array.from({ length: matrix.size }, (_, row) =>
    Array.from({ length: matrix.size }, (_, col) => (matrix.isDark(row, col) ? '#' : '.')).join(''),
  );
}

test('the matrix is the library QR code, level M and the smallest version by default', () => {
  const matrix = qrMatrix(tokenUrl);
  const reference = qrcode(0, 'M');
  reference.addData(tokenUrl, 'Byte');
  reference.make();
  assert.is(matrix.size, reference.getModuleCount());
  assert.is(matrix.size, 17 + 4 * matrix.version);
  assert.equal(modules(matrix), modules({ size: matrix.size, version: 0, isDark: (r, c) => reference.isDark(r, c) }));
});

test('finder patterns sit in three corners', () => {
  const rows = modules(qrMatrix('hello'));
  assert.is(rows[0].slice(0, 7), '#######');
  assert.is(rows[0].slice(-7), '#######');
  assert.is(rows[rows.length - 1].slice(0, 7), '#######');
  assert.is(rows[1].slice(0, 7), '#.....#');
});

test('a higher error-correction level needs a bigger code for the same text', () => {
  assert.ok(qrMatrix(tokenUrl, { ecLevel: 'H' }).version > qrMatrix(tokenUrl, { ecLevel: 'L' }).version);
  assert.throws(() => qrMatrix('x', { ecLevel: 'X' as 'M' }), /error correction/);
});

test('versions are clamped to 1-40; 0 or none is automatic; too small grows to fit', () => {
  assert.is(clampVersion(undefined), 0);
  assert.is(clampVersion(0), 0);
  assert.is(clampVersion(-3), 0);
  assert.is(clampVersion(55), 40);
  assert.is(clampVersion(7.4), 7);
  assert.is(qrMatrix('hi', { version: 5 }).version, 5);
  assert.is(qrMatrix('hi', { version: 99 }).version, 40);
  assert.ok(qrMatrix(tokenUrl, { version: 1 }).version > 1);
  assert.throws(() => qrMatrix('x'.repeat(3000), { ecLevel: 'H' }), /too long/);
});

test('text is encoded as UTF-8', () => {
  const reference = qrcode(0, 'M');
  reference.addData('\u00c3\u00a9', 'Byte'); // the two UTF-8 bytes of "é", one per character
  reference.make();
  const matrix = qrMatrix('é');
  assert.equal(modules(matrix), modules({ size: matrix.size, version: 0, isDark: (r, c) => reference.isDark(r, c) }));
});

test('colours must be hex with 3, 4, 6 or 8 digits', () => {
  for (const ok of ['#000', '#ffff', '#00ff00', '#00ff00cc', '#ABCDEF']) assert.ok(isHexColor(ok), ok);
  for (const bad of ['000', '#12', '#12345', '#1234567', '#gggggg', 'black', '']) assert.not.ok(isHexColor(bad), bad);
  assert.throws(() => qrToSvg('x', { dark: 'black' }), /hex colour/);
});

test('the SVG path covers exactly the dark modules', () => {
  const matrix = qrMatrix('hello');
  const dark = modules(matrix).join('').split('').filter((c) => c === '#').length;
  const covered = [...darkRuns(matrix)].reduce((sum, run) => sum + run.length, 0);
  assert.is(covered, dark);
  const path = qrToSvgPath(matrix);
  assert.is(path.split('M').length - 1, [...darkRuns(matrix)].length);
  assert.ok(path.startsWith('M0 0h7v1h-7z'), 'the top-left finder row is one run');
  assert.ok(qrToSvgPath(matrix, { cellSize: 10, offset: 16 }).startsWith('M16 16h70v10h-70z'));
});

test('layout: whole-pixel modules centred with at least the 16 px margin in 400 px', () => {
  const layout = qrLayout(21);
  assert.equal(layout, { size: 400, cellSize: 17, offset: 21 });
  assert.ok(qrLayout(57).offset >= 16);
});

test('the SVG is black on white by default', () => {
  const svg = qrToSvg('hello');
  assert.match(svg, '<rect width="400" height="400" fill="#ffffff"/>');
  assert.match(svg, '<path fill="#000000" d="M21 21h119v17h-119z');
});

function recordingCanvas() {
  const operations: string[] = [];
  const context: Canvas2D = {
    fillStyle: '',
    fillRect: (x, y, w, h) => void operations.push(`rect ${String(context.fillStyle)} ${x},${y} ${w}x${h}`),
    drawImage: (_image, x, y, w, h) => void operations.push(`image ${x},${y} ${w}x${h}`),
  };
  const canvas: CanvasLike = { width: 0, height: 0, getContext: () => context };
  return { canvas, operations };
}

test('drawQr paints the background, then the dark runs, sizing the canvas', () => {
  const { canvas, operations } = recordingCanvas();
  const matrix = drawQr(canvas, 'hello');
  assert.is(canvas.width, 400);
  assert.is(canvas.height, 400);
  assert.is(operations[0], 'rect #ffffff 0,0 400x400');
  assert.is(operations[1], 'rect #000000 21,21 119x17');
  assert.is(operations.length, 1 + [...darkRuns(matrix)].length);
});

test('drawQr takes colours, size, margin and a centred image of 40 px by default', () => {
  const { canvas, operations } = recordingCanvas();
  drawQr(canvas, 'hello', { size: 200, margin: 0, dark: '#123', light: '#fff0', image: {} as CanvasImageSource });
  assert.is(operations[0], 'rect #fff0 0,0 200x200');
  assert.ok(operations[1].startsWith('rect #123 '));
  assert.is(operations.at(-1), 'image 80,80 40x40');
  const { canvas: other, operations: more } = recordingCanvas();
  drawQr(other, qrMatrix('hello'), { image: {} as CanvasImageSource, imageSize: 60 });
  assert.is(more.at(-1), 'image 170,170 60x60');
});

test('a canvas without a 2d context is an error', () => {
  assert.throws(() => drawQr({ width: 0, height: 0, getContext: () => null }, 'x'), /2d context/);
});

test.run();
