#!/usr/bin/env node
// Builds everything with esbuild's JS API into dist/:
//   dist/client/   the React client: ES modules split per feature area, hashed names, minified, source maps;
//                  static/ copied over, index.html pointing at the hashed entry files
//   dist/client/widgets.js   the Lit elements alone (no React), for any page of the platform
//   dist/server/   the API server as one ES module (dependencies stay in node_modules) and its migrations
// Prints a size report (raw and gzip) from esbuild's metafile.
// Flags: --if-needed (skip when dist/ is newer than every source), --quiet, --dev (no minify).
import * as esbuild from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const args = new Set(process.argv.slice(2));
const quiet = args.has('--quiet');
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
    statSync(join(root, 'build.mjs')).mtimeMs,
    statSync(join(root, 'package.json')).mtimeMs,
  );
  return built >= sources;
}

if (args.has('--if-needed') && upToDate()) {
  if (!quiet) console.log('build: dist/ is up to date');
  process.exit(0);
}

const started = performance.now();
rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, 'client'), { recursive: true });

const common = { bundle: true, minify, sourcemap: true, metafile: true, logLevel: 'warning', legalComments: 'none' };

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
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
  }),
  esbuild.build({
    ...common,
    minify: false,
    entryPoints: { main: 'src/server/main.ts' },
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
writeFileSync(stamp, new Date().toISOString());
const ms = performance.now() - started;

// The size report, and what a first page load fetches (the entry with its static imports, and its CSS).
const outputs = { ...client.metafile.outputs, ...featureCss.metafile.outputs, ...widgets.metafile.outputs };
const rows = Object.entries(outputs)
  .filter(([file]) => !file.endsWith('.map'))
  .map(([file]) => {
    const buf = readFileSync(join(root, file));
    return { file: relative('dist', file), raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  })
  .sort((a, b) => b.raw - a.raw);
const firstLoad = new Set([entry[0]]);
for (const imp of entry[1].imports) if (imp.kind === 'import-statement') firstLoad.add(imp.path);
if (entry[1].cssBundle) firstLoad.add(entry[1].cssBundle);
const firstLoadRows = rows.filter((r) => firstLoad.has(join('dist', r.file)));
const sum = (list, key) => list.reduce((s, r) => s + r[key], 0);
const report = {
  buildMs: Math.round(ms),
  files: rows,
  firstLoad: { files: firstLoadRows.map((r) => r.file), raw: sum(firstLoadRows, 'raw'), gzip: sum(firstLoadRows, 'gzip') },
  serverBytes: statSync(join(dist, 'server/main.js')).size,
};
writeFileSync(join(dist, 'build-report.json'), JSON.stringify(report, null, 2));
if (!quiet) {
  const kb = (n) => (n / 1024).toFixed(1).padStart(7) + ' KB';
  console.log(`build: ${report.buildMs} ms`);
  for (const r of rows) console.log(`  ${kb(r.raw)} ${kb(r.gzip)} gz  ${r.file}`);
  console.log(`  first load: ${kb(report.firstLoad.raw)} ${kb(report.firstLoad.gzip)} gz  (${report.firstLoad.files.map((f) => basename(f)).join(', ')})`);
}
void server;
