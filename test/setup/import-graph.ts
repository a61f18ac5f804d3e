// The import graph of a source folder, and its cycles. A cycle means no file of it can be read, tested or moved
// without all the others, which is what test/common/import-graph.test.ts keeps out of src/ (docs/architecture.md).
//
// Every relative specifier counts as an arrow: `import`, `import type`, `export ... from`, a side-effect import, a
// dynamic `import('...')` (a lazy import still ties the two files together) and `declare module '...'` (a file that
// adds a field to another module's interface depends on it). Specifiers resolve as esbuild and
// `moduleResolution: bundler` do: the path itself, then `.ts`, `.tsx`, then `index.ts` / `index.tsx` in a folder.
// Package imports (`react`, `node:fs`) are not arrows. Comments are dropped first, so a sentence in a comment that
// looks like an import is not one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export interface ImportGraph {
  /** The folder the graph was built from; every name below is relative to it, with `/`. */
  root: string;
  /** file -> the files it imports (relative specifiers that resolved). */
  edges: Map<string, string[]>;
  /** Relative specifiers that resolved to no file: `file: specifier`. */
  unresolved: string[];
}

const SOURCE = /\.(ts|tsx)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The text with comments blanked out; string and template literals are kept as they are. */
export function withoutComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i += 1;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      out += ' ';
    } else if (c === '"' || c === "'" || c === '`') {
      // Copy the literal whole, so a `//` inside a URL string is not taken for a comment. A quote or double quote
      // literal ends at the line's end at the latest, so a quote inside a regular expression spoils one line only.
      let j = i + 1;
      while (j < text.length && text[j] !== c && (c === '`' || text[j] !== '\n')) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

// `import x from '…'`, `import type { X } from '…'`, `export { x } from '…'`, `export * as n from '…'`: an
// import or export statement whose clause (no quotes in it) ends in `from '…'`.
const FROM = /(?:^|[;}\n])\s*(?:import|export)\b[^'"`;]*?\bfrom\s*(['"])([^'"\n]+)\1/g;
// `import '…'` (side effects only).
const BARE = /(?:^|[;}\n])\s*import\s*(['"])([^'"\n]+)\1/g;
// `import('…')`, including `typeof import('…')` in a type.
const DYNAMIC = /\bimport\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g;
// `declare module '…' { … }`: a file that adds to another module's types depends on it.
const AUGMENT = /\bdeclare\s+module\s*(['"])([^'"\n]+)\1/g;

/** Every specifier a source text imports or re-exports, in order of appearance, without duplicates. */
export function specifiers(text: string): string[] {
  const code = withoutComments(text);
  const found = new Set<string>();
  for (const pattern of [FROM, BARE, DYNAMIC, AUGMENT]) {
    for (const m of code.matchAll(pattern)) found.add(m[2]);
  }
  return [...found];
}

function resolveSpecifier(fromFile: string, specifier: string): string | undefined {
  const base = resolve(dirname(fromFile), specifier);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const name = (root: string, file: string) => relative(root, file).split(sep).join('/');

/** Reads every .ts/.tsx file under `root` and returns who imports whom (arrows leaving `root` are kept too). */
export function buildImportGraph(root: string): ImportGraph {
  const absRoot = resolve(root);
  const edges = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const file of sourceFiles(absRoot)) {
    const targets: string[] = [];
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = resolveSpecifier(file, spec);
      if (target === undefined) {
        // A JSON or CSS import is an asset, not a module of the graph; anything else that does not resolve is reported.
        if (!/\.(json|css)$/.test(spec)) unresolved.push(`${name(absRoot, file)}: ${spec}`);
        continue;
      }
      if (SOURCE.test(target)) targets.push(name(absRoot, target));
    }
    edges.set(name(absRoot, file), [...new Set(targets)].sort());
  }
  return { root: absRoot, edges, unresolved };
}

/**
 * The cycles of the graph: each strongly connected component of more than one file (or a file importing itself),
 * as its files sorted, followed by one closed path through them that shows the arrows (`a -> b -> a`).
 * Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
 */
export function findCycles(graph: ImportGraph): { files: string[]; path: string[] }[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  const next = (file: string) => graph.edges.get(file) ?? [];

  for (const start of [...graph.edges.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { file: string; child: number }[] = [{ file: start, child: 0 }];
    index.set(start, counter);
    low.set(start, counter);
    counter += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const children = next(frame.file);
      if (frame.child < children.length) {
        const child = children[frame.child];
        frame.child += 1;
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter);
          counter += 1;
          stack.push(child);
          onStack.add(child);
          work.push({ file: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.file, Math.min(low.get(frame.file)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].file;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.file)!));
      }
      if (low.get(frame.file) === index.get(frame.file)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.file);
        const selfLoop = component.length === 1 && next(member).includes(member);
        if (component.length > 1 || selfLoop) components.push(component.sort());
      }
    }
  }
  return components
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map((files) => ({ files, path: closedPath(files, next) }));
}

// A shortest path from the component's first file back to itself, staying inside the component (breadth first).
function closedPath(files: string[], next: (file: string) => string[]): string[] {
  const inside = new Set(files);
  const start = files[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const target of next(file)) {
      if (!inside.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = file; at !== start; at = cameFrom.get(at)!) path.unshift(at);
        path.unshift(start);
        return path;
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return files;
}

/** One line per cycle, for a failing assertion's message. */
export function describeCycles(cycles: { files: string[]; path: string[] }[]): string {
  return cycles
    .map((c, i) => `cycle ${i + 1} (${c.files.length} files): ${c.files.join(', ')}\n  e.g. ${c.path.join(' -> ')}`)
    .join('\n');
}

/** Arrows from files under `fromFolder` to files under `toFolder` (both relative to the graph's root), as `a -> b`. */
export function crossings(graph: ImportGraph, fromFolder: string, toFolder: string): string[] {
  const under = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);
  const out: string[] = [];
  for (const [file, targets] of graph.edges) {
    if (!under(file, fromFolder)) continue;
    for (const target of targets) if (under(target, toFolder)) out.push(`${file} -> ${target}`);
  }
  return out.sort();
}
