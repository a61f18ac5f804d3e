// Every route of the table (buildRouter().routeTable()) called as every kind of caller, in and out of the callers'
// scope, and compared with what its access declaration and the permission matrix allow (docs/permissions.md): the
// expected outcome is computed with the functions of src/common/permission-check.ts on the fixture's entity, never
// read from the server. "Allowed" is any status but 401 and 403; "denied" is 403 (401 for anonymous). A new route is
// covered as soon as it is registered, or fails here until route-cases.ts knows how to fill it in. With
// ROUTE_TEST_DUMP=<file> every case's answer is written to that file.
import { writeFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkPermission, checkScope, type AuthToken } from '../../../src/common/permission-check';
import { permissionEntity, permissionOperation } from '../../../src/common/permission-matrix';
import { buildRouter } from '../../../src/server/app';
import type { RouteEntry } from '../../../src/server/http/route';
import { dropTemplates } from '../../setup/database';
import { bodyInit, buildCase, entityOf, isScoped, malformedQuery, ROUTES, routeKey, type RouteSpec, type Target } from './route-cases';
import { OTHER_ORGANIZATION_STAFF, SIDES, startWorld, type Caller, type Moved, type Side, type World } from './world';

const entries: RouteEntry[] = buildRouter().routeTable().map((r) => r.entry);

/** What the entry's access declaration and the matrix allow this token on this target. */
function declaredAllowed(entry: RouteEntry, token: AuthToken | undefined, target: Target): boolean {
  const access = entry.access;
  if (access.kind === 'public' || access.kind === 'client') return true;
  if (!token) return false;
  switch (access.kind) {
    case 'authenticated':
      return true;
    case 'sysAdmin':
      return !token.clientCredentials && token.roles.some((r) => r.authority === 'ROLE_SYS_ADMIN');
    case 'scope':
      return checkScope(token, access.permission);
    case 'permission': {
      const { permission, on } = access;
      if (!checkPermission(token, permission, entityOf(on, target))) return false;
      // A user lives where its roles live (docs/permissions.md): reading needs one of its roles in the caller's scope,
      // changing or deleting it all of them. Role changes are decided role by role instead (docs/users.md).
      if (on !== 'user' || !target.userProjects || target.user === token.username || permission === 'ROLE.UPDATE') return true;
      const covered = (project: string) =>
        checkPermission(token, permission, { project, projectOrganization: project === 'a1' ? 'org-a' : 'org-b' });
      const read = permissionOperation(permission) === 'READ';
      return read ? target.userProjects.some(covered) : permissionEntity(permission) === 'USER' ? target.userProjects.every(covered) : true;
    }
  }
}

function expectedAllowed(entry: RouteEntry, spec: RouteSpec, token: AuthToken | undefined, target: Target): boolean {
  const declared = declaredAllowed(entry, token, target);
  return spec.expect ? spec.expect(token, target, declared) : declared;
}

interface Finding {
  route: string;
  caller: string;
  side: Side | '-';
  status: number;
  expected: string;
  body: string;
}

let world: World;
const t = suite('the permission matrix, for every route and every kind of caller');
t.before(async () => {
  world = await startWorld();
});
t.after(async () => {
  await world?.server.close();
  await dropTemplates();
});

t('the route tables name only routes that exist, and say why for every adjustment', () => {
  const keys = new Set(entries.map(routeKey));
  for (const [key, spec] of Object.entries(ROUTES)) {
    assert.ok(keys.has(key), `route-cases.ts ROUTES names ${key}, which the route table lacks`);
    assert.ok((!spec.expect && !spec.deniedAs) || spec.why, `${key}: an adjusted outcome without its reason`);
  }
});

t('every route answers every caller as the matrix says, in and out of scope', async () => {
  const started = performance.now();
  const leaks: Finding[] = [];
  const overRefusals: Finding[] = [];
  const wrongDenials: Finding[] = [];
  const serverErrors: Finding[] = [];
  let cases = 0;
  let malformedCases = 0;
  const dump: string[] = [];
  for (const entry of entries) {
    const key = routeKey(entry);
    const spec = ROUTES[key] ?? {};
    const sides: (Side | '-')[] = isScoped(entry) ? [...SIDES] : ['-'];
    for (const side of sides) {
      // The callers of a read run together, which keeps the test fast; writes one by one, so that those writing the
      // same values back to a shared fixture never race each other.
      const callOne = async (caller: Caller) => {
        const c = await buildCase(entry, { w: world, side: side === '-' ? 'in' : side, caller });
        const bearer = c.as?.bearer ?? caller.bearer;
        const token = c.as ? c.as.token : caller.token;
        const allowed = expectedAllowed(entry, spec, token, c.target);
        const url = c.query ? `${c.path}?${c.query}` : c.path;
        const res = await world.call(bearer, entry.method, url, bodyInit(c.body));
        cases++;
        if (process.env.ROUTE_TEST_DUMP) dump.push(`${key} ${side} ${caller.name}: ${res.status} ${allowed ? 'allowed' : 'denied'} ${res.status >= 400 ? res.text.slice(0, 120) : ''}`);
        const hidden = bearer ? spec.deniedAs?.(token, c.target) : undefined;
        const denial = hidden?.status ?? spec.deniedStatus ?? (bearer ? 403 : 401);
        const finding = (expected: string): Finding => ({ route: key, caller: caller.name, side, status: res.status, expected, body: res.text.slice(0, 200) });
        if (res.status >= 500) serverErrors.push(finding(allowed ? 'allowed' : `${denial}`));
        const refused = res.status === 401 || res.status === 403 || (!!hidden && res.status === hidden.status && res.body?.errorCode === hidden.errorCode);
        if (allowed && refused) overRefusals.push(finding('allowed'));
        else if (!allowed && !refused) leaks.push(finding(`${denial}`));
        else if (!allowed && res.status !== denial) wrongDenials.push(finding(`${denial}`));
        // A refused caller learns nothing about valid input: the same refusal with a malformed query, never a 400.
        const broken = !allowed && !hidden ? malformedQuery(entry, c.query) : undefined;
        if (broken !== undefined) {
          const bad = await world.call(bearer, entry.method, `${c.path}?${broken}`, bodyInit(c.body));
          malformedCases++;
          if (bad.status !== denial) {
            wrongDenials.push({ route: `${key}?${broken}`, caller: caller.name, side, status: bad.status, expected: `${denial} (malformed query)`, body: bad.text.slice(0, 200) });
          }
        }
      };
      if (entry.method === 'GET') await Promise.all(world.callers.map(callOne));
      else for (const caller of world.callers) await callOne(caller);
    }
  }
  if (process.env.ROUTE_TEST_DUMP) writeFileSync(process.env.ROUTE_TEST_DUMP, dump.join('\n'));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\n  permission matrix: ${entries.length} routes, ${cases} cases (and ${malformedCases} refused callers with a malformed query), ${leaks.length} leaks, ${overRefusals.length} over-refusals, `
    + `${wrongDenials.length} denials with the wrong status, ${serverErrors.length} 5xx (${seconds} s)`);
  const show = (title: string, list: Finding[]) => list.length
    ? `${title}:\n${list.map((f) => `  ${f.route} as ${f.caller} (${f.side}): ${f.status}, expected ${f.expected} ${f.body}`).join('\n')}\n`
    : '';
  const report = show('leaks (allowed but should be denied)', leaks) + show('over-refusals (denied but should be allowed)', overRefusals)
    + show('denials with the wrong status', wrongDenials) + show('5xx', serverErrors);
  assert.ok(!report, `\n${report}`);
  assert.ok(cases > entries.length * world.callers.length, `${cases} cases`);
  assert.ok(malformedCases > 0, 'refused callers were tried with malformed queries');
});

/**
 * Subjects that changed project, both ways (a1 -> b1 and b1 -> a1), as every kind of caller and the other
 * organization's staff (docs/permissions.md, "A subject that left"): the former project's lists of former participants
 * and their exports answer whoever may read that project's subjects, with the subject's values from its new project
 * only for a caller who may read subjects there; the subject and its history answer only such a caller, and its
 * first snapshot's project (the former one) in full only to a caller who may read that project, else by name.
 */
t('subjects that moved: no personal data across project lines, for every caller, both ways', async () => {
  const organizationOf = (side: Side) => world.scopes[side].organization;
  const projectOf = (side: Side) => world.scopes[side].project;
  const staff: Caller = {
    ...OTHER_ORGANIZATION_STAFF,
    bearer: await world.bearerFor(OTHER_ORGANIZATION_STAFF.login!),
    token: world.tokenOf(OTHER_ORGANIZATION_STAFF),
  };
  const findings: string[] = [];
  let cases = 0;
  const expectRefused = (what: string, caller: Caller, status: number, text: string) => {
    const denial = caller.bearer ? 403 : 401;
    if (status !== denial) findings.push(`${what} as ${caller.name}: ${status}, expected ${denial} ${text.slice(0, 160)}`);
  };
  const check = async (caller: Caller, m: Moved) => {
    const token = caller.token;
    const from = projectOf(m.from);
    const readsList = !!token && checkPermission(token, 'SUBJECT.READ', { project: from, projectOrganization: organizationOf(m.from) });
    const readsSubject = !!token && checkPermission(token, 'SUBJECT.READ', { project: projectOf(m.to), projectOrganization: organizationOf(m.to), subject: m.login });
    const readsFormerProject = !!token && checkPermission(token, 'PROJECT.READ', { project: from, projectOrganization: organizationOf(m.from) });
    const lists = [
      `/api/projects/${from}/subjects?authority=ROLE_INACTIVE_PARTICIPANT`,
      `/api/subjects?projectName=${from}&authority=ROLE_INACTIVE_PARTICIPANT`,
      `/api/projects/${from}/subjects.csv?authority=ROLE_INACTIVE_PARTICIPANT`,
      `/api/subjects.csv?projectName=${from}&authority=ROLE_INACTIVE_PARTICIPANT`,
      `/api/projects/${from}/subjects?authority=ROLE_INACTIVE_PARTICIPANT&personName=${encodeURIComponent(m.secrets[0])}`,
    ];
    for (const path of lists) {
      cases++;
      const res = await world.call(caller.bearer, 'GET', path);
      const what = `GET ${path} (${m.login})`;
      if (!readsList) { expectRefused(what, caller, res.status, res.text); continue; }
      if (res.status !== 200) { findings.push(`${what} as ${caller.name}: ${res.status}, expected 200 ${res.text.slice(0, 160)}`); continue; }
      const filtered = path.includes('personName=');
      if (!filtered && !res.text.includes(m.login)) findings.push(`${what} as ${caller.name}: the subject that left is not listed`);
      const shown = m.secrets.filter((secret) => res.text.includes(secret));
      if (!readsSubject && shown.length) findings.push(`${what} as ${caller.name}: leaks ${shown.join(', ')}`);
      if (readsSubject && !res.text.includes(m.secrets[0])) findings.push(`${what} as ${caller.name}: withholds what it may read`);
    }
    for (const path of [`/api/subjects/${m.login}`, `/api/subjects/${m.login}/revisions`, `/api/subjects/${m.login}/revisions/${m.firstRevision}`]) {
      cases++;
      const res = await world.call(caller.bearer, 'GET', path);
      const what = `GET ${path}`;
      if (!readsSubject) { expectRefused(what, caller, res.status, res.text); continue; }
      if (res.status !== 200) { findings.push(`${what} as ${caller.name}: ${res.status}, expected 200 ${res.text.slice(0, 160)}`); continue; }
      if (!path.includes('/revisions')) continue;
      const first = path.endsWith('/revisions') ? res.body[0].entity : res.body;
      const project = first.project as Record<string, unknown>;
      const nameOnly = Object.keys(project).length === 1 && project.projectName === from;
      if (readsFormerProject && nameOnly) findings.push(`${what} as ${caller.name}: the former project by name only, though it may read it`);
      if (!readsFormerProject && !nameOnly) findings.push(`${what} as ${caller.name}: leaks the former project ${JSON.stringify(project)}`);
    }
  };
  for (const m of Object.values(world.moved)) {
    await Promise.all([...world.callers, staff].map((caller) => check(caller, m)));
  }
  console.log(`\n  moved subjects: ${Object.keys(world.moved).length} subjects, ${world.callers.length + 1} callers, ${cases} cases, ${findings.length} findings`);
  assert.ok(!findings.length, `\n${findings.join('\n')}`);
  assert.is(cases, 2 * (world.callers.length + 1) * 8);
});

t.run();
