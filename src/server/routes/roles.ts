// api/roles (api.md §5.5): one role of a project or organization (ROLE.READ there; 403 before 404), all roles and the
// system-admin roles (system admins). Role rows are created lazily when a user is first given a role, so a project
// without a holder of an authority answers 404 for that authority.
import { parseAuthority } from '../../common/authorities';
import { requirePermission, requireSysAdmin } from '../auth/guards';
import { ok, type RequestContext } from '../http/context';
import { notFoundVm } from '../http/errors';
import { Router } from '../http/router';
import { loadRoles } from '../projects/role-dto';

async function all(ctx: RequestContext) {
  const principal = await requirePermission(ctx, 'ROLE.READ');
  // As the original: a client-credentials token may call this but gets no roles.
  if (!principal.login) return ok([]);
  return ok(await loadRoles(ctx.app.db, 'TRUE'));
}

async function admins(ctx: RequestContext) {
  await requireSysAdmin(ctx);
  return ok(await loadRoles(ctx.app.db, "r.authority_name = 'ROLE_SYS_ADMIN'"));
}

async function one(ctx: RequestContext) {
  const { name, authorityName } = ctx.params;
  const authority = parseAuthority(authorityName);
  if (authority?.scope === 'ORGANIZATION') {
    await requirePermission(ctx, 'ROLE.READ', { organization: name });
    const [role] = await loadRoles(ctx.app.db, 'r.authority_name = $1 AND o.name = $2', [authority.name, name]);
    if (!role) throw notFoundVm();
    return ok(role);
  }
  await requirePermission(ctx, 'ROLE.READ', { project: name });
  if (authority?.scope !== 'PROJECT') throw notFoundVm();
  const [role] = await loadRoles(ctx.app.db, 'r.authority_name = $1 AND p.project_name = $2', [authority.name, name]);
  if (!role) throw notFoundVm();
  return ok(role);
}

export function roleRoutes(): Router {
  return new Router().get('/api/roles', all).get('/api/roles/admin', admins).get('/api/roles/:name/:authorityName', one);
}
