// uvu's own runner (uvu/run) for the browser groups, with the wall time of each test file printed: the browser
// suites are the slowest part of CI, and a per-file figure shows where the time goes (browser start, server start,
// a slow screen). Run as `node --import tsx test/setup/browser-runner.mjs test/e2e [pattern]`; it prints uvu's usual
// output and summary (test/run.mjs reads that), then `time <file> <seconds> s` per file, slowest first.
// What the files share is made once and ended here: the browser (test/setup/browser.ts), so the process ends at once,
// and the PostgreSQL template database.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'uvu/parse';

const [dir = 'test/e2e', pattern = '\\.test\\.tsx?$'] = process.argv.slice(2);
const ctx = await parse(dir, pattern, { cwd: process.cwd() });

globalThis.UVU_DEFER = 1;
// The files share one browser (test/setup/browser.ts) and one PostgreSQL template (dropTemplatesAfterFile in
// test/setup/browser-session.ts) while this is set; both are ended below.
globalThis[Symbol.for('mp.browserRunner')] = true;
const uvu = await import('uvu');
const importStarted = performance.now();
let index = 0;
for (const file of ctx.suites) {
  globalThis.UVU_INDEX = index++;
  globalThis.UVU_QUEUE.push([file.name]);
  await import(pathToFileURL(resolve(file.file)).href);
}
const importSeconds = (performance.now() - importStarted) / 1000;

// Each file's group in uvu's queue is [name, ...suite runs]: time from its first run's start to its last run's end.
const times = [];
for (const group of globalThis.UVU_QUEUE) {
  const [name] = group;
  if (name == null || group.length < 2) continue;
  const entry = { name, seconds: 0 };
  times.push(entry);
  let started = 0;
  for (let i = 1; i < group.length; i++) {
    const run = group[i];
    const first = i === 1;
    const last = i === group.length - 1;
    group[i] = async () => {
      if (first) started = performance.now();
      try {
        const result = await run();
        // uvu returns from a suite whose before hook threw as if nothing was wrong: no test ran and no error is
        // printed. Said here on a FAIL line, which test/run.mjs names again at the end of the log.
        const [errors, ran, skipped, total] = result;
        if (errors === true && ran === 0 && total - skipped > 0) {
          console.log(`\n  FAIL  ${name}  none of its ${total} tests ran: a before hook threw (uvu does not print its error)`);
        }
        return result;
      } finally {
        entry.seconds = (performance.now() - started) / 1000;
        // Also as each file ends, so a run cut short still says where its time went.
        if (last) console.log(`  time ${name} ${entry.seconds.toFixed(1)} s`);
      }
    };
  }
}

await uvu.exec(false);
const { closeSharedBrowser } = await import('./browser.ts');
await closeSharedBrowser();
const { dropTemplates } = await import('./database.ts');
await dropTemplates();

times.sort((a, b) => b.seconds - a.seconds);
console.log(`time (loading the files) ${importSeconds.toFixed(1)} s`);
for (const { name, seconds } of times) console.log(`time ${name} ${seconds.toFixed(1)} s`);
console.log(`time (all files) ${times.reduce((sum, t) => sum + t.seconds, 0).toFixed(1)} s`);
