#!/usr/bin/env node
// Builds everything with esbuild's JS API into dist/:
//   dist/client/   the React client: ES modules split per feature area, hashed names, minified, source maps;
//                  static/ copied over, index.html pointing at the hashed entry files
//   dist/client/widgets.js   the Lit elements alone (no React), for any page of the platform; also as
//                  widgets-<hash>.js, each with its source map, plus custom-elements.json and the widgets.html demo
//                  (docs/widgets.md)
//   dist/server/   the API server as one ES module (dependencies stay in node_modules), import-mp.js (the import
//                  command, for the container image) and the migrations
// Prints a size report (raw and gzip) from esbuild's metafile: every file (`npm run build`), or with --brief one line
// of build time and first-load total (`npm start`, whose console should show the server's address and the admin
// password, not sixty rows of chunks).
// Flags: --if-needed (skip when dist/ is newer than every source), --brief, --quiet, --dev (no minify).
import * as esbuild from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { widgetsManifest } from './scripts/widgets-manifest.mjs';
import { loadZopfli } from './scripts/zopfli.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const args = new Set(process.argv.slice(2));
const quiet = args.has('--quiet');
const brief = args.has('--brief');
const minify = !args.has('--dev');
const dist = join(root, 'dist');
const stamp = join(dist, '.build-stamp');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function upToDate() {
  if (!existsSync(stamp)) return false;
  const built = statSync(stamp).mtimeMs;
  const sources = Math.max(
    newestMtime(join(root, 'src')),
    newestMtime(join(root, 'static')),
    newestMtime(join(root, 'scripts')),
    statSync(join(root, 'build.mjs')).mtimeMs,
    statSync(join(root, 'package.json')).mtimeMs,
  );
  return built >= sources;
}

const bytes = (n) => `${n.toLocaleString('en-US')} B`;
if (args.has('--if-needed') && upToDate()) {
  const built = existsSync(join(dist, 'build-report.json')) ? JSON.parse(readFileSync(join(dist, 'build-report.json'), 'utf8')) : null;
  if (!quiet) console.log(`build: dist/ is up to date${built ? ` (first load ${bytes(built.firstLoad.brotli)} brotli, ${bytes(built.firstLoad.gzip)} gzip)` : ''}`);
  process.exit(0);
}

const started = performance.now();
rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, 'client'), { recursive: true });

const common = { bundle: true, minify, sourcemap: true, metafile: true, logLevel: 'warning', legalComments: 'none' };

// The widgets take their built-in labels from the app's dictionaries (src/widgets/shared/i18n.ts). Whoever bundles
// them gets only the keys label-keys.json and value-keys.json name, so widgets.js stays small; a key missing from a dictionary fails
// the build. The server's own import of the dictionaries (src/server/i18n) is left whole.
const WIDGETS_GZIP_BUDGET = 12 * 1024;
// What the first page load fetches (the entry, its static imports and its CSS) as the server sends it: the shell stays
// small, and everything else is a lazily loaded chunk (docs/client.md, "Layout and widths"). Brotli is what Chromium
// (and Firefox and Safari over https) ask for and get; gzip is what any browser takes.
const FIRST_LOAD_BROTLI_BUDGET = 80_000;
const FIRST_LOAD_GZIP_BUDGET = 87_000;
const widgetLabelKeys = [...new Set(['label-keys.json', 'value-keys.json']
  .flatMap((file) => Object.values(JSON.parse(readFileSync(join(root, 'src/widgets/shared', file), 'utf8'))))
  .flatMap((labels) => Object.values(labels)))];
const widgetDictionaries = {
  name: 'widget-dictionaries',
  setup(build) {
    build.onResolve({ filter: /static\/i18n\/[a-z-]+\.json$/ }, (args) =>
      args.importer.includes(`${sep}src${sep}widgets${sep}`)
        // A path relative to the repository: it names the source in the public source map.
        ? { path: relative(root, resolve(args.resolveDir, args.path)).split(sep).join('/'), namespace: 'widget-dictionary' }
        : undefined);
    build.onLoad({ filter: /.*/, namespace: 'widget-dictionary' }, (args) => {
      const dictionary = JSON.parse(readFileSync(join(root, args.path), 'utf8'));
      const picked = {};
      for (const key of widgetLabelKeys) {
        const parts = key.split('.');
        const text = parts.reduce((node, part) => (node && typeof node === 'object' ? node[part] : undefined), dictionary);
        if (typeof text !== 'string') return { errors: [{ text: `${args.path} has no text for ${key}` }] };
        let node = picked;
        for (const part of parts.slice(0, -1)) node = node[part] ??= {};
        node[parts.at(-1)] = text;
      }
      return { contents: JSON.stringify(picked), loader: 'json' };
    });
  },
};

// The feature screens' stylesheet first: the client learns its hashed name through a define.
const featureCss = await esbuild.build({
  ...common,
  entryPoints: { features: 'src/client/styles/features.css' },
  outdir: 'dist/client/assets',
  entryNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
});
const featureCssFile = Object.keys(featureCss.metafile.outputs).find((f) => f.endsWith('.css'));
const featureCssHref = relative('dist/client', featureCssFile);

const [client, widgets, server] = await Promise.all([
  esbuild.build({
    ...common,
    entryPoints: { main: 'src/client/main.tsx' },
    outdir: 'dist/client/assets',
    format: 'esm',
    splitting: true,
    platform: 'browser',
    target: ['es2022'],
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    jsx: 'automatic',
    plugins: [widgetDictionaries],
    define: {
      'process.env.NODE_ENV': minify ? '"production"' : '"development"',
      __FEATURE_CSS__: JSON.stringify(featureCssHref),
    },
    loader: { '.svg': 'file', '.png': 'file' },
  }),
  esbuild.build({
    ...common,
    entryPoints: { widgets: 'src/widgets/index.ts' },
    outdir: 'dist/client',
    entryNames: '[name]-[hash]',
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    plugins: [widgetDictionaries],
  }),
  esbuild.build({
    ...common,
    minify: false,
    // The embedded database's thread (src/server/db/pglite-thread.ts) loads pglite-worker.js from beside main.js;
    // import-mp.js is `npm run import-mp` for the container image, which has no sources (docs/deploy.md).
    entryPoints: { main: 'src/server/main.ts', 'pglite-worker': 'src/server/db/pglite-worker.ts', 'import-mp': 'src/server/import-mp/main.ts' },
    outdir: 'dist/server',
    format: 'esm',
    platform: 'node',
    target: ['node20'],
    packages: 'external',
  }),
]);

// static/ as it is, then index.html with the hashed entry files written in.
cpSync(join(root, 'static'), join(dist, 'client'), { recursive: true });
cpSync(join(root, 'src/server/db/migrations'), join(dist, 'server/migrations'), { recursive: true });
// The list of common passwords (auth/common-passwords.ts), read beside the server bundle as beside its source.
cpSync(join(root, 'src/server/auth/common-passwords.txt.gz'), join(dist, 'server/common-passwords.txt.gz'));
const entry = Object.entries(client.metafile.outputs).find(([, o]) => o.entryPoint === 'src/client/main.tsx');
const entryJs = relative('dist/client', entry[0]);
const entryCss = entry[1].cssBundle ? relative('dist/client', entry[1].cssBundle) : null;
const template = readFileSync(join(root, 'static/index.html'), 'utf8');
writeFileSync(
  join(dist, 'client/index.html'),
  template
    .replace('<!--app-css-->', entryCss ? `<link rel="stylesheet" href="${entryCss}">` : '')
    .replace('<!--app-js-->', `<script type="module" src="${entryJs}"></script>`),
);

// widgets.js: the hashed bundle again under a stable name (revalidated, where widgets-<hash>.js is cached for good),
// with its own copy of the source map; then the manifest and the demo page that names the hashed file.
const widgetsFile = Object.keys(widgets.metafile.outputs).find((f) => f.endsWith('.js'));
const widgetsHashed = basename(widgetsFile);
writeFileSync(
  join(dist, 'client/widgets.js'),
  readFileSync(join(root, widgetsFile), 'utf8').replace(`sourceMappingURL=${widgetsHashed}.map`, 'sourceMappingURL=widgets.js.map'),
);
cpSync(join(root, `${widgetsFile}.map`), join(dist, 'client/widgets.js.map'));
writeFileSync(join(dist, 'client/custom-elements.json'), JSON.stringify(widgetsManifest(root), null, 2));
writeFileSync(
  join(dist, 'client/widgets.html'),
  readFileSync(join(root, 'static/widgets.html'), 'utf8').replaceAll('%WIDGETS_HASHED%', widgetsHashed),
);

// The entry and every chunk it imports statically, also through another chunk (what the browser fetches before the
// app runs; test/e2e/first-load.test.ts holds the two to be the same files).
const firstLoad = new Set([entry[0]]);
for (const file of firstLoad) {
  for (const imp of client.metafile.outputs[file].imports) if (imp.kind === 'import-statement' && !imp.external) firstLoad.add(imp.path);
}
if (entry[1].cssBundle) firstLoad.add(entry[1].cssBundle);

// Every compressible file of the client, compressed once at the best ratio into <file>.br (brotli quality 11) and
// <file>.gz (gzip level 9) beside it, which the server sends as they are (src/server/http/static-files.ts) instead of
// compressing on a request at a speed it can afford. Source maps are left to the server: they are most of the bytes
// (quality 11 would add seconds to every build) and only developer tools fetch them. Files of 512 bytes or less are
// sent as they are (the server's threshold), so they get no twins. The first load's gzip twins come from Zopfli
// (@gfx/zopfli): ordinary gzip that every client inflates, 3 to 4 % smaller than level 9 but slow (about 5 s for the
// whole client, 1 s for the first load), so only the files every visitor fetches first get it (a browser that does
// not ask for brotli, such as Firefox over plain http, gets gzip).
const compressedBytes = new Map(); // dist-relative file -> { gzip, brotli }, as written
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const zopfliGzip = await loadZopfli();
const PRECOMPRESSED = /\.(html|js|mjs|css|json|svg|txt|webmanifest)$/;
const clientFiles = (dir) => readdirSync(dir, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? clientFiles(join(dir, e.name)) : [join(dir, e.name)]));
await Promise.all(clientFiles(join(dist, 'client')).filter((file) => PRECOMPRESSED.test(file)).map(async (file) => {
  const body = readFileSync(file);
  if (body.length <= 512) {
    compressedBytes.set(relative(dist, file), { gzip: body.length, brotli: body.length });
    return;
  }
  const [br, gz] = await Promise.all([
    brotliAsync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    firstLoad.has(relative(root, file)) ? zopfliGzip(body, { numiterations: 5 }) : gzipAsync(body, { level: 9 }),
  ]);
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  compressedBytes.set(relative(dist, file), { gzip: gz.length, brotli: br.length });
}));
writeFileSync(stamp, new Date().toISOString());
const ms = performance.now() - started;

// The size report (raw, and each file as the server sends it gzip- or brotli-encoded), and what a first page load
// fetches (the entry with its static imports, and its CSS).
const outputs = { ...client.metafile.outputs, ...featureCss.metafile.outputs, ...widgets.metafile.outputs };
const rows = [...Object.keys(outputs), 'dist/client/widgets.js']
  .filter((file) => !file.endsWith('.map'))
  .map((file) => {
    const buf = readFileSync(join(root, file));
    const sizes = compressedBytes.get(relative('dist', file)) ?? { gzip: buf.length, brotli: buf.length }; // an image goes as it is
    return { file: relative('dist', file), raw: buf.length, gzip: sizes.gzip, brotli: sizes.brotli };
  })
  .sort((a, b) => b.raw - a.raw);
const firstLoadRows = rows.filter((r) => firstLoad.has(join('dist', r.file)));
const sum = (list, key) => list.reduce((s, r) => s + r[key], 0);
const report = {
  buildMs: Math.round(ms),
  files: rows,
  firstLoad: { files: firstLoadRows.map((r) => r.file), raw: sum(firstLoadRows, 'raw'), gzip: sum(firstLoadRows, 'gzip'), brotli: sum(firstLoadRows, 'brotli'), budgets: { gzip: FIRST_LOAD_GZIP_BUDGET, brotli: FIRST_LOAD_BROTLI_BUDGET } },
  serverBytes: statSync(join(dist, 'server/main.js')).size,
  widgets: { file: 'client/widgets.js', hashed: `client/${widgetsHashed}`, gzip: rows.find((r) => r.file === 'client/widgets.js').gzip },
};
writeFileSync(join(dist, 'build-report.json'), JSON.stringify(report, null, 2));
if (brief && !quiet) {
  console.log(`build: ${report.buildMs} ms, first load ${bytes(report.firstLoad.brotli)} brotli (budget ${bytes(FIRST_LOAD_BROTLI_BUDGET)}), ${bytes(report.firstLoad.gzip)} gzip (budget ${bytes(FIRST_LOAD_GZIP_BUDGET)}); \`npm run build\` lists every file`);
} else if (!quiet) {
  const kb = (n) => (n / 1024).toFixed(1).padStart(7) + ' KB';
  console.log(`build: ${report.buildMs} ms`);
  for (const r of rows) console.log(`  ${kb(r.raw)} ${kb(r.gzip)} gz ${kb(r.brotli)} br  ${r.file}`);
  console.log(`  first load: ${kb(report.firstLoad.raw)} ${kb(report.firstLoad.gzip)} gz ${kb(report.firstLoad.brotli)} br  (${report.firstLoad.files.map((f) => basename(f)).join(', ')}; ${bytes(report.firstLoad.brotli)} brotli, budget ${bytes(FIRST_LOAD_BROTLI_BUDGET)}; ${bytes(report.firstLoad.gzip)} gzip, budget ${bytes(FIRST_LOAD_GZIP_BUDGET)})`);
}
for (const [encoding, budget] of [['brotli', FIRST_LOAD_BROTLI_BUDGET], ['gzip', FIRST_LOAD_GZIP_BUDGET]]) {
  if (report.firstLoad[encoding] > budget) {
    console.error(`build: the first load is ${report.firstLoad[encoding]} bytes ${encoding}-encoded, over its budget of ${budget}`);
    process.exit(1);
  }
}
if (report.widgets.gzip > WIDGETS_GZIP_BUDGET) {
  console.error(`build: widgets.js is ${report.widgets.gzip} bytes gzipped, over its budget of ${WIDGETS_GZIP_BUDGET}`);
  process.exit(1);
}
void server;
