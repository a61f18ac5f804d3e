import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createHashHistory, createMemoryHistory } from 'history';
import {
  createRouter,
  DEFAULT_TITLE_KEY,
  pageTitle,
  popupEntity,
  pageTitleKey,
  type RouteDef,
  type RouterState,
} from '../../../src/client/lib/router';

const routes: RouteDef[] = [
  { path: '', page: 'home' },
  { path: 'project/:projectName', page: 'project', authorities: ['ROLE_SYS_ADMIN'], titleKey: 'managementPortalApp.project.home.title' },
  { path: 'organization/:organizationName', page: 'organization' },
  { path: 'user-management', page: () => Promise.resolve('lazy user management') },
];
const popups: RouteDef[] = [
  { path: 'organization/:organizationName/edit', page: 'organization-dialog' },
  { path: 'project-subject-new/:projectName', page: 'subject-dialog' },
];

function memoryRouter(start = '/') {
  const history = createMemoryHistory({ initialEntries: [start] });
  const router = createRouter({ routes, popups, history });
  const heard: RouterState[] = [];
  router.subscribe((state) => heard.push(state));
  return { router, history, heard };
}

const matching = suite('router: matching');

matching('the current URL is matched against the route table and the popup table', () => {
  const { router } = memoryRouter('/organization/main(popup:organization/main/edit)?tab=projects');
  const state = router.getState();
  assert.is(state.match?.route.page, 'organization');
  assert.equal(state.match?.params, { organizationName: 'main' });
  assert.is(state.popup?.route.page, 'organization-dialog');
  assert.equal(state.popup?.params, { organizationName: 'main' });
  assert.equal(state.location.query, { tab: 'projects' });
});

matching('matrix params do not disturb matching', () => {
  const { router } = memoryRouter('/project/radar;subjectId=b-1?page=1');
  const state = router.getState();
  assert.is(state.match?.route.page, 'project');
  assert.equal(state.match?.params, { projectName: 'radar' });
  assert.equal(state.location.matrix, { subjectId: 'b-1' });
});

matching('an unknown path has no match; the state object is stable between changes', () => {
  const { router } = memoryRouter('/nowhere');
  assert.is(router.getState().match, null);
  assert.is(router.getState(), router.getState());
});

matching('lazy pages stay loaders in the table', async () => {
  const { router } = memoryRouter('/user-management');
  const page = router.getState().match?.route.page;
  assert.type(page, 'function');
  assert.is(await (page as () => Promise<unknown>)(), 'lazy user management');
});

matching.run();

const navigation = suite('router: navigation');

navigation('navigate pushes, or replaces when asked; subscribers hear each change', () => {
  const { router, history, heard } = memoryRouter('/');
  router.navigate('project/radar?tab=groups');
  assert.is(history.action, 'PUSH');
  assert.is(router.getState().match?.route.page, 'project');
  assert.equal(router.getState().location.query, { tab: 'groups' });
  router.navigate('#/organization/main', { replace: true });
  assert.is(history.action, 'REPLACE');
  assert.is(router.getState().location.path, 'organization/main');
  assert.is(heard.length, 2);
  router.navigate('/organization/main');
  assert.is(heard.length, 2, 'navigating to where we are is a no-op');
});

navigation('setQuery merges and removes keys, keeping path, matrix and popup', () => {
  const { router, history } = memoryRouter('/project/radar;subjectId=b-1?tab=subjects&page=3');
  router.setQuery({ page: 1, sort: 'login,asc' });
  assert.is(history.action, 'PUSH');
  assert.is(router.getState().location.url, '/project/radar;subjectId=b-1?tab=subjects&page=1&sort=login,asc');
  router.setQuery({ sort: null, page: '' }, { replace: true });
  assert.is(history.action, 'REPLACE');
  assert.is(router.getState().location.url, '/project/radar;subjectId=b-1?tab=subjects');
});

navigation('setMatrix replaces the entry by default', () => {
  const { router, history } = memoryRouter('/project/radar?tab=subjects');
  router.setMatrix({ subjectId: 'b-1', externalId: 'x y' });
  assert.is(history.action, 'REPLACE');
  assert.is(router.getState().location.url, '/project/radar;subjectId=b-1;externalId=x%20y?tab=subjects');
  assert.equal(router.getState().location.matrix, { subjectId: 'b-1', externalId: 'x y' });
  router.setMatrix({ subjectId: undefined }, { replace: false });
  assert.is(history.action, 'PUSH');
  assert.equal(router.getState().location.matrix, { externalId: 'x y' });
});

navigation('openPopup pushes the popup outlet; a second popup is refused', () => {
  const { router, history } = memoryRouter('/organization/main?tab=x');
  assert.is(router.openPopup('organization/main/edit'), true);
  assert.is(history.action, 'PUSH');
  assert.is(router.getState().location.url, '/organization/main(popup:organization/main/edit)?tab=x');
  assert.is(router.getState().popup?.route.page, 'organization-dialog');
  const entries = history.index;
  assert.is(router.openPopup('project-subject-new/radar'), false);
  assert.is(history.index, entries);
  assert.is(router.getState().location.popup, 'organization/main/edit');
});

navigation('closePopup clears the outlet with a replace, keeping the rest', () => {
  const { router, history } = memoryRouter('/organization/main(popup:organization/main/edit)?tab=x');
  router.closePopup();
  assert.is(history.action, 'REPLACE');
  assert.is(router.getState().location.url, '/organization/main?tab=x');
  assert.is(router.getState().popup, null);
  assert.is(router.openPopup('organization/main/edit'), true, 'a popup can open again once closed');
});

navigation('navigate drops an open popup', () => {
  const { router } = memoryRouter('/organization/main(popup:organization/main/edit)');
  router.navigate('project/radar');
  assert.is(router.getState().location.popup, null);
});

navigation('back and destroy', () => {
  const { router, heard } = memoryRouter('/');
  router.navigate('organization/main');
  router.back();
  assert.is(router.getState().location.path, '');
  const before = heard.length;
  router.destroy();
  router.navigate('organization/other');
  assert.is(heard.length, before);
});

navigation.run();

const hash = suite('router: hash history in a browser');

hash.before.each(() => {
  window.history.replaceState(null, '', '/#/');
});

hash('reads and writes window.location.hash, and href gives "#/..." links', () => {
  window.history.replaceState(null, '', '/#/project/radar;subjectId=b-1?page=1');
  const router = createRouter({ routes, popups, history: createHashHistory() });
  assert.is(router.getState().match?.route.page, 'project');
  assert.equal(router.getState().location.matrix, { subjectId: 'b-1' });
  router.openPopup('project-subject-new/radar');
  assert.is(window.location.hash, '#/project/radar;subjectId=b-1(popup:project-subject-new/radar)?page=1');
  assert.is(router.href('organization/main'), '#/organization/main');
  router.destroy();
});

hash('the default history is the hash history', () => {
  window.history.replaceState(null, '', '/#/organization/main');
  const router = createRouter({ routes });
  assert.is(router.getState().match?.route.page, 'organization');
  router.navigate('project/radar');
  assert.is(window.location.hash, '#/project/radar');
  router.destroy();
});

hash('a hash changed outside the router (typed URL, plain link, back button) is picked up', async () => {
  const router = createRouter({ routes, popups, history: createHashHistory() });
  const heard: string[] = [];
  router.subscribe((state) => heard.push(state.location.path));
  window.location.hash = '#/organization/main';
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.is(router.getState().match?.route.page, 'organization');
  assert.equal(heard, ['organization/main']);
  router.navigate('project/radar');
  window.history.back();
  await new Promise((resolve) => setTimeout(resolve, 10));
  assert.is(router.getState().location.path, 'organization/main');
  router.destroy();
});

hash.run();

const titles = suite('router: page title');

titles('the route titleKey, or the default key', () => {
  const { router } = memoryRouter('/project/radar');
  assert.is(pageTitleKey(router.getState().match), 'managementPortalApp.project.home.title');
  assert.is(pageTitleKey(null), DEFAULT_TITLE_KEY);
  assert.is(DEFAULT_TITLE_KEY, 'managementPortalApp.title');
});

titles('popupEntity: what a popup acts on, without numbers and without the project or organization that holds it', () => {
  assert.is(popupEntity({ projectName: 'radar', login: 'abc' }), 'abc');
  assert.is(popupEntity({ projectName: 'radar' }), 'radar');
  assert.is(popupEntity({ organizationName: 'main', projectName: 'radar' }), 'radar');
  assert.is(popupEntity({ projectName: 'radar', id: '5' }), 'radar');
  assert.is(popupEntity({ sourceTypeProducer: 'Empatica', sourceTypeModel: 'E4', catalogVersion: 'v1' }), 'Empatica E4 v1');
  assert.is(popupEntity({}), '');
});

titles('pageTitle translates, with the product name when even the default is untranslated', () => {
  const dictionary: Record<string, string> = { 'managementPortalApp.project.home.title': 'Projects' };
  const translator = { t: (key: string) => dictionary[key] ?? key, has: (key: string) => key in dictionary };
  const { router } = memoryRouter('/project/radar');
  assert.is(pageTitle(router.getState().match, translator), 'Projects radar', 'followed by the entity its parameters name');
  const popup = { route: { path: 'x/:projectName/:login/edit', page: 'x', titleKey: 'managementPortalApp.project.home.title' }, params: { projectName: 'radar', login: 'abc' } };
  assert.is(pageTitle(router.getState().match, translator, popup), 'Projects abc - Projects radar', 'a popup first, with its entity');
  assert.is(pageTitle(null, translator), 'ManagementPortal');
  dictionary['managementPortalApp.title'] = 'Management Portal';
  assert.is(pageTitle(null, translator), 'Management Portal');
});

titles.run();
