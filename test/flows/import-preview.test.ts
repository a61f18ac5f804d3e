// The participant import on every engine: a CSV file chosen in the file input, checked (the preview lists each bad
// row with its reason and refuses to import), the fixed file chosen instead, checked, imported; at phone and desktop
// width, with axe on the preview.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { csvLine } from '../../src/common/csv';
import { createProjectRow } from '../setup/auth';
import { ADMIN_PASSWORD } from '../setup/server';
import { createGroup } from '../setup/subjects';
import { axeSerious, bodyText, buttonReading, overflow, signIn, waitForSelector, waitForText, waitUntil } from '../setup/neutral/steps';
import type { Driver } from '../setup/neutral/driver';
import { onEngine, startFlowWorld, WIDTHS, type FlowWorld } from './flow-world';

const dir = mkdtempSync(join(tmpdir(), 'mp-flow-import-'));
let world: FlowWorld;
let driver: Driver;

const t = suite(onEngine('flow: import preview'));
t.before(async () => {
  world = await startFlowWorld();
  driver = await world.driver();
  await signIn(driver, world.server.url, 'admin', ADMIN_PASSWORD);
});
t.after(async () => {
  await world?.close();
  rmSync(dir, { recursive: true, force: true });
});

function file(name: string, project: string, broken: boolean): string {
  let text = csvLine(['externalId', 'personName', 'dateOfBirth', 'group']);
  for (let i = 0; i < 12; i++) {
    text += csvLine([broken && i === 4 ? 'P-1' : `P-${i}`, `Person ${i}`, broken && i === 2 ? '1990-02-31' : '1990-01-15', i % 2 ? 'control' : '']);
  }
  const path = join(dir, `${project}-${name}`);
  writeFileSync(path, text);
  return path;
}

const count = async (project: string) => (await world.server.app.db.query<{ n: number }>(
  'SELECT count(*)::int AS n FROM subject s JOIN project p ON p.id = s.project_id WHERE p.project_name = $1', [project]))[0].n;

async function choose(path: string) {
  await driver.upload('#import-file', path);
  // The file's text lands in the textarea the preview reads.
  await waitUntil(driver, 'the file read', (wanted: string) =>
    (document.querySelector('textarea[name=csv]') as HTMLTextAreaElement | null)?.value.includes(wanted), [path.includes('broken') ? '1990-02-31' : 'P-11']);
}

for (const [name, size] of Object.entries(WIDTHS)) {
  t(`${name}: a bad file's errors in the preview, the fixed file imported`, async () => {
    const project = `flow-import-${name}`;
    await createProjectRow(world.server, project);
    await createGroup(world.server, project, 'control');
    await driver.setViewport(size);
    await driver.goto(`${world.server.url}/#/project/${project}/import`);
    await waitForSelector(driver, '#import-file', 20000);
    await choose(file('broken.csv', project, true));
    await driver.click(buttonReading('Check file'));
    await waitForText(driver, '2 errors');
    const text = await bodyText(driver);
    assert.ok(text.includes('Not a date'), 'the bad date named');
    assert.ok(text.includes('Duplicate external id in the file'), 'the duplicate named');
    assert.ok(await driver.evaluate((xpath: string) => (document.evaluate(xpath, document, null, 9, null).singleNodeValue as HTMLButtonElement).disabled, buttonReading('Import')),
      'no import with errors');
    assert.equal(await axeSerious(driver), [], 'import preview');
    const { over, culprits } = await overflow(driver);
    assert.ok(over <= 0, `${over} px too wide (${culprits.join(', ')})`);

    await choose(file('fixed.csv', project, false));
    await driver.click(buttonReading('Check file'));
    await waitForText(driver, '12 to create');
    await waitUntil(driver, 'Import enabled', (xpath: string) =>
      !(document.evaluate(xpath, document, null, 9, null).singleNodeValue as HTMLButtonElement).disabled, [buttonReading('Import')]);
    await driver.click(buttonReading('Import'));
    await waitForText(driver, 'Imported: 12 created');
    assert.is(await count(project), 12);
    assert.equal(await driver.problems(), []);
  });
}

t.run();
