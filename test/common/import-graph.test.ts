// The layers of src/ point one way (docs/architecture.md): no import cycle anywhere, the server and the browser code
// import nothing of each other, and src/common imports nothing outside itself. A failure names the files.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fileURLToPath } from 'node:url';
import { buildImportGraph, crossings, describeCycles, findCycles, specifiers } from '../setup/import-graph';

const src = fileURLToPath(new URL('../../src', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/import-cycle', import.meta.url));
const graph = buildImportGraph(src);

test('src/ has no import cycle', () => {
  const cycles = findCycles(graph);
  assert.ok(graph.edges.size > 100, `read ${graph.edges.size} files under src/`);
  assert.is(cycles.length, 0, `import cycles in src/:\n${describeCycles(cycles)}`);
});

test('every relative import in src/ resolves to a file', () => {
  assert.equal(graph.unresolved, []);
});

test('the server imports nothing from the browser code, nor the browser code from the server', () => {
  assert.equal(crossings(graph, 'server', 'client'), [], 'server -> client');
  assert.equal(crossings(graph, 'server', 'widgets'), [], 'server -> widgets');
  assert.equal(crossings(graph, 'client', 'server'), [], 'client -> server');
  assert.equal(crossings(graph, 'widgets', 'server'), [], 'widgets -> server');
});

test('src/common imports only src/common', () => {
  for (const folder of ['server', 'client', 'widgets']) {
    assert.equal(crossings(graph, 'common', folder), [], `common -> ${folder}`);
  }
});

// The server's core: the files directly in src/server but the start-up ones (configuration, logging, the services
// bag, cache counters), and the folders of the settings' parsers, the database, HTTP (context, router, route entries)
// and authentication with the access checks the router runs before every handler. Features (every other folder)
// import it; it imports none of them. Start-up (app.ts, start.ts, main.ts, cli.ts) may import anything.
const START_UP = ['app.ts', 'start.ts', 'main.ts', 'cli.ts'].map((f) => `server/${f}`);
const CORE_FOLDERS = ['settings', 'db', 'http', 'auth'].map((f) => `server/${f}/`);
const inCore = (file: string) =>
  (/^server\/[^/]+$/.test(file) && !START_UP.includes(file)) || CORE_FOLDERS.some((folder) => file.startsWith(folder));

test('the server core imports only the core and src/common, never a feature folder', () => {
  const intoFeatures: string[] = [];
  for (const [file, targets] of graph.edges) {
    if (!inCore(file)) continue;
    for (const target of targets) if (!inCore(target) && !target.startsWith('common/')) intoFeatures.push(`${file} -> ${target}`);
  }
  assert.ok([...graph.edges.keys()].filter(inCore).length > 30, 'the core list names existing files');
  assert.equal(intoFeatures, []);
});

test('the same checker fails on a deliberate cycle, naming its files and an example path', () => {
  const cycles = findCycles(buildImportGraph(fixture));
  assert.equal(cycles.map((c) => c.files), [['a.ts', 'b/index.ts', 'c.tsx']]);
  assert.equal(cycles[0].path, ['a.ts', 'b/index.ts', 'c.tsx', 'a.ts']);
  const message = describeCycles(cycles);
  assert.match(message, 'cycle 1 (3 files): a.ts, b/index.ts, c.tsx');
  assert.match(message, 'a.ts -> b/index.ts -> c.tsx -> a.ts');
  assert.not.match(message, 'd.ts');
});

test('every kind of import is an arrow; comments and strings are not', () => {
  const text = [
    "import type { A } from './a';",
    'import {',
    '  b,',
    "  type B,",
    "} from './b';",
    "export * as c from './c';",
    "export { d } from \"./d\";",
    "import './e.css';",
    "const f = () => import('./f');",
    "type G = typeof import('./g');",
    "// import { h } from './h';",
    "/* export { i } from './i'; */",
    "const j = \"import k from './k'\";",
    "const url = 'http://example.org/'; import { l } from './l';",
    "declare module './m' {",
    '  interface M { n: number }',
    '}',
  ].join('\n');
  assert.equal(specifiers(text), ['./a', './b', './c', './d', './l', './e.css', './f', './g', './m']);
});

test.run();
