// Every page of the route table (and each tab of the pages that have them) at 375, 768, 1280 and 1920 px in English
// and at 375 and 1280 px in Dutch: no sideways scrolling, tables that fit with their row actions on one line from
// 1280 px up, and no serious or critical axe finding in either language (layout-run.ts has the checks; the popups
// are in layout-dialogs.test.ts).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkScreen, routeTablePaths, startLayoutWorld, type LayoutWorld } from './layout-run';
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

t.run();
