// Every error key the server puts in the X-managementPortalApp-error header of a 400 or 409 is shown by the client
// as a translated alert (docs/client.md), so each must exist in both dictionaries. The keys
// are read from the server's source: apiError(400|409, '<code>', ...) sends the code verbatim, failureAlert sends
// `error.<key>`. The 429 of a rate limit (errorVm / tooManyRequests) carries its key as the body's message, which the
// client translates the same way.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = new URL('../..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function headerKeys(): Set<string> {
  const keys = new Set<string>();
  for (const file of sources(join(root, 'src/server'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/apiError\(\s*(400|409),\s*'([^']+)'/g)) keys.add(m[2]);
    for (const m of text.matchAll(/errorVm\(\s*(400|409|429|503|507),\s*'([^']+)'/g)) keys.add(m[2]);
    for (const m of text.matchAll(/failureAlert\(\s*(?:(?:400|409),\s*)?'([^']+)'/g)) keys.add(`error.${m[1]}`);
  }
  return keys;
}

function lookup(dictionary: unknown, key: string): unknown {
  const flat = (dictionary as Record<string, unknown>)[key];
  if (flat !== undefined) return flat;
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dictionary);
}

test('every 400/409/429 error key of the server is translated in en and nl', () => {
  const keys = [...headerKeys()].sort();
  assert.ok(keys.length > 20, `found ${keys.length} keys`);
  for (const language of ['en', 'nl']) {
    const dictionary = JSON.parse(readFileSync(join(root, `static/i18n/${language}.json`), 'utf8'));
    const missing = keys.filter((key) => typeof lookup(dictionary, key) !== 'string');
    assert.equal(missing, [], `${language} lacks ${missing.join(', ')}`);
  }
});

test.run();
