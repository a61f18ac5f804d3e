// Every page of the route table (and each tab of the pages that have them) at 375, 768, 1280 and 1920 px in English
// and at 375, 1280 and 1920 px in Dutch: no sideways scrolling, tables that fit with their row actions on one line from
// 1280 px up, and no serious or critical axe finding in either language (layout-run.ts has the checks; the popups
// are in layout-dialogs.test.ts).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { axeSerious } from '../setup/axe';
import { checkScreen, routeTablePaths, startLayoutWorld, visit, type LayoutWorld } from './layout-run';
import { PAGES } from './layout-screens';

let world: LayoutWorld;
const t = suite('layout: pages (browser)');
t.before(async () => {
  world = await startLayoutWorld();
});
t.after(async () => {
  await world?.close();
});

t('the visited pages cover the route table', () => {
  const visited = new Set(PAGES.map((screen) => screen.route));
  assert.equal(routeTablePaths('ROUTES').filter((path) => !visited.has(path)), []);
});

t('every page fits at every width and passes axe in English and Dutch', async () => {
  const problems: string[] = [];
  for (const screen of PAGES) problems.push(...(await checkScreen(world, screen)));
  assert.equal(problems, [], problems.join('\n'));
});

t('the More menu of a row: arrow keys, inside the viewport at 375 and 1280 px, no axe finding, Escape returns focus', async () => {
  const page = world.english;
  await visit(page, { route: 'user-management', path: 'user-management' }, world.values);
  for (const width of [375, 1280]) {
    await page.setViewport({ width, height: 800 });
    const button = (await page.waitForSelector('tbody tr:last-child .more-menu__button'))!;
    await button.evaluate((b) => b.scrollIntoView({ block: 'center', inline: 'nearest' }));
    await button.focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForSelector('[role="menu"]');
    const focused = () => page.evaluate(() => `${document.activeElement?.getAttribute('role')}:${document.activeElement?.textContent}`);
    assert.is(await focused(), 'menuitem:View');
    await page.keyboard.press('ArrowDown');
    assert.is(await focused(), 'menuitem:Send activation');
    const box = await page.$eval('[role="menu"]', (menu) => {
      const r = menu.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: document.documentElement.clientWidth, height: innerHeight };
    });
    assert.ok(box.left >= 0 && box.right <= box.width && box.top >= 0 && box.bottom <= box.height, `${width}px: ${JSON.stringify(box)}`);
    assert.equal(await axeSerious(page), []);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[role="menu"]', { hidden: true });
    assert.ok(await button.evaluate((b) => b === document.activeElement), 'focus is back on the menu button');
  }
});

t.run();
