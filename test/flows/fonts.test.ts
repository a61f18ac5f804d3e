// The portal's fonts on every engine: its text and monospace stacks (src/client/styles/tokens.css) resolve to a font
// the engine has and draws with (test/setup/neutral/font-stack.ts), and with it the main screens fit their width
// (no sideways scrolling, long names included) with no serious axe finding; at phone and desktop width.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createProjectRow } from '../setup/auth';
import { ADMIN_PASSWORD } from '../setup/server';
import { insertSubjects } from '../setup/subjects';
import { resolveFontStack } from '../setup/neutral/font-stack';
import { axeSerious, overflow, signIn, waitForSelector } from '../setup/neutral/steps';
import type { Driver } from '../setup/neutral/driver';
import { onEngine, printingErrors, startFlowWorld, WIDTHS, type FlowWorld } from './flow-world';

const PROJECT = 'flow-fonts-remote-assessment-of-disease-and-relapses';
const LONG_NAME = 'Maximiliana Wilhelmina Bartholomea van Oldenbarnevelt-Zuylen tot Nijevelt';
let world: FlowWorld;
let driver: Driver;

const t = suite(onEngine('flow: fonts'));
t.before(printingErrors(async () => {
  world = await startFlowWorld();
  await createProjectRow(world.server, PROJECT);
  await insertSubjects(world.server, [
    { login: 'flow-font-1', project: PROJECT, externalId: 'EXTERNAL-IDENTIFIER-WITH-NO-BREAKS-0001', personName: LONG_NAME },
    { login: 'flow-font-2', project: PROJECT, externalId: 'F-2', personName: 'Ann' },
  ]);
  driver = await world.driver();
  await signIn(driver, world.server.url, 'admin', ADMIN_PASSWORD);
}));
t.after(async () => {
  await world?.close();
});

/**
 * The main screens, each with what shows once it has loaded, and whether axe runs here: the subject list, the subject
 * page and the audit screen get it at both widths in the subjects, dates and downloads flows (kept short for CI).
 */
const SCREENS: { path: string; shows: string; axe: boolean }[] = [
  { path: '', shows: '#account-menu', axe: true },
  { path: `project/${PROJECT}?tab=subjects`, shows: '//tbody/tr[.//*[normalize-space()="F-2"]]', axe: false },
  { path: 'subject/flow-font-1', shows: `//main//*[normalize-space()=${JSON.stringify(LONG_NAME)}]`, axe: false },
  { path: 'user-management', shows: '//tbody/tr[.//*[normalize-space()="admin"]]', axe: true },
  { path: 'audits', shows: '//main//tbody/tr[not(contains(@class, "data-table__row--empty"))]', axe: false },
];

for (const [name, size] of Object.entries(WIDTHS)) {
  t(`${name}: the font stacks resolve to installed fonts, and the main screens fit with them`, async () => {
    await driver.setViewport(size);
    await driver.goto(`${world.server.url}/#/`);
    await waitForSelector(driver, '#account-menu', 20000);
    for (const variable of ['--mp-font-family', '--mp-font-family-mono']) {
      const font = await driver.evaluate(resolveFontStack, variable);
      const seen = `${variable} on ${driver.engine}: ${JSON.stringify(font.families)}`;
      if (process.env.FLOW_FONTS_VERBOSE) console.log(`${seen} resolves to ${font.resolved}`);
      assert.ok(font.stack.length > 0, `${variable} is set`);
      assert.ok(font.resolved !== null, `no family of ${seen} is installed`);
      assert.ok(font.drawnInResolved, `${seen}: the text is not drawn in ${font.resolved}`);
    }
    assert.is(await driver.evaluate(() => getComputedStyle(document.body).fontFamily.replace(/\s+/g, ' ')),
      await driver.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mp-font-family').trim().replace(/\s+/g, ' ')),
      'the body uses the text stack');
    for (const screen of SCREENS) {
      await driver.goto(`${world.server.url}/#/${screen.path}`);
      await waitForSelector(driver, screen.shows, 20000);
      // Web fonts none, but the document's font set must have settled before measuring.
      await driver.evaluate(() => document.fonts.ready.then(() => true));
      const { over, culprits } = await overflow(driver);
      assert.ok(over <= 0, `#/${screen.path}: ${over} px too wide (${culprits.join(', ')})`);
      if (screen.axe) assert.equal(await axeSerious(driver), [], `#/${screen.path}`);
    }
    assert.equal(await driver.problems(), []);
  });
}

t.run();
