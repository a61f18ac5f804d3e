// User management and the authorities list (docs/users.md). A user lives where its roles live: the entries that name
// one user find it within the caller's scope (user-http.ts), so a user outside it is a 403 and an unknown login a
// 404; roles outside the caller's scope are left out of every answer.
import { recordSubjectUserView } from '../subjects/subject-views';
import { LISTED_AUTHORITIES } from '../../common/authorities';
import { checkScope } from '../../common/permission-check';
import { arrayOf, ref } from '../../common/schema';
import { ok } from '../http/context';
import { apiError } from '../http/errors';
import { pagingHeaders } from '../http/paging';
import { perm, route, scope, type JsonBody, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { createUser } from './user-create';
import { importUsers } from './user-import';
import { booleanParam } from '../http/query-params';
import { findUserRow, toUserDTO, type UserRow } from './user-dto';
import { findUserInScope, USER_ENTITY, visibleTo, type ScopedUser } from './user-http';
import { toUserInput, USER_BODY } from './user-input';
import { parseUserListQuery, readUserList, USER_LIST_PARAMS, userListQuery, type UserListCriteria, type UserListPage } from './user-list';
import { toRoleDTO, userRolesFromJson } from './user-roles';
import { deleteUser, refuseSelfDelete, updateUser, updateUserRoles } from './user-update';

const TAG = 'Users';
const ROLE_RULES = 'Each role needs authorityName plus projectId (project roles) or organizationId (organization roles); '
  + 'the caller needs ROLE.UPDATE where each added or removed role lives.';

/** PUT api/users: USER_BODY with the id required. */
const UPDATE_BODY: JsonBody = {
  ...USER_BODY,
  extra: (body) => (body.id === undefined || body.id === null
    ? [{ objectName: USER_BODY.objectName, field: 'id', message: 'NotNull: must not be null' }]
    : []),
};

const ROLES_BODY: JsonBody = { objectName: 'roleDTO', schema: arrayOf(ref('RoleDTO')), anyJson: true };

/** The entity of a user the finder found in the caller's scope. */
const located = (found: ScopedUser) => ({ entity: { user: found.row.login }, found });

export const userRoutes: RouteEntry[] = [
  route<undefined, undefined, UserListPage, UserListCriteria>({
    method: 'GET', path: '/api/users', access: scope('USER.READ'),
    parseQuery: parseUserListQuery,
    query: USER_LIST_PARAMS,
    early: {
      likely: (claimed) => checkScope(claimed, 'USER.READ'),
      read: async ({ ctx, query }, callerLogin, token) => readUserList(ctx.app.db, userListQuery(query, token), callerLogin),
    },
    handler: async ({ ctx, principal, query, early }) => {
      const q = userListQuery(query, principal.token);
      let page = await early();
      if (page.key !== q.key) page = (await readUserList(ctx.app.db, q)).value; // the token's roles were out of date
      const options = { includeProvenance: q.includeProvenance, visibleRole: visibleTo(principal, 'USER.READ') };
      const users = page.rows.map((row) => toUserDTO(row, userRolesFromJson(row.roles), options));
      return ok(users, pagingHeaders('/api/users', q.pageable, page.total));
    },
    doc: {
      tag: TAG, summary: 'List staff users',
      description: 'Users with a staff role the caller can see (or no role at all); participants are never listed. Any other query parameter is a 400.',
      success: doc.paged('UserDTO', 'One page of users'),
    },
  }),

  route({
    method: 'POST', path: '/api/users', access: scope('USER.CREATE'), body: USER_BODY,
    handler: ({ ctx, principal, body }) => createUser(ctx, principal, toUserInput(body)),
    doc: {
      tag: TAG, summary: 'Create a user', description: `Sends the new user an activation e-mail. ${ROLE_RULES}`,
      success: doc.created(ref('UserDTO'), 'Created; alert userManagement.created'),
      errors: { 400: 'idexists, userexists, emailexists (failure alerts), error.invalidAuthority', 404: 'error.invalidAuthority: unknown project or organization' },
    },
  }),

  route<string, undefined, undefined, { dryRun: boolean }>({
    method: 'POST', path: '/api/users/import', access: scope('USER.CREATE'),
    parseQuery: (query) => ({ dryRun: booleanParam(query, 'dryRun', true) }),
    query: { dryRun: doc.flag('Only check and report (the default); false creates the users', true) },
    body: { kind: 'csv', limit: 4 * 1024 * 1024, description: 'Columns login, firstName, lastName, email, langKey, roles (ROLE_X:scope separated by |)' },
    handler: ({ ctx, principal, body, query }) => importUsers(ctx, principal, body, query.dryRun),
    doc: {
      tag: TAG, summary: 'Import staff users from CSV',
      description: `Each row a new user, with the checks of POST api/users; any error means nothing is written. Activation mails follow the commit, within the mail limits. ${ROLE_RULES}`,
      success: doc.ok(ref('ImportReportVM'), 'What was (or, dry run, would be) created, every error, and after a commit the logins not mailed'),
      errors: {
        400: 'error.importInvalid: a commit of a file with errors; not UTF-8',
        413: 'error.payloadTooLarge over 4 MB; error.importTooManyRows over IMPORT_MAX_ROWS rows (10,000 by default)',
      },
    },
  }),

  route<Record<string, unknown>, ScopedUser>({
    method: 'PUT', path: '/api/users', access: perm('USER.UPDATE', 'user'), body: UPDATE_BODY,
    findFromBody: true,
    find: async ({ ctx, principal, body }) => located(await findUserInScope(ctx.app.db, principal, { id: body.id as number }, 'USER.UPDATE', true)),
    handler: ({ ctx, principal, body, found }) => updateUser(ctx, principal, toUserInput(body), found),
    doc: {
      tag: TAG, summary: 'Update a user',
      description: `Replaces names, e-mail, activated, language and roles; the login never changes. Every role of the user must lie in the caller's scope. ${ROLE_RULES}`,
      success: doc.ok(ref('UserDTO'), 'Saved; alert userManagement.updated', ['alert']),
      errors: {
        400: 'Field errors (id is required), emailexists, userexists, error.invalidAuthority', 404: 'No user with this id',
        403: 'error.invalidsubjectstate: a removed subject cannot be activated',
      },
    },
  }),

  route<undefined, ScopedUser>({
    method: 'GET', path: '/api/users/:login', access: perm('USER.READ', 'user'),
    find: async ({ ctx, principal, params }) => located(await findUserInScope(ctx.app.db, principal, { login: params.login }, 'USER.READ')),
    // A subject's user holds its e-mail address and names: reading it is a view of the subject (subjects/subject-views.ts).
    handler: async ({ ctx, principal, found: { row, roles } }) => {
      await recordSubjectUserView(ctx.app.db, principal, row.login);
      return ok(toUserDTO(row, roles, { visibleRole: visibleTo(principal, 'USER.READ') }));
    },
    doc: {
      tag: TAG, summary: 'One user', pathParams: { login: 'The user\'s login' },
      success: doc.ok(ref('UserDTO'), 'The user; roles outside the caller\'s scope are left out'), errors: { 404: '404 NOT_FOUND' },
    },
  }),

  route<undefined, ScopedUser>({
    method: 'DELETE', path: '/api/users/:login', access: perm('USER.DELETE', 'user'),
    find: async ({ ctx, principal, params }) => {
      refuseSelfDelete(principal, params.login);
      return located(await findUserInScope(ctx.app.db, principal, { login: params.login }, 'USER.DELETE', true));
    },
    handler: ({ ctx, principal, found }) => deleteUser(ctx, principal, found),
    doc: {
      tag: TAG, summary: 'Delete a user', description: 'Every role of the user must lie in the caller\'s scope, and the caller needs ROLE.UPDATE over each.',
      success: doc.ok(undefined, 'Deleted; alert userManagement.deleted', ['alert']),
      errors: { 400: 'error.cannotDeleteSelf, error.userIsSubject, error.userInUse, error.lastSystemAdmin', 404: 'No such user' },
    },
  }),

  route<undefined, ScopedUser>({
    method: 'GET', path: '/api/users/:login/roles', access: perm('ROLE.READ', 'user'),
    find: async ({ ctx, principal, params }) => located(await findUserInScope(ctx.app.db, principal, { login: params.login }, 'ROLE.READ')),
    handler: ({ principal, found: { roles } }) => ok(roles.filter(visibleTo(principal, 'ROLE.READ')).map(toRoleDTO)),
    doc: {
      tag: TAG, summary: 'Roles of a user',
      success: doc.list('RoleDTO', 'The roles the caller may see'), errors: { 404: 'No such user' },
    },
  }),

  route<unknown[], UserRow>({
    method: 'PUT', path: '/api/users/:login/roles', access: perm('ROLE.UPDATE', 'user'), body: ROLES_BODY,
    // Any user: the roles the caller may change are decided role by role (role-changes.ts).
    find: async ({ ctx, params }) => {
      const row = await findUserRow(ctx.app.db, { login: params.login });
      if (!row) throw apiError(404, 'error.entityNotFound', USER_ENTITY, 'User not found', { user: params.login });
      return { entity: { user: row.login }, found: row };
    },
    handler: ({ ctx, principal, found, body }) => updateUserRoles(ctx, principal, found, body),
    doc: {
      tag: TAG, summary: 'Replace the roles of a user', description: `Roles outside the caller's scope, and participant roles, are kept. ${ROLE_RULES}`,
      success: doc.noContent('Saved'), errors: { 404: 'error.entityNotFound (params user)' },
    },
  }),

  route({
    method: 'GET', path: '/api/authorities', access: scope('AUTHORITY.READ'),
    handler: () => ok(LISTED_AUTHORITIES),
    doc: {
      tag: TAG, summary: 'Authorities that can be given', description: 'The six staff authorities with their scope; participant roles are never offered.',
      success: doc.list('AuthorityDTO', 'In a fixed order'),
    },
  }),
];
