// Reading users (api.md §5.4, §5.3): the paged list, one user, one user's roles, and the authorities list. Roles
// outside the caller's scope are left out of every answer.
import { LISTED_AUTHORITIES } from '../../common/authorities';
import { requireScope } from '../auth/guards';
import { ok, type RequestContext, type Reply } from '../http/context';
import { pagingHeaders } from '../http/paging';
import { toUserDTO, USER_COLUMNS, userDTOs, type UserRow } from './user-dto';
import { findUserInScope, visibleTo } from './user-http';
import { userListQuery, userPageSql } from './user-list';
import { toRoleDTO } from './user-roles';

export async function listUsers(ctx: RequestContext): Promise<Reply> {
  const principal = await requireScope(ctx, 'USER.READ');
  const q = userListQuery(ctx.query, principal.token);
  const db = ctx.app.db;
  const [{ total }] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM radar_user u WHERE ${q.where}`, q.params);
  const page = userPageSql(q, USER_COLUMNS);
  const rows = await db.query<UserRow>(page.sql, page.params);
  const users = await userDTOs(db, rows, { includeProvenance: q.includeProvenance, visibleRole: visibleTo(principal, 'USER.READ') });
  return ok(users, pagingHeaders('/api/users', q.pageable, total));
}

export async function getUser(ctx: RequestContext): Promise<Reply> {
  const principal = await requireScope(ctx, 'USER.READ');
  const { row, roles } = await findUserInScope(ctx.app.db, principal, { login: ctx.params.login }, 'USER.READ');
  return ok(toUserDTO(row, roles, { visibleRole: visibleTo(principal, 'USER.READ') }));
}

export async function getUserRoles(ctx: RequestContext): Promise<Reply> {
  const principal = await requireScope(ctx, 'ROLE.READ');
  const { roles } = await findUserInScope(ctx.app.db, principal, { login: ctx.params.login }, 'ROLE.READ');
  return ok(roles.filter(visibleTo(principal, 'ROLE.READ')).map(toRoleDTO));
}

/** The fixed list of assignable authorities; AUTHORITY.READ, which only system admins hold. */
export async function listAuthorities(ctx: RequestContext): Promise<Reply> {
  await requireScope(ctx, 'AUTHORITY.READ');
  return ok(LISTED_AUTHORITIES);
}
