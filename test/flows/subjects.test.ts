// The subject list and its dialogs on every engine, as a system admin: the list with a filter (kept in the URL and
// over a reload) and load more; each kind of dialog: a form dialog (focus moves in, Escape after typing asks to
// discard the changes, focus comes back to the opener), a confirmation (Tab stays inside, Escape closes it), and the
// pairing popup whose token shows as a QR code; at phone and desktop width, with axe on each.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createProjectRow } from '../setup/auth';
import { ADMIN_PASSWORD } from '../setup/server';
import { createGroup, insertSubjects } from '../setup/subjects';
import { addClient } from '../server/oauth-fixtures';
import { axeSerious, buttonReading, overflow, signIn, waitForGone, waitForSelector, waitForText, waitUntil } from '../setup/neutral/steps';
import type { Driver } from '../setup/neutral/driver';
import { onEngine, startFlowWorld, WIDTHS, type FlowWorld } from './flow-world';

const PROJECT = 'flow-subjects';
const DIALOG = '[role="dialog"]';
let world: FlowWorld;
let driver: Driver;

const t = suite(onEngine('flow: subjects'));
t.before(async () => {
  world = await startFlowWorld();
  await createProjectRow(world.server, PROJECT);
  await createGroup(world.server, PROJECT, 'control');
  await addClient(world.server, { clientId: 'aRMT', secret: 'armt-secret', grantTypes: ['authorization_code', 'refresh_token'], additionalInformation: { dynamic_registration: 'true' } });
  await insertSubjects(world.server, Array.from({ length: 27 }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return { login: `flow-subject-${n}`, project: PROJECT, externalId: `FLOW-${n}`, personName: `Person ${n}`, group: i % 2 ? 'control' : null };
  }));
  driver = await world.driver();
  await signIn(driver, world.server.url, 'admin', ADMIN_PASSWORD);
});
t.after(async () => {
  await world?.close();
});

const rowOf = (text: string) => `//tbody/tr[.//*[normalize-space()=${JSON.stringify(text)}]]`;
const rowCount = () => driver.evaluate(() => document.querySelectorAll('tbody tr').length);
const hash = () => driver.evaluate(() => decodeURIComponent(location.hash));
const activeInDialog = () => driver.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));

async function checkScreen(where: string) {
  assert.equal(await axeSerious(driver), [], where);
  const { over, culprits } = await overflow(driver);
  assert.ok(over <= 0, `${where}: ${over} px too wide (${culprits.join(', ')})`);
}

async function openList() {
  await driver.goto(`${world.server.url}/#/project/${PROJECT}?tab=subjects`);
  await waitForSelector(driver, rowOf('FLOW-01'), 20000);
}

for (const [name, size] of Object.entries(WIDTHS)) {
  t(`${name}: a filter by external id goes into the URL and survives a reload; load more shows all 27`, async () => {
    await driver.setViewport(size);
    await openList();
    await waitForText(driver, 'Load more (20/27 shown)');
    assert.is(await rowCount(), 20);
    await checkScreen('subject list');
    await driver.type('.subject-filters input[name=externalId]', 'FLOW-07');
    await waitForGone(driver, rowOf('FLOW-01'));
    assert.match(await hash(), new RegExp(`^#/project/${PROJECT};externalId=FLOW-07`));
    await driver.reload();
    await waitForSelector(driver, rowOf('FLOW-07'), 20000);
    assert.is(await rowCount(), 1);
    assert.is(await driver.evaluate(() => (document.querySelector('.subject-filters input[name=externalId]') as HTMLInputElement).value), 'FLOW-07');
    await driver.click('//button[@aria-label="Clear filters" or normalize-space()="Clear filters"]');
    await waitForSelector(driver, rowOf('FLOW-01'));
    assert.not.match(await hash(), /externalId=/);
    await driver.click(buttonReading('Load more (20/27 shown)'));
    await waitForText(driver, 'All 27 results loaded');
    assert.is(await rowCount(), 27);
    assert.equal(await driver.problems(), []);
  });

  t(`${name}: a form dialog takes focus, asks before discarding typed changes, and gives focus back`, async () => {
    await driver.setViewport(size);
    await openList();
    await driver.click('//button[@aria-label="Create a subject" or normalize-space()="Create a subject"]');
    await waitForSelector(driver, `${DIALOG} input[name=externalId]`);
    await waitUntil(driver, 'focus inside the dialog', () => !!document.activeElement?.closest('[role="dialog"]'), []);
    await checkScreen('create-subject dialog');
    await driver.type(`${DIALOG} input[name=externalId]`, 'TYPED-1');
    await driver.press('Escape');
    await waitForText(driver, 'Discard the changes you made?');
    await driver.click(buttonReading('Keep editing'));
    assert.is(await driver.evaluate(() => (document.querySelector('[role="dialog"] input[name=externalId]') as HTMLInputElement).value), 'TYPED-1');
    await driver.press('Escape');
    await driver.click(buttonReading('Discard changes'));
    await waitForGone(driver, DIALOG);
    await waitUntil(driver, 'focus back on the opener', () =>
      /Create a subject/.test((document.activeElement?.getAttribute('aria-label') ?? '') + (document.activeElement?.textContent ?? '')), []);
    assert.equal(await driver.problems(), []);
  });

  t(`${name}: a confirmation keeps Tab inside and closes on Escape`, async () => {
    await driver.setViewport(size);
    await driver.goto(`${world.server.url}/#/subject/flow-subject-03`);
    await driver.click(buttonReading('Delete'));
    await waitForSelector(driver, DIALOG);
    await waitForText(driver, 'flow-subject-03');
    await checkScreen('delete confirmation');
    for (let i = 0; i < 6; i++) {
      await driver.press('Tab');
      assert.ok(await activeInDialog(), `focus left the dialog after ${i + 1} Tab`);
    }
    await driver.press('Escape');
    await waitForGone(driver, DIALOG);
    const [row] = await world.server.app.db.query<{ removed: boolean }>("SELECT removed FROM subject WHERE login = 'flow-subject-03'");
    assert.is(row.removed, false, 'nothing deleted');
    assert.equal(await driver.problems(), []);
  });

  t(`${name}: pairing an app shows the token as a QR code`, async () => {
    const width = await driver.setViewport(size);
    await openList();
    await driver.click(`${rowOf('FLOW-02')}//button[contains(@aria-label, "Pair app") or normalize-space()="Pair app"]`);
    await waitForSelector(driver, `${DIALOG} select[name=clientId]`, 20000);
    await driver.select(`${DIALOG} select[name=clientId]`, 'aRMT');
    await driver.click(buttonReading('Generate token'));
    await waitForSelector(driver, `${DIALOG} img.pair-app__qr`, 20000);
    const qr = await driver.evaluate(() => {
      const img = document.querySelector('[role="dialog"] img.pair-app__qr') as HTMLImageElement;
      return { loaded: img.complete && img.naturalWidth > 0, shown: img.getBoundingClientRect().width, url: img.dataset.tokenUrl ?? '' };
    });
    assert.ok(qr.loaded, 'the QR code image decodes');
    assert.ok(qr.shown > 100 && qr.shown <= width, `the QR code fits: ${qr.shown} px`);
    assert.match(qr.url, /\/api\/meta-token\/|\/api\/v1\/meta-token\/|meta-token/);
    // No copy button (a pairing token is a credential, best not left in clipboard histories): the details are text
    // that can be selected and copied by hand on every engine, the token URL in full.
    const selected = await driver.evaluate((label: string) => {
      const term = [...document.querySelectorAll('[role="dialog"] .pair-app__details dt')].find((dt) => dt.textContent === label);
      const value = term?.nextElementSibling as HTMLElement | undefined;
      if (!value || getComputedStyle(value).userSelect === 'none') return null;
      getSelection()!.selectAllChildren(value);
      const text = getSelection()!.toString();
      getSelection()!.removeAllRanges();
      return text;
    }, 'Token URL');
    assert.is(selected, qr.url, 'the token URL can be selected as text');
    await checkScreen('pair-app dialog with the QR code');
    assert.equal(await driver.problems(), []);
  });
}

t.run();
