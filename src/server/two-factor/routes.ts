// The second-factor routes (docs/users.md, "Two-factor sign-in"): the signed-in user's own factor under
// api/account/two-factor, and a system admin's reset of another user's factor.
import { object, string } from '../../common/schema';
import { AUTHENTICATED, route, SYS_ADMIN, type JsonBody, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { accountUser } from '../account/account-handlers';
import { confirmTwoFactor, disableTwoFactor, enrolTwoFactor, getTwoFactor, resetTwoFactor } from './two-factor-handlers';

const TAG = 'Account';
const CODE_BODY: JsonBody = {
  objectName: 'twoFactorCode',
  schema: object({ code: string('A current six-digit code (disable also takes a recovery code)') }, ['code']),
  rules: { objectName: 'twoFactorCode', fields: { code: { required: true, maxLength: 64 } } },
};
const NO_ACCOUNT = '403 error.accessDenied: a client-credentials token has no account';

export const twoFactorRoutes: RouteEntry[] = [
  route({
    method: 'GET', path: '/api/account/two-factor', access: AUTHENTICATED,
    handler: ({ ctx, principal }) => getTwoFactor(ctx, accountUser(principal)),
    doc: {
      tag: TAG, summary: 'The own second factor',
      success: doc.ok(object({ enabled: { type: 'boolean' }, recoveryCodesLeft: { type: 'integer' } }), 'Whether a second factor is active, and the unused recovery codes'),
      errors: { 403: NO_ACCOUNT },
    },
  }),

  route({
    method: 'POST', path: '/api/account/two-factor/enrol', access: AUTHENTICATED,
    handler: ({ ctx, principal }) => enrolTwoFactor(ctx, accountUser(principal)),
    doc: {
      tag: TAG, summary: 'Start enrolling a second factor',
      description: 'Creates a new secret (replacing an unconfirmed one); the secret is never answered again once confirmed.',
      success: doc.ok(object({ secret: string('Base32'), uri: string('otpauth://totp/... for authenticator apps') }), 'The secret and its otpauth:// URI'),
      errors: { 403: NO_ACCOUNT, 409: 'twoFactor.error.active: a second factor is active already' },
    },
  }),

  route<{ code: string }>({
    method: 'POST', path: '/api/account/two-factor/confirm', access: AUTHENTICATED, body: CODE_BODY,
    handler: ({ ctx, principal, body }) => confirmTwoFactor(ctx, accountUser(principal), body.code),
    doc: {
      tag: TAG, summary: 'Confirm the enrolment with a code',
      description: 'Activates the second factor and answers ten one-time recovery codes, shown only this once. A wrong code counts towards the sign-in lockout.',
      success: doc.ok(object({ recoveryCodes: { type: 'array', items: { type: 'string' } } }), 'The recovery codes'),
      errors: { 400: 'twoFactor.error.invalidCode', 403: NO_ACCOUNT, 429: 'error.tooManyRequests: locked after too many wrong passwords or codes' },
    },
  }),

  route<{ code: string }>({
    method: 'POST', path: '/api/account/two-factor/disable', access: AUTHENTICATED, body: CODE_BODY,
    handler: ({ ctx, principal, body }) => disableTwoFactor(ctx, accountUser(principal), body.code),
    doc: {
      tag: TAG, summary: 'Disable the own second factor with a current code or a recovery code',
      success: doc.noContent('Disabled'),
      errors: { 400: 'twoFactor.error.invalidCode', 403: NO_ACCOUNT, 429: 'error.tooManyRequests: locked after too many wrong passwords or codes' },
    },
  }),

  route({
    method: 'DELETE', path: '/api/users/:login/two-factor', access: SYS_ADMIN,
    handler: ({ ctx, principal, params }) => resetTwoFactor(ctx, principal, params.login),
    doc: {
      tag: 'Users', summary: 'Reset a user\'s second factor',
      description: 'Removes the factor and its recovery codes (audited as TWO_FACTOR_RESET); the user signs in with the password alone, or enrols again when REQUIRE_2FA asks for it.',
      success: doc.noContent('Reset'),
      errors: { 404: 'error.entityNotFound: no such user' },
    },
  }),
];
