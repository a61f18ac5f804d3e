import '../../setup/dom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createMemoryHistory } from 'history';
import { createNavigationState } from '../../../src/client/lib/navigation-state';
import { guard, guardNavigation } from '../../../src/client/lib/route-guard';
import { createRouter, type RouteDef } from '../../../src/client/lib/router';

const sysAdmin = { roles: [{ authorityName: 'ROLE_SYS_ADMIN' }] };
const radarAdmin = { roles: [{ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'radar' }] };
const mainOrgAdmin = { roles: [{ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'main' }] };
const noRoles = { roles: [] };

const guards = suite('guard');

guards('public routes (no or empty authorities) are open to anyone', () => {
  assert.is(guard({}, null), 'ok');
  assert.is(guard({ authorities: [] }, null), 'ok');
  assert.is(guard(null, null), 'ok');
});

guards('a protected route without an account needs a login', () => {
  assert.is(guard({ authorities: ['ROLE_SYS_ADMIN'] }, null), 'login-needed');
});

guards('a signed-in account lacking every wanted authority is denied', () => {
  assert.is(guard({ authorities: ['ROLE_SYS_ADMIN'] }, radarAdmin), 'denied');
  assert.is(guard({ authorities: ['ROLE_SYS_ADMIN'] }, noRoles), 'denied');
});

guards('plain and scoped authorities match', () => {
  const route = { authorities: ['ROLE_SYS_ADMIN', 'ROLE_PROJECT_ADMIN:radar', 'ROLE_ORGANIZATION_ADMIN:main'] };
  assert.is(guard(route, sysAdmin), 'ok');
  assert.is(guard(route, radarAdmin), 'ok');
  assert.is(guard(route, mainOrgAdmin), 'ok');
  assert.is(guard({ authorities: ['ROLE_PROJECT_ADMIN:other'] }, radarAdmin), 'denied');
  assert.is(guard({ authorities: ['ROLE_PROJECT_ADMIN'] }, radarAdmin), 'ok');
});

guards.run();

const navigation = suite('guardNavigation');

const routes: RouteDef[] = [
  { path: '', page: 'home' },
  { path: 'audits', page: 'audits', authorities: ['ROLE_SYS_ADMIN'] },
];
const popups: RouteDef[] = [{ path: 'user-management-new', page: 'user-dialog', authorities: ['ROLE_SYS_ADMIN'] }];
const stateAt = (url: string) => createRouter({ routes, popups, history: createMemoryHistory({ initialEntries: [url] }) }).getState();

navigation.before.each(() => sessionStorage.clear());

navigation('signed out on a protected page: login needed, destination and previous state remembered', () => {
  const navigationState = createNavigationState();
  assert.is(guardNavigation(stateAt('/audits?page=2'), null, navigationState), 'login-needed');
  assert.equal(navigationState.retrieveDestination(), { url: '/audits?page=2', authorities: ['ROLE_SYS_ADMIN'] });
  assert.equal(navigationState.retrievePrevious(), { url: '/audits?page=2', authorities: ['ROLE_SYS_ADMIN'] });
});

navigation('a protected popup over a public page is guarded too', () => {
  const navigationState = createNavigationState();
  assert.is(guardNavigation(stateAt('/(popup:user-management-new)'), radarAdmin, navigationState), 'denied');
  assert.is(guardNavigation(stateAt('/(popup:user-management-new)'), sysAdmin, navigationState), 'ok');
  assert.is(navigationState.retrievePrevious(), null, 'no login was needed');
});

navigation('public pages store nothing', () => {
  const navigationState = createNavigationState();
  assert.is(guardNavigation(stateAt('/'), null, navigationState), 'ok');
  assert.is(navigationState.retrieveDestination(), null);
});

navigation.run();
