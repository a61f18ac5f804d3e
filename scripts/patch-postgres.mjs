#!/usr/bin/env node
// Mends two faults of postgres.js 3.4.9's pool in node_modules (npm's postinstall; the Dockerfile runs it after its
// `npm ci --ignore-scripts`). Both strand a caller of `sql.reserve()`, which every transaction of the portal is
// (src/server/db/postgres.ts), when the server closes connections: a restart, a fail-over, a terminated session.
//
// 1. A reservation waiting in the pool's queue when a connection closes is taken out of the queue as the reconnect's
//    first caller, and a reconnect that succeeds drops a reservation instead of handing it the connection: the caller
//    waits forever (upstream issue porsager/postgres#1195, open). Mended: the reservation stays queued while it is the
//    reconnect's first caller, as `reserve()` itself leaves it, so the opened connection serves it from the queue.
// 2. A reservation failed by the reconnect (refused, or the stale error of the session before) stays in the queue, and
//    the next connection that opens is handed to it, to a caller who has gone: that connection serves no one until its
//    lifetime ends. Mended: a failed reservation leaves the queue.
// test/server/postgres-outage.test.ts shows both against a real server; test/server/patch-postgres.test.ts that the
// installed copy is mended. The edits are textual: a postgres.js whose text differs fails this script (and `npm ci`),
// so an upgrade is looked at rather than run unmended; when upstream has fixed both, delete this script.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MARK = '/* radar-portal: reserve mended (scripts/patch-postgres.mjs) */';
const EDITS = [
  {
    from: '        const query = { reserve: resolve, reject }\n',
    to: '        const query = { reserve: resolve, reject: (error) => (queries.remove(query), reject(error)) }\n',
  },
  {
    from: '    queries.length && connect(c, queries.shift())\n',
    to: '    if (queries.length) {\n      const first = queries.shift()\n      first.reserve && queries.push(first)\n      connect(c, first)\n    }\n',
  },
];

/** The package's folder, found the way Node.js resolves it from this checkout (its CommonJS entry is cjs/src/index.js). */
export function postgresPackageDir(root = join(dirname(fileURLToPath(import.meta.url)), '..')) {
  return join(dirname(createRequire(join(root, 'package.json')).resolve('postgres')), '..', '..');
}

/** Both module formats of the package carry the pool. */
export const POOL_FILES = ['src/index.js', 'cjs/src/index.js'];

export const isMended = (text) => text.includes(MARK);

/** `text` mended; already mended text comes back as it is. Throws when the text is not the one these edits are for. */
export function mend(text, file = 'index.js') {
  if (isMended(text)) return text;
  let out = text;
  for (const { from, to } of EDITS) {
    if (out.split(from).length !== 2) {
      throw new Error(`${file}: postgres.js is not the version scripts/patch-postgres.mjs mends (did not find ${JSON.stringify(from.trim())} once); ` +
        'check whether porsager/postgres#1195 and the stranded reservations are fixed there, and update or delete the script');
    }
    out = out.replace(from, to);
  }
  return `${MARK}\n${out}`;
}


if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = postgresPackageDir();
  const version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  for (const file of POOL_FILES) {
    const path = join(dir, file);
    const text = readFileSync(path, 'utf8');
    try {
      const mended = mend(text, `postgres ${version} ${file}`);
      if (mended !== text) writeFileSync(path, mended);
    } catch (error) {
      console.error(error.message);
      process.exit(1);
    }
  }
}
