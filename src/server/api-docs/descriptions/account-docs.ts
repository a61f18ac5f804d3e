// API documentation of the account, sign-in, OAuth 2.0 server, public information and documentation routes.
import {
  AUTHENTICATED, CLIENT, PUBLIC, scope, found, json, noContent, ok, query, text, type OperationTable,
} from '../operation-doc';
import { object, ref, string } from '../schema-helpers';
import { anything } from '../../../common/schema';

const tokenRequest = object({
  grant_type: string(undefined, { enum: ['authorization_code', 'refresh_token', 'password', 'client_credentials'] }),
  code: string('authorization_code: the code from the redirect'),
  redirect_uri: string('authorization_code: the redirect URI of the authorize request'),
  code_verifier: string('authorization_code with PKCE'),
  refresh_token: string('refresh_token grant'),
  username: string('password grant'),
  password: string('password grant'),
  scope: string('Space separated; reduced to what the user\'s roles allow'),
  client_id: string('Client authentication without HTTP Basic'),
  client_secret: string('Client authentication without HTTP Basic'),
}, ['grant_type']);

const authorizeQuery = [
  query('client_id', string(), 'The OAuth client', true),
  query('response_type', string(undefined, { enum: ['code'] }), undefined, true),
  query('redirect_uri', string(), 'One of the client\'s registered redirect URIs', true),
  query('state', string(), 'Echoed back to the redirect URI'),
  query('scope', string(), 'Space separated'),
  query('code_challenge', string(), 'PKCE (S256)'),
  query('code_challenge_method', string(undefined, { enum: ['S256', 'plain'] })),
];

export const ACCOUNT_DOCS: OperationTable = {
  'GET /api/account': {
    tag: 'Account', summary: 'The signed-in user', access: AUTHENTICATED,
    success: ok(ref('UserDTO'), 'The account with its roles and provenance'),
    errors: { 403: 'error.accessDenied (entity userManagement): a client-credentials token has no account' },
  },
  'POST /api/account': {
    tag: 'Account', summary: 'Update the own account', description: 'Changes first name, last name, e-mail and language of the signed-in user (not of body.login).',
    access: { kind: 'permission', permission: 'USER.UPDATE', on: 'user' },
    body: json(ref('UserDTO')), success: noContent('Saved'), errors: { 409: 'error.emailexists: the e-mail belongs to another user' },
  },
  'POST /api/account/change_password': {
    tag: 'Account', summary: 'Change the own password', description: 'Ends the user\'s other sessions and revokes its refresh tokens.',
    access: AUTHENTICATED, body: text('The new password: 8-100 characters with an upper-case letter, a lower-case letter and a digit'),
    success: noContent('Changed'), errors: { 400: 'error.weakPassword or error.longPassword' },
  },
  'POST /api/account/reset_password/init': {
    tag: 'Account', summary: 'Mail a password reset link', access: PUBLIC, body: text('The e-mail address of an activated user'),
    success: noContent('Mailed'), errors: { 400: 'error.emailNotRegistered' },
  },
  'POST /api/account/reset_password/finish': {
    tag: 'Account', summary: 'Set a new password with a mailed key', description: 'Also activates the user and ends its sessions.',
    access: PUBLIC, body: json(ref('KeyAndPasswordVM')), success: noContent('Password set'),
    errors: { 400: 'error.weakPassword, error.longPassword, or error.invalidKey (unknown, used or expired key)' },
  },
  'POST /api/account/reset-activation/init': {
    tag: 'Account', summary: 'Mail a user a new activation link', description: 'The "send activation e-mail" button; the user must be in the caller\'s organizations or projects.',
    access: scope('USER.UPDATE'), body: text('The login of the user'), success: noContent('Mailed'),
    errors: { 400: 'error.emailNotRegistered: no such user, or no e-mail address' },
  },
  'GET /api/activate': {
    tag: 'Account', summary: 'Activate with an activation key', access: PUBLIC,
    query: [query('key', string(), 'The key of the activation link', true)],
    success: ok(undefined, 'Activated (empty body)'), errors: { 404: 'Empty body: the key does not work' },
  },

  'GET /api/redirect/login': {
    tag: 'Sign-in', summary: 'Start or finish the browser sign-in',
    description: 'Without `code`: redirects to oauth/authorize (authorization code with state and PKCE). With `code`: exchanges it, stores the session (cookies SESSION and XSRF-TOKEN) and redirects to `#/`. A browser navigation, not an API call.',
    access: PUBLIC, query: [query('code', string()), query('state', string()), query('error', string())],
    success: { ...found('To the sign-in page, or back to the app'), headers: ['location', 'setCookie'] },
  },
  'GET /api/redirect/account': { tag: 'Sign-in', summary: 'Redirect to the account settings page', access: PUBLIC, success: found('To `#/settings`') },
  'POST /api/login': {
    tag: 'Sign-in', summary: 'Turn a bearer token into a browser session',
    description: 'Needs `Authorization: Bearer <token>` of a user (not a client). Sets the session cookies.',
    access: AUTHENTICATED, success: { ...ok(ref('UserDTO'), 'The account, as GET api/account'), headers: ['setCookie'] },
  },
  'POST /api/logout': {
    tag: 'Sign-in', summary: 'End the session', description: 'Clears the session cookies. A live session needs the X-XSRF-TOKEN header.',
    access: PUBLIC, success: { ...noContent('Signed out'), headers: ['setCookie'] },
  },

  'GET /oauth/authorize': {
    tag: 'OAuth 2.0', summary: 'Authorization endpoint', description: 'Shows the sign-in page (HTML), or redirects to the redirect URI with a code when a sign-in session exists.',
    access: PUBLIC, query: authorizeQuery,
    success: { status: 200, description: 'The sign-in page', schema: string(), contentType: 'text/html' },
    errors: { 400: 'Unknown client or redirect URI (HTML page)' },
  },
  'POST /oauth/authorize': {
    tag: 'OAuth 2.0', summary: 'Submit the sign-in form', description: 'Form fields `username`, `password`, `remember-me`, plus the authorize parameters. Failed attempts are throttled.',
    access: PUBLIC,
    body: { schema: object({ username: string(), password: string(), 'remember-me': string() }, ['username', 'password']), contentType: 'application/x-www-form-urlencoded' },
    success: found('To the redirect URI with `code` and `state`'),
    errors: { 400: 'Unknown client or redirect URI' },
  },
  'POST /oauth/token': {
    tag: 'OAuth 2.0', summary: 'Token endpoint', description: 'Grants authorization_code, refresh_token, password and client_credentials to registered clients. Refresh tokens are single-use.',
    access: CLIENT, body: { schema: tokenRequest, contentType: 'application/x-www-form-urlencoded' },
    success: ok(ref('OAuthTokenResponse'), 'Tokens (Cache-Control: no-store)'),
    errors: { 400: 'OAuth error body, e.g. {"error":"invalid_grant"}', 401: 'invalid_client' },
  },
  'GET /oauth/token_key': { tag: 'OAuth 2.0', summary: 'Public signing keys (PEM)', access: PUBLIC, success: ok(ref('TokenKeySet'), 'The keys tokens are verified with') },
  'GET /oauth/jwks': { tag: 'OAuth 2.0', summary: 'Public signing keys (JWK Set)', access: PUBLIC, success: ok(ref('JsonWebKeySet'), 'RFC 7517 key set') },
  'GET /oauth/login.css': {
    tag: 'OAuth 2.0', summary: 'Stylesheet of the sign-in page', access: PUBLIC,
    success: { status: 200, description: 'CSS', schema: string(), contentType: 'text/css' },
  },

  'GET /api/profile-info': { tag: 'Public', summary: 'Active profiles', access: PUBLIC, success: ok(ref('ProfileInfo'), 'e.g. {"activeProfiles":["prod","api-docs"]}') },
  'GET /api/sitesettings': { tag: 'Public', summary: 'Site settings', access: PUBLIC, success: ok(ref('SiteSettings'), 'Subject fields this installation hides') },

  'GET /api-docs': {
    tag: 'Documentation', summary: 'This OpenAPI document', description: 'Only with the api-docs profile (PROFILES); 404 otherwise.',
    access: PUBLIC, success: ok(anything('OpenAPI 3.0 document'), 'The document'), errors: { 404: 'The api-docs profile is not active' },
  },
  'GET /api-docs/swagger-config': {
    tag: 'Documentation', summary: 'Configuration for swagger-ui', description: 'What swagger-ui\'s `configUrl` expects: where the document is.',
    access: PUBLIC, success: ok(ref('SwaggerConfig'), 'The configuration'), errors: { 404: 'The api-docs profile is not active' },
  },
};
