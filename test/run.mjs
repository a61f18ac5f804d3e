#!/usr/bin/env node
// Runs every test group and ends with the plain line CI reads: `N passed, N failed`.
// Each group runs in its own process (uvu over one folder), so a DOM set-up in the component
// tests never leaks into the server tests. `node test/run.mjs server client` runs only those groups.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const allGroups = ['typecheck', 'common', 'client', 'widgets', 'server', 'e2e'];
const wanted = process.argv.slice(2);
const groups = wanted.length ? allGroups.filter((g) => wanted.includes(g)) : allGroups;

function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const keep = (chunk) => {
      const s = chunk.toString();
      out += s;
      process.stdout.write(s);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

// uvu prints "Total: N / Passed: N / Skipped: N"; a crash before the summary counts as one failure.
function uvuCounts({ code, out }) {
  const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
  const total = Number(/Total:\s+(\d+)/.exec(plain)?.[1] ?? NaN);
  const passed = Number(/Passed:\s+(\d+)/.exec(plain)?.[1] ?? NaN);
  const skipped = Number(/Skipped:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  if (Number.isNaN(total) || Number.isNaN(passed)) return { passed: 0, failed: 1 };
  const failed = total - passed - skipped;
  return { passed, failed: failed > 0 ? failed : code === 0 ? 0 : 1 };
}

function hasTests(dir) {
  const abs = `${root}/test/${dir}`;
  if (!existsSync(abs)) return false;
  const walk = (d) => readdirSync(d, { withFileTypes: true }).some((e) =>
    e.isDirectory() ? walk(`${d}/${e.name}`) : /\.test\.tsx?$/.test(e.name));
  return walk(abs);
}

let passed = 0;
let failed = 0;
const started = Date.now();
for (const group of groups) {
  console.log(`\n=== ${group} ===`);
  if (group === 'typecheck') {
    const r = await run(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit']);
    if (r.code === 0) passed += 1; else failed += 1;
    console.log(r.code === 0 ? 'typecheck ok' : 'typecheck FAILED');
    continue;
  }
  if (!hasTests(group)) continue;
  if (group === 'e2e') {
    // The browser tests drive the built client: build it first (fast, and a failure is a test failure).
    const b = await run(process.execPath, ['build.mjs', '--quiet']);
    if (b.code !== 0) { failed += 1; continue; }
  }
  const r = await run(process.execPath, ['--import', 'tsx', 'node_modules/uvu/bin.js', `test/${group}`, '\\.test\\.tsx?$'],
    { TEST_GROUP: group });
  const c = uvuCounts(r);
  passed += c.passed;
  failed += c.failed;
}
console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
