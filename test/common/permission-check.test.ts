// The evaluation algorithm of docs/permissions.md: checkScope, checkPermission, referentsByScope.
// World: organization `main` holds projects `radar` and `pilot`; organization `other` holds `elsewhere`.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  PERMISSIONS,
  checkPermission,
  checkScope,
  minEntity,
  organizationOf,
  permissionEntity,
  permissionOperation,
  referentsByScope,
  type AuthToken,
  type EntityDetails,
  type Permission,
  type TokenRole,
} from '../../src/common/permissions';

const token = (roles: TokenRole[], extra: Partial<AuthToken> = {}): AuthToken => ({
  scopes: [...PERMISSIONS],
  roles,
  username: 'alice',
  clientCredentials: false,
  ...extra,
});

const radar: EntityDetails = { project: 'radar', projectOrganization: 'main' };
const elsewhere: EntityDetails = { project: 'elsewhere', projectOrganization: 'other' };
const inRadar = (more: EntityDetails): EntityDetails => ({ ...radar, ...more });
const inElsewhere = (more: EntityDetails): EntityDetails => ({ ...elsewhere, ...more });

const sysAdmin = token([{ authority: 'ROLE_SYS_ADMIN' }]);
const orgAdmin = token([{ authority: 'ROLE_ORGANIZATION_ADMIN', referent: 'main' }]);
const projectAdmin = token([{ authority: 'ROLE_PROJECT_ADMIN', referent: 'radar', projectOrganization: 'main' }]);
const analyst = token([{ authority: 'ROLE_PROJECT_ANALYST', referent: 'radar', projectOrganization: 'main' }]);
const participant = token([{ authority: 'ROLE_PARTICIPANT', referent: 'radar' }], {
  username: 'sub-1',
  sub: 'sub-1',
  sources: ['src-1'],
});
const client = token([], { clientCredentials: true, username: undefined, scopes: ['SUBJECT.READ', 'SOURCE.READ'] });

const helpers = suite('entity helpers');

helpers('minEntity picks the most specific set field', () => {
  assert.is(minEntity({}), undefined);
  assert.is(minEntity({ organization: 'main' }), 'ORGANIZATION');
  assert.is(minEntity({ organization: 'main', project: 'radar' }), 'PROJECT');
  assert.is(minEntity({ project: 'radar', subject: 's' }), 'SUBJECT');
  assert.is(minEntity({ project: 'radar', subject: 's', source: 'x' }), 'SOURCE');
  assert.is(minEntity({ project: 'radar', subject: 's', source: 'x', user: 'u' }), 'USER');
  assert.is(minEntity({ project: null, projectOrganization: 'main' }), undefined, 'null and the lookup field do not count');
});

helpers('organizationOf: the stored organization of the project, else the named one', () => {
  assert.is(organizationOf({ organization: 'main' }), 'main');
  assert.is(organizationOf({ project: 'radar', projectOrganization: 'main' }), 'main');
  assert.is(organizationOf({ organization: 'other', project: 'radar', projectOrganization: 'main' }), 'main');
  assert.is(organizationOf({ project: 'radar' }), undefined);
});

helpers.run();

const global = suite('global role');

global('a system admin passes every permission on any entity, including none', () => {
  for (const p of PERMISSIONS) {
    assert.ok(checkPermission(sysAdmin, p, {}), p);
    assert.ok(checkPermission(sysAdmin, p, inElsewhere({ subject: 'x' })), p);
    assert.ok(checkScope(sysAdmin, p), p);
  }
});

global('the entity argument defaults to empty (perm(P, global))', () => {
  assert.ok(checkPermission(sysAdmin, 'USER.CREATE'));
  assert.not.ok(checkPermission(orgAdmin, 'USER.CREATE'));
});

global.run();

const org = suite('organization admin');

org('acts on every project of its organization and their subjects and sources', () => {
  assert.ok(checkPermission(orgAdmin, 'PROJECT.READ', radar));
  assert.ok(checkPermission(orgAdmin, 'PROJECT.DELETE', { project: 'pilot', projectOrganization: 'main' }));
  assert.ok(checkPermission(orgAdmin, 'SUBJECT.READ', inRadar({ subject: 'sub-1' })));
  assert.ok(checkPermission(orgAdmin, 'SUBJECT.DELETE', inRadar({ subject: 'sub-1' })));
  assert.ok(checkPermission(orgAdmin, 'SOURCE.UPDATE', inRadar({ subject: 'sub-1', source: 'src-1' })));
  assert.ok(checkPermission(orgAdmin, 'ROLE.UPDATE', radar));
});

org('acts on its organization itself', () => {
  assert.ok(checkPermission(orgAdmin, 'ORGANIZATION.UPDATE', { organization: 'main' }));
  assert.ok(checkPermission(orgAdmin, 'PROJECT.CREATE', { organization: 'main' }));
  assert.ok(checkPermission(orgAdmin, 'PROJECT.READ', { organization: 'main' }));
  assert.not.ok(checkPermission(orgAdmin, 'ORGANIZATION.CREATE', { organization: 'main' }), 'not in the matrix');
});

org('does nothing in another organization', () => {
  assert.not.ok(checkPermission(orgAdmin, 'PROJECT.READ', elsewhere));
  assert.not.ok(checkPermission(orgAdmin, 'SUBJECT.READ', inElsewhere({ subject: 'x' })));
  assert.not.ok(checkPermission(orgAdmin, 'ORGANIZATION.READ', { organization: 'other' }));
  assert.not.ok(checkPermission(orgAdmin, 'PROJECT.CREATE', { organization: 'other' }));
});

org('a project with an unknown organization is out of reach', () => {
  assert.not.ok(checkPermission(orgAdmin, 'PROJECT.READ', { project: 'radar' }));
});

org('the project\'s stored organization wins over one named by the caller', () => {
  assert.not.ok(checkPermission(orgAdmin, 'PROJECT.UPDATE', { organization: 'main', ...elsewhere }));
  assert.ok(checkPermission(orgAdmin, 'PROJECT.UPDATE', { organization: 'other', ...radar }));
});

org('holds no measurement, audit, authority or global-only permission', () => {
  assert.not.ok(checkPermission(orgAdmin, 'MEASUREMENT.READ', inRadar({ subject: 's' })));
  assert.not.ok(checkPermission(orgAdmin, 'AUDIT.READ', radar));
  assert.not.ok(checkPermission(orgAdmin, 'SUBJECT.READ', {}), 'empty entity');
});

org.run();

const project = suite('project admin');

project('acts on its own project only', () => {
  assert.ok(checkPermission(projectAdmin, 'PROJECT.UPDATE', radar));
  assert.ok(checkPermission(projectAdmin, 'SUBJECT.CREATE', radar));
  assert.ok(checkPermission(projectAdmin, 'SUBJECT.DELETE', inRadar({ subject: 'sub-1' })));
  assert.ok(checkPermission(projectAdmin, 'MEASUREMENT.CREATE', inRadar({ subject: 'sub-1', source: 'any' })));
  assert.not.ok(checkPermission(projectAdmin, 'PROJECT.UPDATE', { project: 'pilot', projectOrganization: 'main' }));
  assert.not.ok(checkPermission(projectAdmin, 'SUBJECT.READ', inElsewhere({ subject: 'x' })));
  assert.not.ok(checkPermission(projectAdmin, 'PROJECT.CREATE', { organization: 'main' }), 'not in the matrix');
});

project('may read its project\'s organization, and nothing more of it', () => {
  assert.ok(checkPermission(projectAdmin, 'ORGANIZATION.READ', { organization: 'main' }));
  assert.ok(checkPermission(projectAdmin, 'ORGANIZATION.READ', { organization: 'main', project: 'radar' }));
  assert.not.ok(checkPermission(projectAdmin, 'ORGANIZATION.READ', { organization: 'other' }));
  assert.not.ok(checkPermission(projectAdmin, 'ORGANIZATION.UPDATE', { organization: 'main' }));
  const withoutLookup = token([{ authority: 'ROLE_PROJECT_ADMIN', referent: 'radar' }]);
  assert.not.ok(checkPermission(withoutLookup, 'ORGANIZATION.READ', { organization: 'main' }), 'role org unknown');
  assert.ok(checkPermission(withoutLookup, 'ORGANIZATION.READ', radar), 'reached through E.project');
});

project('an organization-level check does not reach a project admin', () => {
  assert.not.ok(checkPermission(projectAdmin, 'PROJECT.READ', { organization: 'main' }));
});

project('entity-free permissions still need some entity', () => {
  assert.ok(checkPermission(projectAdmin, 'SOURCETYPE.CREATE', radar));
  assert.not.ok(checkPermission(projectAdmin, 'SOURCETYPE.CREATE', elsewhere));
  assert.not.ok(checkPermission(projectAdmin, 'SOURCETYPE.CREATE', {}));
  assert.not.ok(checkPermission(projectAdmin, 'OAUTHCLIENTS.READ', {}));
});

project('any non-personal role holding USER.* may act on any user', () => {
  assert.ok(checkPermission(projectAdmin, 'USER.UPDATE', { user: 'bob' }));
  assert.ok(checkPermission(projectAdmin, 'USER.READ', { user: 'alice' }));
  const owner = token([{ authority: 'ROLE_PROJECT_OWNER', referent: 'radar' }]);
  assert.not.ok(checkPermission(owner, 'USER.UPDATE', { user: 'alice' }), 'owners hold no USER permission');
});

project.run();

const personal = suite('participant');

personal('reads and updates only its own subject', () => {
  assert.ok(checkPermission(participant, 'SUBJECT.READ', inRadar({ subject: 'sub-1' })));
  assert.ok(checkPermission(participant, 'SUBJECT.UPDATE', inRadar({ subject: 'sub-1' })));
  assert.not.ok(checkPermission(participant, 'SUBJECT.READ', inRadar({ subject: 'sub-2' })));
  assert.not.ok(checkPermission(participant, 'SUBJECT.READ', radar), 'no subject named');
  assert.not.ok(checkPermission(participant, 'SUBJECT.READ', { project: 'pilot', subject: 'sub-1' }), 'other project');
  assert.not.ok(checkPermission(participant, 'SUBJECT.CREATE', inRadar({ subject: 'sub-1' })));
  assert.not.ok(checkPermission(participant, 'SUBJECT.DELETE', inRadar({ subject: 'sub-1' })));
});

personal('measures only with its own sources', () => {
  const own = inRadar({ subject: 'sub-1', source: 'src-1' });
  assert.ok(checkPermission(participant, 'MEASUREMENT.CREATE', own));
  assert.ok(checkPermission(participant, 'MEASUREMENT.READ', own));
  assert.ok(checkPermission(participant, 'MEASUREMENT.CREATE', inRadar({ subject: 'sub-1' })), 'no source named');
  assert.not.ok(checkPermission(participant, 'MEASUREMENT.CREATE', inRadar({ subject: 'sub-1', source: 'src-2' })));
  assert.not.ok(checkPermission(participant, 'MEASUREMENT.CREATE', inRadar({ subject: 'sub-2', source: 'src-1' })));
  assert.not.ok(checkPermission(participant, 'SOURCE.READ', own), 'not in the matrix');
});

personal('a participant token without sub reaches no subject', () => {
  const noSub = token([{ authority: 'ROLE_PARTICIPANT', referent: 'radar' }], { sub: undefined });
  assert.not.ok(checkPermission(noSub, 'SUBJECT.READ', radar));
});

personal('an inactive participant can do nothing', () => {
  const inactive = token([{ authority: 'ROLE_INACTIVE_PARTICIPANT', referent: 'radar' }], { sub: 'sub-1' });
  for (const p of PERMISSIONS) {
    assert.not.ok(checkPermission(inactive, p, inRadar({ subject: 'sub-1' })), p);
    assert.not.ok(checkScope(inactive, p), p);
  }
});

personal.run();

const analysts = suite('project analyst');

analysts('read-only on its project, plus SUBJECT.UPDATE', () => {
  const allowed = (p: Permission) =>
    (permissionOperation(p) === 'READ' && !['AUDIT', 'AUTHORITY', 'USER'].includes(permissionEntity(p))) ||
    p === 'SUBJECT.UPDATE';
  for (const p of PERMISSIONS) {
    assert.is(checkPermission(analyst, p, inRadar({ subject: 'sub-1' })), allowed(p), p);
    assert.not.ok(checkPermission(analyst, p, inElsewhere({ subject: 'x' })), `${p} elsewhere`);
  }
});

analysts.run();

const clients = suite('client credentials');

clients('pass any entity check for the scopes they carry, without roles', () => {
  assert.ok(checkPermission(client, 'SUBJECT.READ', {}));
  assert.ok(checkPermission(client, 'SUBJECT.READ', inElsewhere({ subject: 'x' })));
  assert.ok(checkScope(client, 'SOURCE.READ'));
  assert.not.ok(checkPermission(client, 'SUBJECT.UPDATE', radar), 'scope not carried');
  assert.not.ok(checkScope(client, 'SUBJECT.UPDATE'));
});

clients.run();

const scopes = suite('scopes');

scopes('a missing scope denies even a system admin', () => {
  const narrow = token([{ authority: 'ROLE_SYS_ADMIN' }], { scopes: ['SUBJECT.READ'] });
  assert.ok(checkPermission(narrow, 'SUBJECT.READ', {}));
  assert.not.ok(checkPermission(narrow, 'SUBJECT.UPDATE', {}));
  assert.not.ok(checkScope(narrow, 'PROJECT.READ'));
});

scopes('checkScope: the scope plus a role that may be granted it, no entity check', () => {
  assert.ok(checkScope(projectAdmin, 'SUBJECT.DELETE'));
  assert.ok(checkScope(analyst, 'SUBJECT.UPDATE'));
  assert.not.ok(checkScope(analyst, 'SUBJECT.CREATE'));
  assert.not.ok(checkScope(orgAdmin, 'AUDIT.READ'), 'scope present, role never granted it');
  assert.not.ok(checkScope(token([]), 'SUBJECT.READ'), 'no roles');
});

scopes('role names parse case-insensitively; unknown roles are ignored', () => {
  const odd = token([
    { authority: 'ROLE_USER' },
    { authority: 'project_admin', referent: 'radar' },
  ]);
  assert.ok(checkPermission(odd, 'SUBJECT.READ', radar));
  assert.ok(checkScope(odd, 'SUBJECT.READ'));
  assert.not.ok(checkScope(token([{ authority: 'ROLE_USER' }]), 'SUBJECT.READ'));
});

scopes('any one role is enough', () => {
  const both = token([
    { authority: 'ROLE_PROJECT_ANALYST', referent: 'pilot' },
    { authority: 'ROLE_PROJECT_ADMIN', referent: 'radar' },
  ]);
  assert.ok(checkPermission(both, 'SUBJECT.DELETE', radar));
  assert.not.ok(checkPermission(both, 'SUBJECT.DELETE', { project: 'pilot' }));
  assert.ok(checkPermission(both, 'SUBJECT.READ', { project: 'pilot' }));
});

scopes.run();

const referents = suite('referentsByScope');

referents('client credentials are global', () => {
  assert.equal(referentsByScope(client, 'PROJECT.READ'), {
    global: true,
    organizations: [],
    projects: [],
    personalProjects: [],
  });
});

referents('collects referents of the roles that may be granted the permission', () => {
  const mixed = token([
    { authority: 'ROLE_ORGANIZATION_ADMIN', referent: 'main' },
    { authority: 'ROLE_PROJECT_ADMIN', referent: 'radar' },
    { authority: 'ROLE_PROJECT_ANALYST', referent: 'pilot' },
    { authority: 'ROLE_PROJECT_ANALYST', referent: 'pilot' },
    { authority: 'ROLE_PARTICIPANT', referent: 'elsewhere' },
    { authority: 'ROLE_INACTIVE_PARTICIPANT', referent: 'old' },
  ]);
  assert.equal(referentsByScope(mixed, 'SUBJECT.READ'), {
    global: false,
    organizations: ['main'],
    projects: ['radar', 'pilot'],
    personalProjects: ['elsewhere'],
  });
  assert.equal(referentsByScope(mixed, 'SUBJECT.DELETE'), {
    global: false,
    organizations: ['main'],
    projects: ['radar'],
    personalProjects: [],
  });
  assert.equal(referentsByScope(mixed, 'AUDIT.READ'), {
    global: false,
    organizations: [],
    projects: [],
    personalProjects: [],
  });
});

referents('a global role sets the global flag', () => {
  const r = referentsByScope(token([{ authority: 'ROLE_SYS_ADMIN' }, { authority: 'ROLE_PROJECT_ADMIN', referent: 'radar' }]), 'PROJECT.READ');
  assert.ok(r.global);
  assert.equal(r.projects, ['radar']);
});

referents('does not look at the token scopes', () => {
  const r = referentsByScope(token([{ authority: 'ROLE_PROJECT_ADMIN', referent: 'radar' }], { scopes: [] }), 'PROJECT.READ');
  assert.equal(r.projects, ['radar']);
});

referents.run();
