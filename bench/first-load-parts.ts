// What the first load is made of (prints figures, asserts nothing): `npm run bench -- first-load-parts [--modules]`.
// - the libraries' floor: React, React DOM, the scheduler and history bundled with a one-line app, as the build
//   bundles the client (minified, ES2022), gzip level 9, Zopfli (as the build writes the first load's gzip copies)
//   and brotli 11: what no shell, however small, gets under;
// - the first load as bundled (the entry and the chunks it imports statically; CSS is left to the build's report);
// - the shell parts a visitor does not need (the signed-in menus, the alert area, the announcer, the popup outlet,
//   the navigation state), left out together: what moving them to a lazy chunk could save;
// - with --modules, each shell module left out alone (an empty stand-in with its exports), so what it and everything
//   only it imports cost, gzip level 9.
// The client's esbuild options here follow build.mjs's (docs/client.md, "First load budget").
import * as esbuild from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { loadZopfli } from '../scripts/zopfli.mjs';

const zopfliGzip = await loadZopfli();

const clientOptions: esbuild.BuildOptions = {
  bundle: true,
  minify: true,
  write: false,
  metafile: true,
  outdir: join(tmpdir(), 'first-load-parts'),
  format: 'esm',
  splitting: true,
  platform: 'browser',
  target: ['es2022'],
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"', __FEATURE_CSS__: '"features.css"' },
  loader: { '.svg': 'file', '.png': 'file' },
  legalComments: 'none',
  logLevel: 'silent',
};

interface Sizes { raw: number; gzip: number; zopfli: number; brotli: number }

async function sizesOf(files: Uint8Array[]): Promise<Sizes> {
  const sizes: Sizes = { raw: 0, gzip: 0, zopfli: 0, brotli: 0 };
  for (const file of files) {
    sizes.raw += file.length;
    sizes.gzip += gzipSync(file, { level: 9 }).length;
    sizes.zopfli += (await zopfliGzip(file, { numiterations: 5 })).length;
    sizes.brotli += brotliCompressSync(file, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return sizes;
}

/** The output of the entry itself (a dynamic import's chunk has an entryPoint too). */
function entryOutput(outputs: esbuild.Metafile['outputs'], entry: string): string {
  const entryPoint = relative(process.cwd(), entry).split(sep).join('/');
  return Object.keys(outputs).find((file) => outputs[file].entryPoint === entryPoint)!;
}

/** The entry's JS and every chunk it imports statically, bundled with some modules replaced by empty stand-ins. */
async function firstLoadJs(entry: string, standIns: ReadonlyMap<string, string> = new Map()): Promise<Uint8Array[]> {
  const result = await esbuild.build({
    ...clientOptions,
    entryPoints: { main: entry },
    plugins: [{
      name: 'stand-ins',
      setup(build) {
        build.onLoad({ filter: /.*/ }, (args) => (standIns.has(args.path) ? { contents: standIns.get(args.path), loader: 'tsx' } : undefined));
      },
    }],
  });
  const outputs = result.metafile!.outputs;
  const entryFile = entryOutput(outputs, entry);
  const files = new Set([entryFile]);
  for (const file of files) {
    for (const imported of outputs[file].imports) if (imported.kind === 'import-statement' && !imported.external) files.add(imported.path);
  }
  const contents = new Map(result.outputFiles!.map((file) => [file.path, file.contents]));
  return [...files].map((file) => contents.get(resolve(file))!);
}

/** An empty stand-in for a module: its exports, each undefined. */
async function standInFor(module: string): Promise<string> {
  const result = await esbuild.build({ entryPoints: [module], write: false, metafile: true, format: 'esm', outdir: clientOptions.outdir, jsx: 'automatic', logLevel: 'silent' });
  const exports = Object.values(result.metafile!.outputs)[0].exports;
  return exports.map((name) => (name === 'default' ? 'export default undefined;' : `export const ${name} = undefined;`)).join('\n');
}

const kb = (n: number) => n.toLocaleString('en-US').padStart(8);
const line = (label: string, s: Sizes) => console.log(`${label.padEnd(46)} raw ${kb(s.raw)}  gzip-9 ${kb(s.gzip)}  zopfli ${kb(s.zopfli)}  brotli-11 ${kb(s.brotli)}`);

// Inside node_modules, so that the one-line app finds React where the client does.
mkdirSync('node_modules/.cache', { recursive: true });
const scratch = mkdtempSync(join('node_modules/.cache', 'first-load-floor-'));
try {
  const floorEntry = join(scratch, 'floor.tsx');
  writeFileSync(floorEntry, [
    "import { StrictMode, use, useState, useSyncExternalStore } from 'react';",
    "import { createRoot } from 'react-dom/client';",
    "import { createHashHistory } from 'history';",
    'console.log(use, useState, useSyncExternalStore, createHashHistory);',
    "createRoot(document.getElementById('root')!).render(<StrictMode><p>home</p></StrictMode>);",
  ].join('\n'));
  const floor = await sizesOf(await firstLoadJs(floorEntry));
  line('libraries alone (React, React DOM, history)', floor);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const entry = 'src/client/main.tsx';
const whole = await sizesOf(await firstLoadJs(entry));
line('first load JS (the shell with the libraries)', whole);

const visitorNeedsNot = [
  'src/client/layout/navbar/navbar-menus.ts',
  'src/client/components/alert-area.tsx',
  'src/client/components/live-announcer.tsx',
  'src/client/components/popup/popup-route.tsx',
  'src/client/lib/navigation-state.ts',
];
const without = new Map<string, string>();
for (const module of visitorNeedsNot) without.set(resolve(module), await standInFor(module));
line('  without what a visitor does not need', await sizesOf(await firstLoadJs(entry, without)));

if (process.argv.includes('--modules')) {
  const result = await esbuild.build({ ...clientOptions, entryPoints: { main: entry } });
  const shellModules = new Set<string>();
  const outputs = result.metafile!.outputs;
  const entryFile = entryOutput(outputs, entry);
  const files = new Set([entryFile]);
  for (const file of files) {
    for (const imported of outputs[file].imports) if (imported.kind === 'import-statement' && !imported.external) files.add(imported.path);
    for (const input of Object.keys(outputs[file].inputs)) if (input.startsWith('src/') && /\.tsx?$/.test(input) && input !== entry) shellModules.add(input);
  }
  const gzipOf = async (standIns?: Map<string, string>) => (await firstLoadJs(entry, standIns)).reduce((sum, file) => sum + gzipSync(file, { level: 9 }).length, 0);
  const base = await gzipOf();
  const rows: [number, string][] = [];
  for (const module of shellModules) {
    try {
      rows.push([base - (await gzipOf(new Map([[resolve(module), await standInFor(module)]]))), module]);
    } catch {
      rows.push([Number.NaN, module]); // a module the entry cannot do without even as a stand-in
    }
  }
  console.log('each shell module left out alone (gzip-9 bytes it and what only it imports add):');
  for (const [bytes, module] of rows.sort((a, b) => b[0] - a[0])) console.log(`  ${String(bytes).padStart(6)}  ${module}`);
}
