// Every popup of the route table over the page it opens from, and each dialog a click opens, at 375, 768, 1280 and 1920 px in English and at 375,
// 1280 and 1920 px in Dutch: the dialog and each of its buttons inside the viewport, no sideways scrolling, and no
// serious or critical axe finding in either language (layout-run.ts has the checks).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkScreen, routeTablePaths, startLayoutWorld, type LayoutWorld } from './layout-run';
import { CLICKED_DIALOGS, POPUPS } from './layout-screens';

let world: LayoutWorld;
const t = suite('layout: dialogs (browser)');
t.before(async () => {
  world = await startLayoutWorld();
});
t.after(async () => {
  await world?.close();
});

t('the visited popups cover the popup table', () => {
  const visited = new Set(POPUPS.map((screen) => screen.route));
  assert.equal(routeTablePaths('POPUPS').filter((path) => !visited.has(path)), []);
});

t('every dialog fits at every width and passes axe in English and Dutch', async () => {
  const problems: string[] = [];
  for (const screen of POPUPS) problems.push(...(await checkScreen(world, screen)));
  assert.equal(problems, [], problems.join('\n'));
});

t('every dialog a click opens fits at every width and passes axe in English and Dutch', async () => {
  const problems: string[] = [];
  for (const screen of CLICKED_DIALOGS) problems.push(...(await checkScreen(world, screen)));
  assert.equal(problems, [], problems.join('\n'));
});

t.run();
