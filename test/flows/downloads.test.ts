// Every download the portal offers, on every engine, read from the file the engine saved
// (test/setup/neutral/downloads.ts): the participants export (a link the server answers with an attachment), the
// import report (a Blob URL the page makes), the audit export and the subject access export; each with its name and
// content. At phone and desktop width, with axe on each screen.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { csvLine } from '../../src/common/csv';
import { createProjectRow } from '../setup/auth';
import { ADMIN_PASSWORD } from '../setup/server';
import { insertSubjects } from '../setup/subjects';
import { downloadBy } from '../setup/neutral/downloads';
import { axeSerious, buttonReading, overflow, signIn, waitForSelector, waitForText, waitUntil } from '../setup/neutral/steps';
import type { Driver } from '../setup/neutral/driver';
import { onEngine, printingErrors, startFlowWorld, WIDTHS, type FlowWorld } from './flow-world';

const PROJECT = 'flow-downloads';
const BOM = '\uFEFF';
const dir = mkdtempSync(join(tmpdir(), 'mp-flow-downloads-'));
let world: FlowWorld;
let driver: Driver;

const t = suite(onEngine('flow: downloads'));
t.before(printingErrors(async () => {
  world = await startFlowWorld();
  await createProjectRow(world.server, PROJECT);
  await insertSubjects(world.server, ['A', 'B', 'C'].map((n) => ({ login: `flow-dl-${n}`, project: PROJECT, externalId: `DL-${n}`, personName: `Person ${n}` })));
  driver = await world.driver();
  await signIn(driver, world.server.url, 'admin', ADMIN_PASSWORD);
}));
t.after(async () => {
  await world?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function checkScreen(where: string) {
  assert.equal(await axeSerious(driver), [], where);
  const { over, culprits } = await overflow(driver);
  assert.ok(over <= 0, `${where}: ${over} px too wide (${culprits.join(', ')})`);
}

const lines = (text: string) => text.split(/\r?\n/).filter(Boolean);
const linkReading = (text: string) => `//a[normalize-space()=${JSON.stringify(text)}]`;

for (const [name, size] of Object.entries(WIDTHS)) {
  t(`${name}: the participants export saves the project's subjects as CSV`, async () => {
    await driver.setViewport(size);
    await driver.goto(`${world.server.url}/#/project/${PROJECT}?tab=subjects`);
    await waitForSelector(driver, '//tbody/tr[.//*[normalize-space()="DL-A"]]', 20000);
    await checkScreen('subject list');
    const file = await downloadBy(driver, `//*[contains(@class, "subject-list__files")]${linkReading('Export').slice(1)}`);
    assert.is(file.name, `subjects-${PROJECT}.csv`);
    const [header, ...rows] = lines(file.text);
    assert.ok(header.startsWith(`${BOM}login,`), header);
    assert.equal(rows.map((r) => r.split(',')[0]).sort(), ['flow-dl-A', 'flow-dl-B', 'flow-dl-C']);
    assert.equal(await driver.problems(), []);
  });

  t(`${name}: the import report saves each row's outcome, made in the page as a Blob`, async () => {
    await driver.setViewport(size);
    await driver.goto(`${world.server.url}/#/project/${PROJECT}/import`);
    await waitForSelector(driver, '#import-file', 20000);
    const path = join(dir, `${name}.csv`);
    writeFileSync(path, csvLine(['externalId', 'dateOfBirth']) + csvLine([`NEW-${name}`, '1990-01-15']) + csvLine([`BAD-${name}`, '1990-02-31']));
    await driver.upload('#import-file', path);
    await waitUntil(driver, 'the file read', (id: string) => (document.querySelector('textarea[name=csv]') as HTMLTextAreaElement | null)?.value.includes(id), [`BAD-${name}`]);
    await driver.click(buttonReading('Check file'));
    await waitForText(driver, '1 error');
    await checkScreen('import preview');
    const file = await downloadBy(driver, buttonReading('Download report'));
    assert.is(file.name, `import-${PROJECT}.csv`);
    const [header, ...rows] = lines(file.text);
    assert.is(header, `${BOM}row,action,login,externalId or email,errors`);
    assert.is(rows.length, 2, file.text);
    assert.ok(rows.some((r) => r.includes(`BAD-${name}`) && r.includes('Not a date')), file.text);
    assert.equal(await driver.problems(), []);
  });

  t(`${name}: the audit export saves the events of the date range shown`, async () => {
    // CSV at one width, JSON at the other: both formats on every engine.
    const format = name === 'phone' ? 'csv' : 'json';
    await driver.setViewport(size);
    await driver.goto(`${world.server.url}/#/audits`);
    await waitForSelector(driver, '//main//tbody/tr[not(contains(@class, "data-table__row--empty"))]', 20000);
    await checkScreen('audits');
    const [from, to] = await driver.evaluate(() => ['fromDate', 'toDate'].map((n) => (document.querySelector(`main input[name=${n}]`) as HTMLInputElement).value));
    const file = await downloadBy(driver, linkReading(`Download ${format.toUpperCase()}`));
    assert.is(file.name, `audit-events_${from}_${to}.${format}`);
    if (format === 'csv') {
      const [header, ...rows] = lines(file.text);
      assert.match(header, /^\uFEFF?id,timestamp,principal,type,data$/);
      assert.ok(rows.some((r) => r.includes('admin') && r.includes('AUTHENTICATION_SUCCESS')), file.text.slice(0, 500));
    } else {
      const events = JSON.parse(file.text.replace(/^\uFEFF/, '')) as { principal: string; type: string }[];
      assert.ok(events.some((e) => e.principal === 'admin' && e.type === 'AUTHENTICATION_SUCCESS'), file.text.slice(0, 500));
    }
    assert.equal(await driver.problems(), []);
  });

  t(`${name}: the subject access export saves everything about the subject as JSON`, async () => {
    await driver.setViewport(size);
    await driver.goto(`${world.server.url}/#/subject/flow-dl-B`);
    await waitForText(driver, 'Person B', 20000);
    await checkScreen('subject page');
    const file = await downloadBy(driver, linkReading('Export everything about this participant'));
    assert.is(file.name, 'subject-flow-dl-B-access-export.json');
    const body = JSON.parse(file.text) as { subject: { login: string; externalId: string; personName: string } };
    assert.equal([body.subject.login, body.subject.externalId, body.subject.personName], ['flow-dl-B', 'DL-B', 'Person B']);
    assert.equal(await driver.problems(), []);
  });
}

t.run();
