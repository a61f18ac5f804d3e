// Date fields on every engine, typed as a user types them (test/setup/neutral/date-entry.ts): a subject's date of
// birth in the subject dialog, saved, read back over the API and shown on the subject page, then changed in the edit
// dialog; and the audit screen's date range, which the server filters by (a past year shows none of today's events)
// and the export links carry. At phone and desktop width, with axe on each screen.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, type AsUser } from '../setup/auth';
import { ADMIN_PASSWORD } from '../setup/server';
import { typeDate } from '../setup/neutral/date-entry';
import { axeSerious, overflow, signIn, waitForGone, waitForSelector, waitForText, waitUntil } from '../setup/neutral/steps';
import type { Driver } from '../setup/neutral/driver';
import { onEngine, printingErrors, startFlowWorld, WIDTHS, type FlowWorld } from './flow-world';

const PROJECT = 'flow-dates';
const DIALOG = '[role="dialog"]';
let world: FlowWorld;
let driver: Driver;
let admin: AsUser;

const t = suite(onEngine('flow: dates'));
t.before(printingErrors(async () => {
  world = await startFlowWorld();
  await createProjectRow(world.server, PROJECT);
  admin = await asUser(world.server, 'admin');
  driver = await world.driver();
  await signIn(driver, world.server.url, 'admin', ADMIN_PASSWORD);
}));
t.after(async () => {
  await world?.close();
});

async function checkScreen(where: string) {
  assert.equal(await axeSerious(driver), [], where);
  const { over, culprits } = await overflow(driver);
  assert.ok(over <= 0, `${where}: ${over} px too wide (${culprits.join(', ')})`);
}

const fieldValue = (selector: string) => driver.evaluate((s: string) => (document.querySelector(s) as HTMLInputElement).value, selector);

/** The subject with `externalId` as the server has it. */
async function subjectByExternalId(externalId: string): Promise<{ login: string; dateOfBirth?: string } | undefined> {
  const answer = await admin('GET', `/api/projects/${PROJECT}/subjects?externalId=${externalId}`);
  assert.is(answer.status, 200, answer.text);
  return (answer.body as { login: string; externalId: string; dateOfBirth?: string }[]).find((s) => s.externalId === externalId);
}

const BIRTH = { phone: ['1984-03-07', '1999-12-25'], desktop: ['1979-11-30', '2001-02-03'] } as const;

for (const [name, size] of Object.entries(WIDTHS)) {
  t(`${name}: a date of birth typed in the subject dialog is saved, shown, and changed`, async () => {
    const [born, changed] = BIRTH[name as keyof typeof BIRTH];
    const externalId = `DATES-${name}`;
    await driver.setViewport(size);
    await driver.goto(`${world.server.url}/#/project/${PROJECT}?tab=subjects`);
    await driver.click('//button[@aria-label="Create a subject" or normalize-space()="Create a subject"]');
    await waitForSelector(driver, `${DIALOG} input[name=dateOfBirth]`);
    await driver.type(`${DIALOG} input[name=externalId]`, externalId);
    await typeDate(driver, `${DIALOG} input[name=dateOfBirth]`, born);
    assert.is(await fieldValue(`${DIALOG} input[name=dateOfBirth]`), born, 'the field holds the typed date');
    await checkScreen('subject dialog with a date of birth');
    await driver.click(`${DIALOG} button[type=submit]`);
    await waitForGone(driver, DIALOG);
    const saved = await subjectByExternalId(externalId);
    assert.ok(saved, 'the subject was created');
    assert.is(saved!.dateOfBirth, born, 'the server got the typed date');

    await driver.goto(`${world.server.url}/#/subject/${saved!.login}`);
    await waitForText(driver, born, 20000);
    await checkScreen('subject page with its date of birth');

    await driver.goto(`${world.server.url}/#/project/${PROJECT}?tab=subjects`);
    await driver.click(`//tbody/tr[.//*[normalize-space()=${JSON.stringify(externalId)}]]//button[contains(@aria-label, "Edit") or normalize-space()="Edit"]`);
    await waitForSelector(driver, `${DIALOG} input[name=dateOfBirth]`);
    await waitUntil(driver, 'the date in the edit dialog', (s: string, v: string) => (document.querySelector(s) as HTMLInputElement | null)?.value === v,
      [`${DIALOG} input[name=dateOfBirth]`, born]);
    await typeDate(driver, `${DIALOG} input[name=dateOfBirth]`, changed);
    assert.is(await fieldValue(`${DIALOG} input[name=dateOfBirth]`), changed, 'the typed date replaced the old one');
    await driver.click(`${DIALOG} button[type=submit]`);
    await waitForGone(driver, DIALOG);
    assert.is((await subjectByExternalId(externalId))!.dateOfBirth, changed, 'the server got the changed date');
    await driver.goto(`${world.server.url}/#/subject/${saved!.login}`);
    await waitForText(driver, changed, 20000);
    assert.equal(await driver.problems(), []);
  });

  t(`${name}: the audit screen's typed date range filters on the server and goes into the export links`, async () => {
    await driver.setViewport(size);
    await driver.goto(`${world.server.url}/#/audits`);
    await waitForSelector(driver, 'main input[name=fromDate]', 20000);
    // Today's sign-in is listed within the default range.
    await waitForSelector(driver, '//main//tbody/tr[not(contains(@class, "data-table__row--empty"))]', 20000);
    await typeDate(driver, 'main input[name=fromDate]', '2020-01-01');
    await typeDate(driver, 'main input[name=toDate]', '2020-12-31');
    assert.equal([await fieldValue('main input[name=fromDate]'), await fieldValue('main input[name=toDate]')], ['2020-01-01', '2020-12-31']);
    await waitForSelector(driver, 'main tbody tr.data-table__row--empty');
    await waitForText(driver, 'No results found.');
    const hrefs = await driver.evaluate(() => [...document.querySelectorAll('main .audits-page__export a')].map((a) => (a as HTMLAnchorElement).href));
    assert.is(hrefs.length, 2);
    for (const href of hrefs) {
      const query = new URL(href).searchParams;
      assert.equal([query.get('fromDate'), query.get('toDate')], ['2020-01-01', '2020-12-31'], href);
    }
    await checkScreen('audits, a past year');
    assert.equal(await driver.problems(), []);
  });
}

t.run();
