// The authorization endpoint and its sign-in page: what the page shows (en/nl, no inline script or style), the
// whole browser flow, wrong passwords (audited), CSRF, throttling, and the requests that must be refused.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { startTestServer, type TestServer } from '../setup/server';
import { dropTemplates } from '../setup/database';
import { createUser } from '../setup/auth';
import { browse, CookieJar, openSignInPage, signIn, submitSignIn } from '../setup/session';
import { addClient, APP_REDIRECT, auditEvents, authorizeUrl, testRouter } from './oauth-fixtures';

let server: TestServer;
const t = suite('oauth authorize');
t.before(async () => {
  server = await startTestServer({}, { router: testRouter() });
  await createUser(server, 'alice', [{ authority: 'ROLE_SYS_ADMIN' }], { password: 'Alice-Password-1' });
  await createUser(server, 'sleeper', [], { password: 'Sleeper-Password-1', activated: false });
  await addClient(server, { clientId: 'app', secret: 'app-secret' });
  await addClient(server, { clientId: 'phone', secret: null });
});
t.before.each(async () => {
  await server.app.db.query('DELETE FROM login_attempt');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

t('api/redirect/login starts a flow with state and PKCE kept in an HttpOnly cookie', async () => {
  const jar = new CookieJar();
  const start = await browse(jar, `${server.url}/api/redirect/login`);
  assert.is(start.status, 302);
  const target = new URL(start.location!);
  assert.is(`${target.origin}${target.pathname}`, `${server.url}/oauth/authorize`);
  assert.is(target.searchParams.get('client_id'), 'ManagementPortalapp');
  assert.is(target.searchParams.get('response_type'), 'code');
  assert.is(target.searchParams.get('redirect_uri'), `${server.url}/api/redirect/login`);
  assert.is(target.searchParams.get('code_challenge_method'), 'S256');
  assert.ok((target.searchParams.get('state') ?? '').length >= 16);
  assert.ok((target.searchParams.get('code_challenge') ?? '').length >= 43);
  const flow = start.setCookies.find((c) => c.startsWith('MP_LOGIN_FLOW='))!;
  assert.match(flow, /HttpOnly/);
  assert.match(flow, /SameSite=Lax/);
  assert.match(flow, /Path=\/api\/redirect/);
  assert.not.match(flow, /Secure/);
});

t('the sign-in page has the fields, links and words of docs/oauth.md and no inline script or style', async () => {
  const { page } = await openSignInPage(server.url, new CookieJar());
  assert.is(page.status, 200);
  assert.match(page.headers.get('content-type')!, /text\/html/);
  const html = page.text;
  assert.match(html, /<input[^>]+name="username"/);
  assert.match(html, /<input[^>]+name="password"[^>]*type="password"|type="password"[^>]*name="password"/);
  assert.match(html, /<input type="checkbox" name="remember-me" value="true" checked>/);
  assert.match(html, /href="\.\.\/#\/reset\/request"/);
  assert.match(html, /href="\.\.\/#\/register"/);
  assert.match(html, /<link rel="stylesheet" href="login\.css">/);
  assert.match(html, /<title>Sign in · ManagementPortal<\/title>/);
  assert.not.match(html, /managementPortalApp|login\.(title|form|messages|password|register|consent)/, 'every key is translated');
  assert.match(html, /Remember me/);
  assert.not.match(html, /<script/i);
  assert.not.match(html, /<style/i);
  assert.not.match(html, /\sstyle=/i);
  const csp = page.headers.get('content-security-policy')!;
  assert.match(csp, /script-src 'self'/);
  assert.match(csp, /style-src 'self'/);
  const css = await server.request('GET', '/oauth/login.css');
  assert.is(css.status, 200);
  assert.match(css.headers.get('content-type')!, /text\/css/);
  assert.match(css.text, /\.sign-in__card/);
});

t('the page speaks Dutch by Accept-Language or lang, English otherwise', async () => {
  const jar = new CookieJar();
  const { authorizeUrl: url } = await openSignInPage(server.url, jar);
  const dutch = await browse(jar, url, { headers: { 'accept-language': 'fr-FR, nl;q=0.8, en;q=0.5' } });
  assert.match(dutch.text, /<html lang="nl">/);
  assert.match(dutch.text, /Wachtwoord/);
  assert.match(dutch.text, /Ingelogd blijven/);
  assert.not.match(dutch.text, /managementPortalApp|login\.(title|form|messages|password|register|consent)/, 'every key is translated');
  const forced = await browse(jar, `${url}&lang=en`, { headers: { 'accept-language': 'nl' } });
  assert.match(forced.text, /<html lang="en">/);
  const fallback = await browse(jar, url, { headers: { 'accept-language': 'fr' } });
  assert.match(fallback.text, /Password/);
  const viaRedirect = await openSignInPage(server.url, jar, '?lang=nl');
  assert.match(viaRedirect.page.text, /Gebruikersnaam/);
});

t('en and nl have the same login.* keys', () => {
  const keys = (tree: object, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
  const read = (lang: string) => JSON.parse(readFileSync(new URL(`../../static/i18n/${lang}.json`, import.meta.url), 'utf8')).login;
  assert.equal(keys(read('nl')).sort(), keys(read('en')).sort());
  assert.ok(keys(read('en')).includes('messages.error.authentication'));
});

t('the whole browser flow ends with a session the API accepts', async () => {
  const client = await signIn(server, 'alice', 'Alice-Password-1');
  const me = await client.request('GET', '/api/test/whoami');
  assert.is(me.status, 200);
  assert.is(me.body.login, 'alice');
  assert.is(me.body.via, 'session');
  assert.ok(me.body.scopes.includes('PROJECT.CREATE'));
  assert.equal((await auditEvents(server, 'AUTHENTICATION_SUCCESS', 'alice')).length, 1);
  const grant = await auditEvents(server, 'GRANT_ACCESS_TOKEN', 'alice');
  assert.is(grant.at(-1)!.data.clientId, 'ManagementPortalapp');
  assert.is(grant.at(-1)!.data.grantType, 'authorization_code');
});

t('the login is case-insensitive', async () => {
  const client = await signIn(server, 'ALICE', 'Alice-Password-1');
  assert.is((await client.request('GET', '/api/test/whoami')).body.login, 'alice');
});

t('a wrong password shows the error on the page, issues no code and is audited', async () => {
  const jar = new CookieJar();
  const visit = await openSignInPage(server.url, jar);
  const answer = await submitSignIn(jar, visit, 'alice', 'wrong-password');
  assert.is(answer.status, 200);
  assert.match(answer.text, /Failed to sign in! Please check your credentials and try again\./);
  assert.match(answer.text, /name="username"[^>]*value="alice"/);
  assert.is(answer.location, undefined);
  const failures = await auditEvents(server, 'AUTHENTICATION_FAILURE', 'alice');
  assert.ok(failures.length >= 1);
  assert.is(failures.at(-1)!.data.remoteAddress, '127.0.0.1');
  assert.is(failures.at(-1)!.data.type, 'BadCredentialsException');
});

t('unknown and not activated users get the same answer', async () => {
  for (const [login, password] of [['nobody', 'Whatever-1'], ['sleeper', 'Sleeper-Password-1']]) {
    const jar = new CookieJar();
    const answer = await submitSignIn(jar, await openSignInPage(server.url, jar), login, password);
    assert.is(answer.status, 200, login);
    assert.match(answer.text, /Failed to sign in!/);
  }
  const sleeper = await auditEvents(server, 'AUTHENTICATION_FAILURE', 'sleeper');
  assert.is(sleeper.at(-1)!.data.type, 'DisabledException');
});

t('the form needs its CSRF token', async () => {
  const jar = new CookieJar();
  const visit = await openSignInPage(server.url, jar);
  const forged = await submitSignIn(jar, visit, 'alice', 'Alice-Password-1', true, { _csrf: 'x'.repeat(43) });
  assert.is(forged.status, 403);
  assert.match(forged.text, /The sign-in form has expired/);
  assert.is(forged.location, undefined);
  jar.cookies.delete('MP_SIGNIN_CSRF');
  const noCookie = await submitSignIn(jar, visit, 'alice', 'Alice-Password-1');
  assert.is(noCookie.status, 403);
  const csrf = visit.page.setCookies.find((c) => c.startsWith('MP_SIGNIN_CSRF='))!;
  assert.match(csrf, /HttpOnly/);
  assert.match(csrf, /SameSite=Strict/);
  assert.match(csrf, /Path=\/oauth/);
});

t('an unknown client or an unregistered redirect URI is answered, never redirected', async () => {
  const jar = new CookieJar();
  const unknown = await browse(jar, authorizeUrl(server, { client_id: 'nope' }));
  assert.is(unknown.status, 400);
  assert.is(unknown.body.message, 'error.noSuchClient');
  const foreign = await browse(jar, authorizeUrl(server, { client_id: 'app', redirect_uri: 'http://evil.example/cb' }));
  assert.is(foreign.status, 400);
  assert.is(foreign.location, undefined);
});

t('other bad requests go back to the client with an error and the state', async () => {
  const jar = new CookieJar();
  const token = await browse(jar, authorizeUrl(server, { client_id: 'app', response_type: 'token', state: 's1' }));
  assert.is(token.status, 302);
  const back = new URL(token.location!);
  assert.is(`${back.origin}${back.pathname}`, APP_REDIRECT);
  assert.is(back.searchParams.get('error'), 'unsupported_response_type');
  assert.is(back.searchParams.get('state'), 's1');
  const scope = await browse(jar, authorizeUrl(server, { client_id: 'app', scope: 'NOT.A_SCOPE' }));
  assert.is(new URL(scope.location!).searchParams.get('error'), 'invalid_scope');
  const plain = await browse(jar, authorizeUrl(server, { client_id: 'app', code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }));
  assert.is(new URL(plain.location!).searchParams.get('error'), 'invalid_request');
});

t('a public client must use PKCE', async () => {
  const answer = await browse(new CookieJar(), authorizeUrl(server, { client_id: 'phone', state: 's2' }));
  assert.is(answer.status, 302);
  assert.is(new URL(answer.location!).searchParams.get('error'), 'invalid_request');
});

t('with a session the portal gets its code at once; another client still sees the page, naming what it gets', async () => {
  const client = await signIn(server, 'alice', 'Alice-Password-1');
  const again = await browse(client.jar, `${server.url}/api/redirect/login`);
  const authorize = await browse(client.jar, again.location!);
  assert.is(authorize.status, 302);
  assert.ok(new URL(authorize.location!).searchParams.get('code'));
  const other = await browse(client.jar, authorizeUrl(server, { client_id: 'app', scope: 'PROJECT.READ SUBJECT.READ' }));
  assert.is(other.status, 200);
  assert.match(other.text, /Signing in gives app access to:<\/p>\s*<ul class="sign-in__scopes"><li>PROJECT\.READ<\/li><li>SUBJECT\.READ<\/li><\/ul>/);
});

t.run();
