// README.md and docs/*.md: every relative link and #anchor leads somewhere, and every docs page named in the text
// exists (docs/testing.md, "The documentation's links"). No network: links to other sites are not followed.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { brokenLinks, headingAnchors } from '../setup/doc-links';

const root = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

test('every link of README.md and docs/*.md leads to a file and a heading that exist', () => {
  const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
  assert.ok(pages.length > 10, 'the docs pages are found');
  const broken = brokenLinks(root, pages).map((b) => `${b.page}:${b.line} ${b.target}: ${b.reason}`);
  assert.equal(broken, []);
});

test("anchors follow GitHub's rule: lower case, punctuation dropped, spaces as dashes, repeats numbered", () => {
  const anchors = headingAnchors([
    '# Deployment: the embedded database, PostgreSQL and WORKERS',
    '## `npm start` and the [docs](x.md)',
    '## Notes',
    '```',
    '# a comment in a code block',
    '```',
    '## Notes',
  ].join('\n'));
  assert.equal([...anchors], ['deployment-the-embedded-database-postgresql-and-workers', 'npm-start-and-the-docs', 'notes', 'notes-1']);
});

test('a missing file, a missing heading and a docs page named in the text that does not exist are each reported', () => {
  const dir = mkdtempSync(join(tmpdir(), 'doc-links-'));
  try {
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs/a.md'), '# Page A\n\n## Some part\n');
    writeFileSync(join(dir, 'README.md'), [
      'Fine: [a](docs/a.md), [part](docs/a.md#some-part), [top](#readme), <https://example.org>, [site](https://example.org/x.md).',
      '# Readme',
      'Broken: [gone](docs/gone.md) and [no part](docs/a.md#other-part) and [here](#nowhere).',
      'Named in the text: docs/missing.md, but `docs/in-code.md` is code.',
      '```',
      '[in a block](docs/also-gone.md)',
      '```',
    ].join('\n'));
    const broken = brokenLinks(dir, ['README.md', 'docs/a.md']).map((b) => `${b.line} ${b.target}`);
    assert.equal(broken, ['3 docs/gone.md', '3 docs/a.md#other-part', '3 #nowhere', '4 docs/missing.md']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
