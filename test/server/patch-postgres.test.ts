// scripts/patch-postgres.mjs: the installed postgres.js is the mended one (the postinstall ran), mending is idempotent,
// and a postgres.js whose text the edits were not written for stops the install instead of running unmended. What the
// mending does is shown against a real server in postgres-outage.test.ts.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { POOL_FILES, isMended, mend, postgresPackageDir } from '../../scripts/patch-postgres.mjs';

const t = suite('patch-postgres');

t('the installed postgres.js pool is mended, in both module formats', () => {
  for (const file of POOL_FILES) assert.ok(isMended(readFileSync(join(postgresPackageDir(), file), 'utf8')), `${file} is mended (npm install runs scripts/patch-postgres.mjs)`);
});

t('mending mended text changes nothing', () => {
  const text = readFileSync(join(postgresPackageDir(), POOL_FILES[0]), 'utf8');
  assert.is(mend(text), text);
});

t('a pool whose text differs stops the script, naming what it did not find', () => {
  assert.throws(() => mend('export default function Postgres() {}\n', 'index.js'), /did not find .*reserve: resolve, reject/);
});

t.run();
