#!/usr/bin/env node
// Runs every test group and ends with the plain line CI reads: `N passed, N failed`.
// Each group runs in its own process (uvu over one folder), so a DOM set-up in the component
// tests never leaks into the server tests. `node test/run.mjs server client` runs only those groups.
// The browser groups run once per engine, each run with its own count line: e2e (puppeteer) on chromium and firefox,
// flows (test/flows, the browser-neutral layer) on chromium, firefox and webkit. E2E_BROWSERS=chromium,firefox
// narrows the engines of both groups, E2E_SUITE_BROWSERS and FLOW_BROWSERS those of one group (CI spreads the engines
// over its two database runs that way, to stay within its time); an engine whose program is missing is skipped with a line saying why (never a silent pass),
// except chromium, the reference engine, whose absence fails the run.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const allGroups = ['typecheck', 'common', 'client', 'widgets', 'server', 'e2e', 'flows'];
const ENGINES = ['chromium', 'firefox', 'webkit'];
/** The engines each browser group can drive. */
const GROUP_ENGINES = { e2e: ['chromium', 'firefox'], flows: ENGINES };
// Where each engine's program is (the same table as test/setup/engines.ts, which the tests themselves read).
const PROGRAMS = {
  chromium: ['CHROME_PATH', '/usr/bin/chromium', 'chromium'],
  firefox: ['FIREFOX_PATH', '/usr/bin/firefox-esr', 'firefox-esr'],
  webkit: ['WEBKIT_DRIVER_PATH', '/usr/bin/WebKitWebDriver', 'webkit2gtk-driver xvfb'],
};
function enginesOf(variable, fallback) {
  const list = (process.env[variable] || fallback).split(',').map((e) => e.trim()).filter(Boolean);
  for (const engine of list) {
    if (!ENGINES.includes(engine)) {
      console.error(`${variable}: unknown engine ${engine} (one of ${ENGINES.join(', ')})`);
      process.exit(2);
    }
  }
  return list;
}
const allEngines = enginesOf('E2E_BROWSERS', ENGINES.join(','));
const wantedEngines = { e2e: enginesOf('E2E_SUITE_BROWSERS', allEngines.join(',')), flows: enginesOf('FLOW_BROWSERS', allEngines.join(',')) };
function missingEngine(engine) {
  const [variable, fallback, pkg] = PROGRAMS[engine];
  const path = process.env[variable] || fallback;
  return existsSync(path) ? null : `no ${engine} at ${path} (apt-get install -y ${pkg}, or set ${variable})`;
}
// Xvfb for WebKitGTK's MiniBrowser, needed only for the webkit runs.
function missingXvfb() {
  return ['/usr/bin/Xvfb', '/usr/local/bin/Xvfb'].some((p) => existsSync(p)) ? null : 'no Xvfb (apt-get install -y xvfb)';
}
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
function uvuCounts(label, { code, out }) {
  const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
  const total = Number(/Total:\s+(\d+)/.exec(plain)?.[1] ?? NaN);
  const passed = Number(/Passed:\s+(\d+)/.exec(plain)?.[1] ?? NaN);
  const skipped = Number(/Skipped:\s+(\d+)/.exec(plain)?.[1] ?? 0);
  // uvu names each failed test on a line `FAIL  <suite>  "<test>"`: kept for the recap at the end of the log.
  for (const line of plain.split('\n')) if (/^\s*FAIL\s/.test(line)) failures.push(`${label}: ${line.trim()}`);
  if (Number.isNaN(total) || Number.isNaN(passed)) {
    failures.push(`${label}: ended without uvu's summary (exit ${code})`);
    return { passed: 0, failed: 1 };
  }
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
/** One line per failed test (or crashed run), printed again at the end so the log's tail names them. */
const failures = [];
const skippedRuns = [];
const engineLines = [];
const started = Date.now();

async function browserRuns(group) {
  // The browser tests drive the built client: build it first (fast, and a failure is a test failure).
  const b = await run(process.execPath, ['build.mjs', '--quiet']);
  if (b.code !== 0) { failed += 1; failures.push(`${group}: the client build failed`); return; }
  for (const engine of GROUP_ENGINES[group].filter((e) => wantedEngines[group].includes(e))) {
    const label = `${group} on ${engine}`;
    console.log(`\n=== ${label} ===`);
    const missing = missingEngine(engine) ?? (engine === 'webkit' ? missingXvfb() : null);
    if (missing && engine !== 'chromium') {
      console.log(`SKIPPED ${label}: ${missing}`);
      skippedRuns.push(`${label}: ${missing}`);
      continue;
    }
    const t0 = Date.now();
    // test/setup/browser-runner.mjs is uvu's runner plus each file's time (`time <file> N s`, slowest first).
    const r = await run(process.execPath, ['--import', 'tsx', 'test/setup/browser-runner.mjs', `test/${group}`, '\\.test\\.tsx?$'],
      { TEST_GROUP: group, E2E_BROWSER: engine });
    const c = uvuCounts(label, r);
    passed += c.passed;
    failed += c.failed;
    const line = `${label}: ${c.passed} passed, ${c.failed} failed (${((Date.now() - t0) / 1000).toFixed(1)} s)`;
    engineLines.push(line);
    console.log(line);
  }
}

for (const group of groups) {
  console.log(`\n=== ${group} ===`);
  if (group === 'typecheck') {
    const r = await run(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit']);
    if (r.code === 0) passed += 1; else { failed += 1; failures.push('typecheck FAILED'); }
    console.log(r.code === 0 ? 'typecheck ok' : 'typecheck FAILED');
    continue;
  }
  if (!hasTests(group)) continue;
  if (group in GROUP_ENGINES) {
    await browserRuns(group);
    continue;
  }
  const r = await run(process.execPath, ['--import', 'tsx', 'node_modules/uvu/bin.js', `test/${group}`, '\\.test\\.tsx?$'],
    { TEST_GROUP: group });
  const c = uvuCounts(group, r);
  passed += c.passed;
  failed += c.failed;
}
// Each engine's count again, then the runs skipped for a missing browser, so the end of the log says both.
if (engineLines.length || skippedRuns.length) console.log('');
for (const line of engineLines) console.log(line);
for (const line of skippedRuns) console.log(`SKIPPED ${line}`);
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
