// The widgets page the portal serves (widgets.html) on every engine: the reference and the snippet for this
// portal, the live elements rendered in their shadow roots, their labels switched to Dutch, an element's event in
// the page's log, and no serious axe finding in the light and the dark theme; at phone and desktop width.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { axeSerious, waitForSelector, waitUntil } from '../setup/neutral/steps';
import type { Driver } from '../setup/neutral/driver';
import { onEngine, startFlowWorld, WIDTHS, type FlowWorld } from './flow-world';

let world: FlowWorld;
let driver: Driver;

const t = suite(onEngine('flow: widgets page'));
t.before(async () => {
  world = await startFlowWorld();
  driver = await world.driver();
});
t.after(async () => {
  await world?.close();
});

const shadowText = (host: string, part: string) => driver.evaluate((h: string, p: string) =>
  (document.querySelector(h)?.shadowRoot?.querySelector(p)?.textContent ?? '').replace(/\s+/g, ' ').trim(), host, part);

for (const [name, size] of Object.entries(WIDTHS)) {
  t(`${name}: live examples, the snippet, Dutch labels, an event logged, axe in both themes`, async () => {
    await driver.setViewport(size);
    await driver.goto(`${world.server.url}/widgets.html`);
    await waitForSelector(driver, '#reference table', 20000);
    assert.equal(await driver.evaluate(() => [...document.querySelectorAll('#reference h3')].map((h) => h.textContent)),
      ['<mp-dictionary-editor>', '<mp-role-editor>', '<mp-show-more>']);
    const snippet = await driver.evaluate(() => document.querySelector('#snippet')!.textContent!);
    assert.ok(snippet.includes(`<script type="module" src="${world.server.url}/widgets.js"></script>`), snippet);
    await waitUntil(driver, 'the role editor rendered', () => !!document.querySelector('#demo-role-editor')?.shadowRoot?.querySelector('tbody'), []);
    assert.is(await shadowText('#demo-role-editor', 'tbody'), 'Project admin radar-pilot Remove');
    await driver.click('input[name=demo-lang][value=nl]');
    await waitUntil(driver, 'Dutch labels', () =>
      document.querySelector('#demo-role-editor')!.shadowRoot!.querySelector('[part=add-button]')!.textContent!.trim() === 'Rol toevoegen', []);
    assert.match(await shadowText('#demo-role-editor', 'tbody'), /^Projectbeheerder radar-pilot /);
    // Inside a shadow root: clicked through the page, the same on every engine.
    await driver.evaluate(() => (document.querySelector('#demo-show-more')!.shadowRoot!.querySelector('[part=toggle]') as HTMLElement).click());
    await waitForSelector(driver, '#event-log li');
    assert.match(await driver.evaluate(() => document.querySelector('#event-log li')!.textContent!), /mp-show-more-toggle \{"expanded":true\}/);
    assert.equal(await axeSerious(driver), []);
    await driver.click('#demo-dark');
    assert.equal(await axeSerious(driver), [], 'the dark theme too');
    await driver.click('input[name=demo-lang][value=en]');
    assert.equal(await driver.problems(), []);
  });
}

t.run();
