// Who the client lets change a source type or source data row (docs/catalogue.md, "Who may change a source type"):
// the account's roles against the projects using the type, as the server decides.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { RoleDTO, SourceTypeDTO, SourceTypeUsageDTO } from '../../../../src/common/dto';
import { accountToken, rowUsage, sourceDataRefusals, sourceTypeRefusals } from '../../../../src/client/features/source-type/catalogue-access';

const account = (...roles: RoleDTO[]) => ({ roles });
const SYS = account({ authorityName: 'ROLE_SYS_ADMIN' });
const ORG_A = account({ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'A', organizationId: 1 });
const ORG_B = account({ authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'B', organizationId: 2 });
const role = (authorityName: string, projectName: string): RoleDTO => ({ authorityName, projectName, projectId: 1 });
const ADMIN_A1 = account(role('ROLE_PROJECT_ADMIN', 'a1'));
const OWNER_A1 = account(role('ROLE_PROJECT_OWNER', 'a1'));
const AFFILIATE_A1 = account(role('ROLE_PROJECT_AFFILIATE', 'a1'));
const ANALYST_A1 = account(role('ROLE_PROJECT_ANALYST', 'a1'));

const a1 = { projectName: 'a1', organizationName: 'A' };
const a2 = { projectName: 'a2', organizationName: 'A' };
const b1 = { projectName: 'b1', organizationName: 'B' };
const usage = (projectCount: number, ...projects: SourceTypeUsageDTO['projects']): SourceTypeUsageDTO => ({ projectCount, projects });
const both = (refusal: string | undefined) => ({ edit: refusal, delete: refusal });

const t = suite('catalogue access (client)');

t('accountToken: every permission, project roles refer to their project, organization roles to their organization', () => {
  const token = accountToken(account(role('ROLE_PROJECT_ADMIN', 'a1'), { authorityName: 'ROLE_ORGANIZATION_ADMIN', organizationName: 'A' }, { authorityName: 'ROLE_SYS_ADMIN' }));
  assert.equal(token.roles, [{ authority: 'ROLE_PROJECT_ADMIN', referent: 'a1' }, { authority: 'ROLE_ORGANIZATION_ADMIN', referent: 'A' }, { authority: 'ROLE_SYS_ADMIN' }]);
  assert.ok(token.scopes.includes('SOURCETYPE.UPDATE') && token.scopes.includes('SOURCEDATA.DELETE'));
  assert.is(token.clientCredentials, false);
  assert.equal(accountToken(null).roles, []);
});

t('a type used only by another organization\'s project: refused to every A-scoped role, allowed to B\'s admin and the system admin', () => {
  const onlyB = usage(1); // b1 is not readable by A staff: counted, not named
  for (const who of [ORG_A, ADMIN_A1, OWNER_A1, AFFILIATE_A1]) assert.equal(sourceTypeRefusals(who, onlyB), both('outOfScope'));
  assert.equal(sourceTypeRefusals(ORG_B, usage(1, b1)), both(undefined));
  assert.equal(sourceTypeRefusals(SYS, usage(1, b1)), both(undefined));
  assert.equal(sourceTypeRefusals(SYS, onlyB), both(undefined), 'a system admin needs no project named');
});

t('a type used by A only: allowed to A staff; a second project of A needs the organization admin', () => {
  for (const who of [ORG_A, ADMIN_A1, OWNER_A1, AFFILIATE_A1]) assert.equal(sourceTypeRefusals(who, usage(1, a1)), both(undefined));
  assert.equal(sourceTypeRefusals(ORG_B, usage(1)), both('outOfScope'));
  assert.equal(sourceTypeRefusals(ORG_A, usage(2, a1, a2)), both(undefined));
  assert.equal(sourceTypeRefusals(ADMIN_A1, usage(2, a1)), both('outOfScope'), 'a2 is not readable by a1\'s admin');
  assert.equal(sourceTypeRefusals(ADMIN_A1, usage(2, a1, a2)), both('outOfScope'), 'a2 readable but not administered');
});

t('a type used by A and B: only the system admin', () => {
  for (const who of [ORG_A, ADMIN_A1, OWNER_A1, AFFILIATE_A1]) assert.equal(sourceTypeRefusals(who, usage(2, a1)), both('outOfScope'));
  assert.equal(sourceTypeRefusals(ORG_B, usage(2, b1)), both('outOfScope'));
  assert.equal(sourceTypeRefusals(SYS, usage(2, a1, b1)), both(undefined));
});

t('an unused type: system and organization admins (of any organization); project staff refused; an unknown usage is left to the server', () => {
  for (const who of [SYS, ORG_A, ORG_B]) assert.equal(sourceTypeRefusals(who, usage(0)), both(undefined));
  for (const who of [ADMIN_A1, OWNER_A1, AFFILIATE_A1]) assert.equal(sourceTypeRefusals(who, usage(0)), both('unused'));
  assert.equal(sourceTypeRefusals(ADMIN_A1, undefined), both(undefined));
});

t('roles without the permission are refused whatever the usage (the analyst, no roles)', () => {
  assert.equal(sourceTypeRefusals(ANALYST_A1, usage(1, a1)), both('outOfScope'));
  assert.equal(sourceTypeRefusals(ANALYST_A1, usage(0)), both('unused'));
  assert.equal(sourceTypeRefusals(account(), usage(1, a1)), both('outOfScope'));
});

t('source data: its type\'s usage from the cached types; a row without a type is used by no project', () => {
  const types: SourceTypeDTO[] = [
    { id: 1, producer: 'P', model: 'A', catalogVersion: 'v1', sourceTypeScope: 'PASSIVE', canRegisterDynamically: false, usage: usage(1, a1) },
    { id: 2, producer: 'P', model: 'B', catalogVersion: 'v1', sourceTypeScope: 'PASSIVE', canRegisterDynamically: false, usage: usage(1) },
  ];
  assert.equal(rowUsage({ id: 1 }, types), usage(1, a1));
  assert.equal(rowUsage(undefined, types), usage(0));
  assert.equal(rowUsage({ id: 9 }, types), undefined, 'not cached: left to the server');
  assert.equal(sourceDataRefusals(ADMIN_A1, rowUsage({ id: 1 }, types)), both(undefined));
  assert.equal(sourceDataRefusals(ADMIN_A1, rowUsage({ id: 2 }, types)), both('outOfScope'));
  assert.equal(sourceDataRefusals(ADMIN_A1, rowUsage(undefined, types)), both('unused'));
  assert.equal(sourceDataRefusals(ORG_A, rowUsage(undefined, types)), both(undefined));
});

t.run();
