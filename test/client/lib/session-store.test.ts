import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { OrganizationDTO, ProjectDTO, UserDTO } from '../../../src/common/dto';
import { ApiError, createHttp, type HttpError } from '../../../src/client/lib/http';
import {
  createSession,
  findOrganization,
  findProject,
  isSubjectFieldHidden,
  selectApiDocsEnabled,
  selectInDevProfile,
  selectIsAuthenticated,
  selectIsSysAdmin,
  type SharedList,
} from '../../../src/client/lib/session-store';
import { fakeFetch, flush, json, type Responder } from './fake-fetch';

const admin: UserDTO = { login: 'admin', activated: true, langKey: 'nl', roles: [{ authorityName: 'ROLE_SYS_ADMIN' }] };
const padmin: UserDTO = { login: 'padmin', activated: true, roles: [{ authorityName: 'ROLE_PROJECT_ADMIN', projectName: 'radar' }] };
const main: OrganizationDTO = { name: 'main', description: 'The main organization', location: '-', projects: [] };
const radar: ProjectDTO = { projectName: 'radar', description: 'RadarTest', location: 'London' };
const sourceTypes = [{ producer: 'Empatica', model: 'E4', catalogVersion: 'v1', sourceTypeScope: 'PASSIVE', canRegisterDynamically: false }];
const authorities = [{ name: 'ROLE_SYS_ADMIN', scope: 'GLOBAL' }];

const listRoutes: Record<string, Responder> = {
  'GET api/organizations': json([main]),
  'GET api/projects': json([radar]),
  'GET api/source-types': json(sourceTypes),
  'GET api/authorities': json(authorities),
};

function setup(routes: Record<string, Responder | Responder[]>) {
  const fake = fakeFetch({ ...listRoutes, ...routes });
  const reported = { errors: [] as HttpError[], loadErrors: [] as [unknown, SharedList][], languages: [] as string[], warnings: [] as string[] };
  const http = createHttp({ fetch: fake.fetch, readCookies: () => '', onError: (e) => reported.errors.push(e) });
  const session = createSession({
    http,
    retry: { sleep: async () => undefined },
    onLanguage: (lang) => reported.languages.push(lang),
    onLoadError: (error, list) => reported.loadErrors.push([error, list]),
    warn: (message) => reported.warnings.push(message),
  });
  const count = (method: string, url: string) => fake.calls.filter((c) => c.method === method && c.url === url).length;
  return { session, calls: fake.calls, count, reported };
}

const identity = suite('session: identity');

identity('there is no account at first', () => {
  const { session } = setup({});
  assert.is(session.store.getState().account, null);
  assert.is(session.store.getState().identityResolved, false);
  assert.not.ok(selectIsAuthenticated(session.store.getState()));
});

identity('identity() fetches api/account once, for concurrent and later callers', async () => {
  const { session, count } = setup({ 'GET api/account': json(admin) });
  const [a, b] = await Promise.all([session.identity(), session.identity()]);
  assert.equal(a, admin);
  assert.is(a, b);
  assert.equal(await session.identity(), admin);
  assert.is(count('GET', 'api/account'), 1);
  assert.ok(session.store.getState().identityResolved);
  assert.ok(selectIsAuthenticated(session.store.getState()));
});

identity('a failed fetch gives no account (and is not reported: 401 means signed out); the next call asks again', async () => {
  const { session, count, reported } = setup({ 'GET api/account': [json({}, 401), json(admin)] });
  assert.is(await session.identity(), null);
  assert.ok(session.store.getState().identityResolved);
  assert.is(reported.errors.length, 0);
  assert.equal(await session.identity(), admin);
  assert.is(count('GET', 'api/account'), 2);
});

identity('an answer that is not an account is no account', async () => {
  const { session } = setup({ 'GET api/account': { text: '<html>' } });
  assert.is(await session.identity(), null);
});

identity('reset() / identity(true) fetch again; an unchanged account keeps its object', async () => {
  const renamed = { ...admin, firstName: 'Ada' };
  const { session, count } = setup({ 'GET api/account': [json(admin), json(admin), json(renamed)] });
  const first = await session.identity();
  assert.is(await session.reset(), first, 'same JSON: same object, nothing refills');
  assert.equal(await session.identity(true), renamed);
  assert.is(count('GET', 'api/account'), 3);
});

identity('login posts api/login with a bearer header, stores the account and switches language', async () => {
  const { session, calls, reported } = setup({ 'POST api/login': json(admin) });
  assert.equal(await session.login('t0ken'), admin);
  const call = calls.find((c) => c.url === 'api/login')!;
  assert.is(call.method, 'POST');
  assert.is(call.headers.get('Authorization'), 'Bearer t0ken');
  assert.is(call.credentials, 'include');
  assert.equal(session.store.getState().account, admin);
  assert.equal(reported.languages, ['nl']);
});

identity('a failed login logs out and rethrows', async () => {
  const { session, count } = setup({ 'POST api/login': json({}, 400), 'POST api/logout': { status: 200 } });
  const error = await session.login('bad').catch((e: unknown) => e);
  assert.ok(error);
  assert.is(count('POST', 'api/logout'), 1);
  assert.is(session.store.getState().account, null);
});

identity('logout posts api/logout and clears the account, even when the call fails', async () => {
  for (const answer of [{ status: 200 }, 'network-error'] as const) {
    const { session, count } = setup({ 'GET api/account': json(admin), 'POST api/logout': answer });
    await session.identity();
    await session.logout();
    assert.is(count('POST', 'api/logout'), 1);
    assert.is(session.store.getState().account, null);
  }
});

identity('an identity answer that arrives after a logout is dropped', async () => {
  let answer: (value: ReturnType<typeof json>) => void = () => undefined;
  const { session } = setup({
    'GET api/account': () => new Promise((resolve) => (answer = resolve)),
    'POST api/logout': { status: 200 },
  });
  const pending = session.identity();
  await flush();
  await session.logout();
  answer(json(admin));
  await pending;
  assert.is(session.store.getState().account, null);
});

identity.run();

const caches = suite('session: shared caches');

caches('a known account fills organizations, projects and source types; authorities only for a system admin', async () => {
  const sys = setup({ 'GET api/account': json(admin) });
  await sys.session.identity();
  await flush();
  const state = sys.session.store.getState();
  assert.equal(state.organizations, [main]);
  assert.equal(state.projects, [radar]);
  assert.equal(state.sourceTypes, sourceTypes);
  assert.equal(state.authorities, authorities);
  assert.ok(selectIsSysAdmin(state));

  const project = setup({ 'GET api/account': json(padmin) });
  await project.session.identity();
  await flush();
  assert.is(project.count('GET', 'api/authorities'), 0);
  assert.equal(project.session.store.getState().authorities, []);
  assert.equal(project.session.store.getState().projects, [radar]);
  assert.not.ok(selectIsSysAdmin(project.session.store.getState()));
});

caches('nothing is fetched without an account', async () => {
  const { session, count } = setup({ 'GET api/account': json({}, 401) });
  await session.identity();
  await flush();
  assert.is(count('GET', 'api/organizations'), 0);
});

caches('the caches empty on sign-out and refill for the next account', async () => {
  const { session, count } = setup({ 'GET api/account': json(admin), 'POST api/logout': { status: 200 }, 'POST api/login': json(padmin) });
  await session.identity();
  await flush();
  await session.logout();
  const state = session.store.getState();
  assert.equal([state.organizations, state.projects, state.sourceTypes, state.authorities], [[], [], [], []]);
  await session.login('t');
  await flush();
  assert.equal(session.store.getState().projects, [radar]);
  assert.is(count('GET', 'api/projects'), 2);
});

caches('lists retry on 5xx and network errors without an alert per attempt', async () => {
  const { session, count, reported } = setup({
    'GET api/account': json(admin),
    'GET api/source-types': [{ status: 503 }, 'network-error', json(sourceTypes)],
  });
  await session.identity();
  for (let i = 0; i < 5; i++) await flush();
  assert.is(count('GET', 'api/source-types'), 3);
  assert.equal(session.store.getState().sourceTypes, sourceTypes);
  assert.is(reported.errors.length, 0);
  assert.is(reported.loadErrors.length, 0);
});

caches('source types that keep failing: 11 attempts, one report, an empty list', async () => {
  const { session, count, reported } = setup({ 'GET api/account': json(admin), 'GET api/source-types': { status: 500 } });
  await session.identity();
  for (let i = 0; i < 30; i++) await flush();
  assert.is(count('GET', 'api/source-types'), 11);
  assert.is(reported.loadErrors.length, 1);
  assert.is(reported.loadErrors[0][1], 'sourceTypes');
  assert.equal(session.store.getState().sourceTypes, []);
});

caches('a list that failed for good keeps its failure until a retry succeeds; sign-out forgets it', async () => {
  const { session } = setup({
    'GET api/account': json(admin),
    'GET api/projects': [...Array(11).fill({ status: 500 }), json([radar])],
    'POST api/logout': { status: 200 },
  });
  await session.identity();
  for (let i = 0; i < 30; i++) await flush();
  const failure = session.store.getState().listErrors.projects;
  assert.instance(failure, ApiError);
  assert.is((failure as ApiError).status, 500);
  assert.equal(session.store.getState().projects, []);
  await session.refreshProjects();
  assert.equal(session.store.getState().projects, [radar]);
  assert.equal(session.store.getState().listErrors, {});
  session.store.setState({ listErrors: { organizations: new Error('x') } });
  await session.logout();
  assert.equal(session.store.getState().listErrors, {});
});

caches('a refetch with the same content keeps the same array (no re-render)', async () => {
  const { session } = setup({ 'GET api/account': json(admin) });
  await session.identity();
  await flush();
  const before = session.store.getState().projects;
  await session.refreshProjects();
  assert.is(session.store.getState().projects, before);
});

caches('list answers for a previous account are dropped', async () => {
  let answer: (value: ReturnType<typeof json>) => void = () => undefined;
  const { session } = setup({
    'GET api/account': json(admin),
    'GET api/projects': () => new Promise((resolve) => (answer = resolve)),
    'POST api/logout': { status: 200 },
  });
  await session.identity();
  await flush();
  await session.logout();
  answer(json([radar]));
  await flush();
  assert.equal(session.store.getState().projects, []);
});

caches('create, update and delete patch the cache locally; a rename re-fetches the account', async () => {
  const { session, count } = setup({ 'GET api/account': json(admin) });
  await session.identity();
  await flush();
  const other: OrganizationDTO = { name: 'other', description: 'd', location: 'l', projects: [] };
  session.organizationSaved(other);
  session.organizationSaved({ ...main, description: 'changed' });
  assert.equal(session.store.getState().organizations.map((o) => [o.name, o.description]), [
    ['main', 'changed'],
    ['other', 'd'],
  ]);
  assert.is(count('GET', 'api/account'), 1);
  session.organizationSaved({ ...other, name: 'renamed' }, 'other');
  await flush();
  assert.equal(session.store.getState().organizations.map((o) => o.name), ['main', 'renamed']);
  assert.is(count('GET', 'api/account'), 2, 'roles are keyed by name');
  session.organizationDeleted('renamed');
  assert.equal(session.store.getState().organizations.map((o) => o.name), ['main']);

  session.projectSaved({ ...radar, projectName: 'pilot' });
  session.projectSaved({ ...radar, location: 'Leiden' }, 'radar');
  assert.equal(session.store.getState().projects.map((p) => [p.projectName, p.location]), [
    ['radar', 'Leiden'],
    ['pilot', 'London'],
  ]);
  session.projectSaved({ ...radar, projectName: 'radar-2' }, 'radar');
  await flush();
  assert.is(count('GET', 'api/account'), 3);
  session.projectDeleted('pilot');
  assert.equal(session.store.getState().projects.map((p) => p.projectName), ['radar-2']);
  assert.is(findProject(session.store.getState(), 'radar-2')?.location, 'London');
  assert.is(findOrganization(session.store.getState(), 'main')?.description, 'changed');
  assert.is(findProject(session.store.getState(), 'nope'), undefined);
  assert.is(count('GET', 'api/projects'), 1, 'patches never refetch');
});

caches.run();

const settings = suite('session: site settings and profile info');

settings('site settings are fetched once; unknown fields are warned about', async () => {
  const { session, count, reported } = setup({ 'GET api/sitesettings': json({ hiddenSubjectFields: ['GROUP', 'person_name', 'odd'] }) });
  const hidden = await session.loadSiteSettings();
  await session.loadSiteSettings();
  assert.equal([...hidden], ['group', 'person_name']);
  assert.ok(isSubjectFieldHidden(session.store.getState(), 'group'));
  assert.not.ok(isSubjectFieldHidden(session.store.getState(), 'date_of_birth'));
  assert.is(count('GET', 'api/sitesettings'), 1);
  assert.is(reported.warnings.length, 1);
});

settings('an invalid or failed site-settings answer is an empty set', async () => {
  for (const answer of [json('nonsense'), { status: 500 }] as Responder[]) {
    const { session } = setup({ 'GET api/sitesettings': answer });
    assert.is((await session.loadSiteSettings()).size, 0);
  }
});

settings('profile info drives the dev ribbon and the API docs menu', async () => {
  const { session, count } = setup({ 'GET api/profile-info': json({ activeProfiles: ['dev', 'api-docs'] }) });
  assert.not.ok(selectInDevProfile(session.store.getState()));
  await session.loadProfileInfo();
  await session.loadProfileInfo();
  assert.ok(selectInDevProfile(session.store.getState()));
  assert.ok(selectApiDocsEnabled(session.store.getState()));
  assert.is(count('GET', 'api/profile-info'), 1);
});

settings('destroy stops the cache refills', async () => {
  const { session, count } = setup({ 'GET api/account': json(admin) });
  session.destroy();
  await session.identity();
  await flush();
  assert.is(count('GET', 'api/organizations'), 0);
});

settings.run();
