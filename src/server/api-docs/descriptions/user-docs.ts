// API documentation of users, authorities, roles, OAuth clients and app pairing (meta-tokens).
import { USER_SORTABLE } from '../../users/user-list';
import {
  PUBLIC, SYS_ADMIN, booleanQuery, created, json, list, noContent, ok, pageable, paged, perm, query, scope, type OperationTable,
} from '../operation-doc';
import { listOf, ref, string } from '../schema-helpers';

const roleRules = 'Each role needs authorityName plus projectId (project roles) or organizationId (organization roles); '
  + 'the caller needs ROLE.UPDATE where each added or removed role lives.';

export const USER_DOCS: OperationTable = {
  'GET /api/users': {
    tag: 'Users', summary: 'List staff users', description: 'Users with a staff role the caller can see (or no role at all); participants are never listed.',
    access: scope('USER.READ'),
    query: [
      ...pageable(2000, Object.keys(USER_SORTABLE)),
      query('login', string(), 'Contains, ignoring case'),
      query('email', string(), 'Contains, ignoring case'),
      query('authority', string(), 'Contains, ignoring case, e.g. admin'),
      query('projectName', string(), 'Users with a role on a project whose name contains this'),
      query('organization', string(), 'Used without projectName: users with a role on a matching organization'),
      booleanQuery('includeUpperLevels', 'With projectName or organization: also organization admins above and system admins', false),
      booleanQuery('includeProvenance', 'false leaves created/lastModified fields null (faster)', true),
    ],
    success: paged('UserDTO', 'One page of users'),
  },
  'POST /api/users': {
    tag: 'Users', summary: 'Create a user', description: `Sends the new user an activation e-mail. ${roleRules}`,
    access: scope('USER.CREATE'), body: json(ref('ManagedUserVM')), success: created(ref('UserDTO'), 'Created; alert userManagement.created'),
    errors: { 400: 'idexists, userexists, emailexists (failure alerts), error.invalidAuthority', 404: 'error.invalidAuthority: unknown project or organization' },
  },
  'PUT /api/users': {
    tag: 'Users', summary: 'Update a user', description: `Replaces names, e-mail, activated, language and roles; the login never changes. ${roleRules}`,
    access: perm('USER.UPDATE', 'user'), body: json(ref('ManagedUserVM')),
    success: ok(ref('UserDTO'), 'Saved; alert userManagement.updated', ['alert']),
    errors: { 400: 'emailexists, userexists, error.invalidAuthority', 403: 'error.invalidsubjectstate: a removed subject cannot be activated' },
  },
  'GET /api/users/{login}': {
    tag: 'Users', summary: 'One user', access: perm('USER.READ', 'user'), pathParams: { login: 'The user\'s login' },
    success: ok(ref('UserDTO'), 'The user; roles outside the caller\'s scope are left out'), errors: { 404: '404 NOT_FOUND' },
  },
  'DELETE /api/users/{login}': {
    tag: 'Users', summary: 'Delete a user', access: perm('USER.DELETE', 'user'),
    success: ok(undefined, 'Deleted; alert userManagement.deleted', ['alert']),
    errors: { 400: 'error.cannotDeleteSelf, error.userIsSubject, error.userInUse', 404: 'No such user' },
  },
  'GET /api/users/{login}/roles': {
    tag: 'Users', summary: 'Roles of a user', access: perm('ROLE.READ', 'user'),
    success: list('RoleDTO', 'The roles the caller may see'), errors: { 404: 'No such user' },
  },
  'PUT /api/users/{login}/roles': {
    tag: 'Users', summary: 'Replace the roles of a user', description: roleRules, access: perm('ROLE.UPDATE', 'user'),
    body: json(listOf('RoleDTO')), success: noContent('Saved'), errors: { 404: 'error.entityNotFound (params user)' },
  },
  'GET /api/authorities': {
    tag: 'Users', summary: 'Authorities that can be given', description: 'The six staff authorities with their scope; participant roles are never offered.',
    access: scope('AUTHORITY.READ'), success: list('AuthorityDTO', 'In a fixed order'),
  },

  'GET /api/roles': {
    tag: 'Roles', summary: 'Every role', description: 'A client-credentials token gets an empty list.',
    access: perm('ROLE.READ', 'global'), success: list('RoleDTO', 'All roles'),
  },
  'GET /api/roles/admin': { tag: 'Roles', summary: 'System administrator roles', access: SYS_ADMIN, success: list('RoleDTO', 'Roles with authority ROLE_SYS_ADMIN') },
  'GET /api/roles/{name}/{authorityName}': {
    tag: 'Roles', summary: 'One role of a project or organization',
    description: 'Role rows are created when first given, so an authority nobody holds yet answers 404.',
    access: perm('ROLE.READ', 'project'),
    pathParams: { name: 'Project name (or organization name for ROLE_ORGANIZATION_ADMIN)', authorityName: 'e.g. ROLE_PROJECT_ADMIN' },
    success: ok(ref('RoleDTO'), 'The role'), errors: { 404: '404 NOT_FOUND' },
  },

  'GET /api/oauth-clients': { tag: 'OAuth clients', summary: 'List OAuth clients', access: scope('OAUTHCLIENTS.READ'), success: list('ClientDetailsDTO', 'All clients (not paged)') },
  'POST /api/oauth-clients': {
    tag: 'OAuth clients', summary: 'Create an OAuth client', access: perm('OAUTHCLIENTS.CREATE', 'global'), body: json(ref('ClientDetailsDTO')),
    success: created(ref('ClientDetailsDTO'), 'Created; alert managementPortalApp.oauthClient.created'), errors: { 409: 'error.clientIdExists' },
  },
  'PUT /api/oauth-clients': {
    tag: 'OAuth clients', summary: 'Update an OAuth client', description: 'Replaces every field; the secret changes only when a new one is given.',
    access: perm('OAUTHCLIENTS.UPDATE', 'global'), body: json(ref('ClientDetailsDTO')),
    success: ok(ref('ClientDetailsDTO'), 'Saved', ['alert']),
    errors: { 403: 'error.oAuthClientProtected: the portal\'s own client', 404: 'error.oAuthClientIdNotFound' },
  },
  'GET /api/oauth-clients/pair': {
    tag: 'Pairing', summary: 'Create a pairing link (QR code) for a subject\'s app',
    access: perm('SUBJECT.UPDATE', 'subject'),
    query: [
      query('login', string(), 'The subject', true),
      query('clientId', string(), 'The app\'s OAuth client', true),
      booleanQuery('persistent', 'A link that can be used until it expires (P31D by default) instead of once within PT1H', false),
    ],
    success: ok(ref('ClientPairInfoDTO'), 'The link'),
    errors: { 400: 'error.persistentTokenDisabled', 404: 'error.subjectNotFound, error.oAuthClientIdNotFound' },
  },
  'GET /api/oauth-clients/{clientId}': {
    tag: 'OAuth clients', summary: 'One OAuth client', access: perm('OAUTHCLIENTS.READ', 'global'),
    success: ok(ref('ClientDetailsDTO'), 'The client'), errors: { 404: 'error.oAuthClientIdNotFound' },
  },
  'DELETE /api/oauth-clients/{clientId}': {
    tag: 'OAuth clients', summary: 'Delete an OAuth client', access: perm('OAUTHCLIENTS.DELETE', 'global'),
    success: ok(undefined, 'Deleted', ['alert']), errors: { 403: 'error.oAuthClientProtected', 404: 'error.oAuthClientIdNotFound' },
  },
  'GET /api/meta-token/{tokenName}': {
    tag: 'Pairing', summary: 'Exchange a pairing link for a refresh token', description: 'The token name is the credential. Non-persistent links work once.',
    access: PUBLIC, pathParams: { tokenName: 'The name from the pairing link' },
    success: ok(ref('TokenDTO'), 'A refresh token for the app (Cache-Control: no-store)'),
    errors: { 404: 'error.tokenNotFound', 410: 'error.TokenCannotBeSent: used or expired' },
  },
  'DELETE /api/meta-token/{tokenName}': {
    tag: 'Pairing', summary: 'Revoke a pairing link', access: perm('SUBJECT.UPDATE', 'subject'),
    success: noContent('Revoked'), errors: { 404: 'error.tokenNotFound' },
  },
};
