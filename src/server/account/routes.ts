// The account routes (docs/users.md): the signed-in user's own account and password, and the mailed-key flows
// (password reset, activation, "send activation e-mail").
import { ref, string } from '../../common/schema';
import { ACCOUNT_RULES } from '../../common/validation';
import { AUTHENTICATED, perm, PUBLIC, route, scope, type JsonBody, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { toUserInput } from '../users/user-input';
import type { UserDTO } from '../../common/dto';
import { accountUser, answerAccount, changePassword, readAccountEarly, saveAccount } from './account-handlers';
import { activate, finishPasswordReset, requestPasswordReset, resendActivation } from './key-flows';

const TAG = 'Account';

const ACCOUNT_BODY: JsonBody = { objectName: ACCOUNT_RULES.objectName, schema: ref('UserDTO'), rules: ACCOUNT_RULES };

export const accountRoutes: RouteEntry[] = [
  route({
    method: 'GET', path: '/api/account', access: AUTHENTICATED,
    early: { likely: () => true, read: ({ ctx }, login) => readAccountEarly(ctx, login) },
    handler: async ({ ctx, principal, early }) => answerAccount(ctx, principal, (await early()) as UserDTO | undefined),
    doc: {
      tag: TAG, summary: 'The signed-in user',
      success: doc.ok(ref('UserDTO'), 'The account with its roles and provenance'),
      errors: { 403: 'error.accessDenied (entity userManagement): a client-credentials token has no account' },
    },
  }),

  route({
    method: 'POST', path: '/api/account', access: perm('USER.UPDATE', 'user'), body: ACCOUNT_BODY,
    find: ({ principal }) => ({ user: accountUser(principal).login }),
    handler: ({ ctx, principal, body }) => saveAccount(ctx, accountUser(principal), toUserInput(body)),
    doc: {
      tag: TAG, summary: 'Update the own account', description: 'Changes first name, last name, e-mail and language of the signed-in user (not of body.login).',
      success: doc.noContent('Saved'),
      errors: {
        403: 'error.accessDenied (entity userManagement): a client-credentials token has no account',
        409: 'error.emailexists: the e-mail belongs to another user',
      },
    },
  }),

  route<string>({
    method: 'POST', path: '/api/account/change_password', access: AUTHENTICATED,
    body: { kind: 'text', description: 'The new password: 8 to 100 characters with letters, digits and other characters' },
    handler: ({ ctx, principal, body }) => changePassword(ctx, accountUser(principal, 'error.entityNotFound'), body),
    doc: {
      tag: TAG, summary: 'Change the own password', description: 'Ends the user\'s other sessions and revokes its refresh tokens.',
      success: doc.noContent('Changed'),
      errors: { 400: 'error.weakPassword, error.longPassword, or error.commonPassword (common or breached, ASVS 2.1.7)', 403: 'error.entityNotFound: a client-credentials token has no account' },
    },
  }),

  route<string>({
    method: 'POST', path: '/api/account/reset_password/init', access: PUBLIC,
    body: { kind: 'text', description: 'The e-mail address of an activated user' },
    handler: ({ ctx, body }) => requestPasswordReset(ctx, body),
    doc: {
      tag: TAG, summary: 'Mail a password reset link',
      description: 'Limited per client address (every request counts) and per account (every mail counts); see RESET_MAIL_LIMITS.',
      success: doc.noContent('Mailed'),
      errors: { 400: 'error.emailNotRegistered', 429: 'error.tooManyRequests: too many requests from this address or mails for this account; no mail was sent' },
    },
  }),

  route<{ key?: string | null; newPassword?: string | null }>({
    method: 'POST', path: '/api/account/reset_password/finish', access: PUBLIC,
    body: { objectName: 'keyAndPasswordVM', schema: ref('KeyAndPasswordVM') },
    handler: ({ ctx, body }) => finishPasswordReset(ctx, body),
    doc: {
      tag: TAG, summary: 'Set a new password with a mailed key', description: 'Also activates the user and ends its sessions.',
      success: doc.noContent('Password set'),
      errors: { 400: 'error.weakPassword (also when newPassword is missing), error.longPassword, error.commonPassword, or error.invalidKey (unknown, used or expired key)' },
    },
  }),

  route<string>({
    method: 'POST', path: '/api/account/reset-activation/init', access: scope('USER.UPDATE'),
    body: { kind: 'text', description: 'The login of the user' },
    handler: ({ ctx, principal, body }) => resendActivation(ctx, principal, body),
    doc: {
      tag: TAG, summary: 'Mail a user a new activation link',
      description: 'The "send activation e-mail" button; the user must be in the caller\'s organizations or projects. Limited per client address and per account like reset_password/init.',
      success: doc.noContent('Mailed'),
      errors: {
        400: 'error.emailNotRegistered: no such user, a user outside the caller\'s organizations and projects (answered alike), or no e-mail address',
        429: 'error.tooManyRequests: too many requests from this address or mails for this account; no mail was sent',
      },
    },
  }),

  route<undefined, undefined, undefined, { key?: string }>({
    method: 'GET', path: '/api/activate', access: PUBLIC, changesState: true,
    query: { key: doc.param(string(), 'The key of the activation link', true) },
    handler: ({ ctx, query }) => activate(ctx, query.key),
    doc: { tag: TAG, summary: 'Activate with an activation key', success: doc.ok(undefined, 'Activated (empty body)'), errors: { 404: 'Empty body: the key does not work' } },
  }),
];
