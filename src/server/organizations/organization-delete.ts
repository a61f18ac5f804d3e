// DELETE api/organizations/{name} (the original has none; the client calls it). Refused with 409
// `error.organizationNotEmpty` while the organization still has projects. Its organization roles go with it (their
// holders lose them), each recorded as a role DEL next to the organization's DEL in one revision.
import type { Principal } from '../auth/principal';
import { first } from '../db/database';
import type { RequestContext } from '../http/context';
import { apiError } from '../http/errors';
import { organizationNotFound } from '../http/not-found';
import { toRoleDTO, ROLE_SELECT, type RoleRow } from '../roles/role-dto';
import { authorOf, recordRevision, type EntityChange } from '../revisions/record';
import { loadOrganization } from './organization-dto';
import { writeTransaction } from '../db/write-transaction';

const notEmpty = (name: string, projects: number) =>
  apiError(
    409,
    'error.organizationNotEmpty',
    'organization',
    `Organization ${name} still has ${projects} project(s); delete or move them first.`,
    { name, projects: String(projects) },
  );


export async function deleteOrganization(ctx: RequestContext, principal: Principal, name: string): Promise<void> {
  await writeTransaction(
    ctx,
    async (tx) => {
      const org = await first<{ id: number }>(tx, 'SELECT id FROM radar_organization WHERE name = $1 FOR UPDATE', [name]);
      if (!org) throw organizationNotFound(name);
      const [{ projects }] = await tx.query<{ projects: number }>(
        'SELECT count(*)::int AS projects FROM project WHERE organization_id = $1',
        [org.id],
      );
      if (projects > 0) throw notEmpty(name, projects);
      const snapshot = (await loadOrganization(tx, name))!;
      const roles = await tx.query<RoleRow>(`${ROLE_SELECT} WHERE r.organization_id = $1 ORDER BY r.id`, [org.id]);
      await tx.query('DELETE FROM radar_organization WHERE id = $1', [org.id]);
      const changes: EntityChange[] = [
        { kind: 'organization', id: org.id, key: name, type: 'DEL', snapshot },
        ...roles.map((r): EntityChange => ({ kind: 'role', id: r.id, key: `${name}:${r.authority_name}`, type: 'DEL', snapshot: toRoleDTO(r) })),
      ];
      await recordRevision(tx, authorOf(principal), changes);
    },
    // A project created in the organization meanwhile blocks the delete through the foreign key.
    { foreignKey: () => notEmpty(name, 1) },
  );
}
