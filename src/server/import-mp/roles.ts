// ManagementPortal role memberships as portal role ids. A role is (authority, project or organization or nothing);
// the portal's radar_role rows are created when missing. A membership whose authority the portal does not know, or
// whose project or organization was not imported, is left out and counted in the report's notes.
import type { ImportContext } from './context';
import type { MpRole } from './mp-model';

interface RoleRow {
  id: number;
  authority_name: string;
  project_id: number | null;
  organization_id: number | null;
}

const keyOf = (authority: string, projectId: number | null, organizationId: number | null) => `${authority}|${projectId ?? ''}|${organizationId ?? ''}`;

export interface PortalRole {
  authority: string;
  projectId: number | null;
  organizationId: number | null;
}

export class RoleResolver {
  private ids = new Map<string, number>();
  private scopes = new Map<string, string>();
  private constructor(private readonly ctx: ImportContext) {}

  static async load(ctx: ImportContext): Promise<RoleResolver> {
    const resolver = new RoleResolver(ctx);
    for (const a of await ctx.tx.query<{ name: string; scope: string }>('SELECT name, scope FROM radar_authority')) resolver.scopes.set(a.name, a.scope);
    await resolver.reload();
    return resolver;
  }

  private async reload(): Promise<void> {
    for (const r of await this.ctx.tx.query<RoleRow>('SELECT id, authority_name, project_id, organization_id FROM radar_role')) {
      this.ids.set(keyOf(r.authority_name, r.project_id === null ? null : Number(r.project_id), r.organization_id === null ? null : Number(r.organization_id)), Number(r.id));
    }
  }

  /** The portal form of a role, or the reason it cannot be carried over. */
  portalRole(role: MpRole): PortalRole | { skip: string } {
    const scope = this.scopes.get(role.authority);
    if (!scope) return { skip: `authority ${role.authority} does not exist in the portal` };
    const projectId = role.projectId === null ? null : this.ctx.map.numericId('project', role.projectId) ?? -1;
    const organizationId = role.organizationId === null ? null : this.ctx.map.numericId('organization', role.organizationId) ?? -1;
    if (projectId === -1) return { skip: 'its project was not imported' };
    if (organizationId === -1) return { skip: 'its organization was not imported' };
    const fits = scope === 'PROJECT' ? projectId !== null && organizationId === null
      : scope === 'ORGANIZATION' ? organizationId !== null && projectId === null
      : projectId === null && organizationId === null;
    if (!fits) return { skip: `${role.authority} is not held on a ${scope.toLowerCase()} there` };
    return { authority: role.authority, projectId, organizationId };
  }

  /** Role ids for these roles, creating the missing role rows. */
  async idsOf(roles: PortalRole[]): Promise<Map<string, number>> {
    const missing = roles.filter((r) => !this.ids.has(keyOf(r.authority, r.projectId, r.organizationId)));
    const unique = [...new Map(missing.map((r) => [keyOf(r.authority, r.projectId, r.organizationId), r])).values()];
    for (const r of unique) {
      await this.ctx.tx.query('INSERT INTO radar_role (authority_name, project_id, organization_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        r.authority, r.projectId, r.organizationId,
      ]);
    }
    if (unique.length) await this.reload();
    return this.ids;
  }

  idOf(r: PortalRole): number {
    return this.ids.get(keyOf(r.authority, r.projectId, r.organizationId))!;
  }
}
