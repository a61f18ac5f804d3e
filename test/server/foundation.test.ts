// The backbone over real HTTP and a real database: health, public info, static files and their headers, body limits,
// error shapes, unknown routes, graceful shutdown, ids as numbers, the widget assets' CORS headers.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync, gzipSync } from 'node:zlib';
import { buildRouter } from '../../src/server/app';
import { ConfigError, loadConfig } from '../../src/server/config';
import { ok } from '../../src/server/http/context';
import { startTestServer, type TestServer } from '../setup/server';
import { asUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { testRoute } from '../setup/test-routes';

const clientDir = join(tmpdir(), `mp-client-${process.pid}`);
mkdirSync(join(clientDir, 'assets'), { recursive: true });
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>t</title>' + 'x'.repeat(2000));
writeFileSync(join(clientDir, 'assets', 'main-ABCDEFGH.js'), 'console.log(1);'.repeat(200));
// The public widget assets as build.mjs writes them (docs/widgets.md), and an app chunk of the same name that is not.
const widgetsJs = 'export const x = 1;'.repeat(100) + '\n//# sourceMappingURL=widgets.js.map\n';
writeFileSync(join(clientDir, 'widgets.js'), widgetsJs);
writeFileSync(join(clientDir, 'widgets-ABCDEFGH.js'), widgetsJs.replace('widgets.js.map', 'widgets-ABCDEFGH.js.map'));
writeFileSync(join(clientDir, 'widgets.js.map'), '{"version":3,"sources":[],"mappings":""}');
writeFileSync(join(clientDir, 'widgets-ABCDEFGH.js.map'), '{"version":3,"sources":[],"mappings":""}');
writeFileSync(join(clientDir, 'custom-elements.json'), '{"schemaVersion":"2.1.0","modules":[]}');
writeFileSync(join(clientDir, 'assets', 'widgets-ABCDEFGH.js'), 'export {};');
// A chunk as build.mjs leaves it: beside it its twins compressed at the best ratio (brotli quality 11, here with a
// small window too and gzip with a file name in its header, so neither is what the server would make on a request).
const chunkJs = Buffer.from('export const chunk = "precompressed";'.repeat(100));
const chunkBr = brotliCompressSync(chunkJs, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_LGWIN]: 10 } });
const chunkGz = Buffer.concat([Buffer.from([0x1f, 0x8b, 8, 8, 0, 0, 0, 0, 2, 255]), Buffer.from('chunk.js\0'), gzipSync(chunkJs, { level: 9 }).subarray(10)]);
writeFileSync(join(clientDir, 'assets', 'chunk-ABCDEFGH.js'), chunkJs);
writeFileSync(join(clientDir, 'assets', 'chunk-ABCDEFGH.js.br'), chunkBr);
writeFileSync(join(clientDir, 'assets', 'chunk-ABCDEFGH.js.gz'), chunkGz);
// A file changed after the build: its twins hold the old text (one of them is not even brotli), and are newer than it
// (a copy that does not keep modification times).
const changedJs = Buffer.from('export const changed = "after the build";'.repeat(100));
writeFileSync(join(clientDir, 'assets', 'changed-ABCDEFGH.js'), changedJs);
writeFileSync(join(clientDir, 'assets', 'changed-ABCDEFGH.js.br'), Buffer.from('not brotli at all'));
writeFileSync(join(clientDir, 'assets', 'changed-ABCDEFGH.js.gz'), gzipSync(Buffer.from('export const old = 1;'.repeat(100))));
const anHourAgo = new Date(Date.now() - 3600_000);
utimesSync(join(clientDir, 'assets', 'changed-ABCDEFGH.js'), anHourAgo, anHourAgo);
const WIDGET_ASSETS = ['/widgets.js', '/widgets-ABCDEFGH.js', '/widgets.js.map', '/widgets-ABCDEFGH.js.map', '/custom-elements.json'];
const PRIVATE_FILES = ['/', '/index.html', '/assets/main-ABCDEFGH.js', '/assets/widgets-ABCDEFGH.js'];

const router = buildRouter().entries([
  testRoute('POST', '/api/test/echo', async ({ ctx }) => ok({ got: await ctx.json() })),
  testRoute('GET', '/api/test/slow', async () => {
    await new Promise((r) => setTimeout(r, 400));
    return ok({ done: true });
  }),
  testRoute('GET', '/api/test/boom', () => {
    throw new Error('secret internal detail');
  }),
  testRoute('GET', '/api/test/ids', async ({ ctx }) => ok(await ctx.app.db.query('SELECT id, count(*) OVER () AS total FROM radar_organization'))),
]);

let server: TestServer;
const t = suite('foundation');
t.before(async () => {
  server = await startTestServer({}, { clientDir, router });
});
t.after(async () => {
  await server?.close();
});

t('health answers UP with db and disk space', async () => {
  // The details are a system administrator's (docs/management.md); operations.test.ts checks what others see.
  const res = await (await asUser(server, 'admin'))('GET', '/management/health');
  assert.is(res.status, 200);
  assert.is(res.body.status, 'UP');
  assert.is(res.body.components.db.status, 'UP');
  assert.is(res.body.components.diskSpace.status, 'UP');
  for (const k of ['total', 'free', 'threshold']) assert.type(res.body.components.diskSpace.details[k], 'number');
});

t('profile-info and sitesettings are public', async () => {
  const p = await server.request('GET', '/api/profile-info');
  assert.equal(p.body, { activeProfiles: ['prod'] });
  const s = await server.request('GET', '/api/sitesettings');
  assert.equal(s.body, { hiddenSubjectFields: [] });
});

t('every answer carries the security headers', async () => {
  for (const path of ['/management/health', '/api/nothing-here', '/']) {
    const res = await server.request('GET', path);
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.ok(csp.includes("script-src 'self'"), path);
    assert.not.ok(csp.includes('unsafe-inline'), path);
    assert.ok(csp.includes("frame-ancestors 'self'"), path);
    assert.is(res.headers.get('x-content-type-options'), 'nosniff');
    assert.ok(res.headers.get('referrer-policy'));
  }
});

t('serves index.html at the root and hashed assets as immutable, compressed on request', async () => {
  const root = await server.request('GET', '/');
  assert.is(root.status, 200);
  assert.ok(root.text.startsWith('<!doctype html>'));
  assert.is(root.headers.get('cache-control'), 'no-cache');
  const asset = await server.request('GET', '/assets/main-ABCDEFGH.js', { headers: { 'accept-encoding': 'gzip' } });
  assert.is(asset.status, 200);
  assert.ok(asset.headers.get('cache-control')!.includes('immutable'));
  assert.is(asset.headers.get('content-type'), 'text/javascript; charset=utf-8');
  const br = await fetch(server.url + '/assets/main-ABCDEFGH.js', { headers: { 'accept-encoding': 'br' } });
  assert.is(br.headers.get('content-encoding'), 'br');
  const etag = root.headers.get('etag')!;
  const again = await server.request('GET', '/', { headers: { 'if-none-match': etag } });
  assert.is(again.status, 304);
  const traversal = await server.request('GET', '/%2e%2e/%2e%2e/etc/passwd');
  assert.is(traversal.status, 404);
});

/** A GET as sent over the wire: the body as it came, still encoded (fetch would decode it). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', reject);
    }).on('error', reject).end();
  });
}

t("the build's precompressed twins go out as they are, with the file's own headers and ETag", async () => {
  const url = server.url + '/assets/chunk-ABCDEFGH.js';
  const plain = await rawGet(url, {});
  assert.is(plain.headers['content-encoding'], undefined);
  assert.ok(plain.body.equals(chunkJs));
  const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
  assert.is(br.headers['content-encoding'], 'br');
  assert.ok(br.body.equals(chunkBr), 'the .br twin, byte for byte');
  assert.is(br.headers['content-length'], String(chunkBr.length));
  const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
  assert.is(gz.headers['content-encoding'], 'gzip');
  assert.ok(gz.body.equals(chunkGz), 'the .gz twin, byte for byte');
  assert.is(gz.headers['content-length'], String(chunkGz.length));
  for (const res of [plain, br, gz]) {
    assert.is(res.status, 200);
    assert.is(res.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.is(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.is(res.headers.vary, 'Accept-Encoding');
    assert.is(res.headers.etag, plain.headers.etag, 'one ETag for the file, whatever its encoding');
  }
  const revalidated = await rawGet(url, { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) });
  assert.is(revalidated.status, 304);
  assert.is(revalidated.body.length, 0);
});

t('twins that do not decode to their file are not sent: the file is compressed on request instead', async () => {
  const url = server.url + '/assets/changed-ABCDEFGH.js';
  const br = await rawGet(url, { 'accept-encoding': 'br' });
  assert.is(br.headers['content-encoding'], 'br');
  assert.ok(brotliDecompressSync(br.body).equals(changedJs));
  const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
  assert.is(gz.headers['content-encoding'], 'gzip');
  assert.ok(gunzipSync(gz.body).equals(changedJs));
});

t('the widget assets are for any origin: CORS *, JavaScript type, a revalidated stable URL and an immutable hashed one', async () => {
  const origin = { origin: 'https://pages.example.org' };
  for (const path of WIDGET_ASSETS) {
    const res = await server.request('GET', path, { headers: origin });
    assert.is(res.status, 200, path);
    assert.is(res.headers.get('access-control-allow-origin'), '*', path);
    assert.not.match(res.headers.get('vary') ?? '', /origin/i, `${path}: * is the same for everyone`);
  }
  const stable = await server.request('GET', '/widgets.js', { headers: { ...origin, 'accept-encoding': 'gzip' } });
  assert.is(stable.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.is(stable.headers.get('cache-control'), 'no-cache');
  assert.is(stable.headers.get('content-encoding'), 'gzip');
  assert.ok(stable.text.endsWith('//# sourceMappingURL=widgets.js.map\n'));
  const hashed = await server.request('GET', '/widgets-ABCDEFGH.js', { headers: origin });
  assert.is(hashed.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.is(hashed.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  const map = await server.request('GET', '/widgets.js.map', { headers: origin });
  assert.is(map.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.equal(map.body.version, 3);
  const manifest = await server.request('GET', '/custom-elements.json', { headers: origin });
  assert.is(manifest.headers.get('content-type'), 'application/json; charset=utf-8');
  // A revalidation keeps the grant: the browser checks CORS on the cached answer it merges the 304 into.
  const again = await server.request('GET', '/widgets.js', { headers: { ...origin, 'if-none-match': stable.headers.get('etag')! } });
  assert.is(again.status, 304);
  assert.is(again.headers.get('access-control-allow-origin'), '*');
  for (const path of PRIVATE_FILES) {
    const res = await server.request('GET', path, { headers: origin });
    assert.is(res.status, 200, path);
    assert.is(res.headers.get('access-control-allow-origin'), null, `${path} is the portal's own`);
  }
});

t('WIDGETS_ALLOWED_ORIGINS grants the widget assets to the listed origins only, varying on Origin', async () => {
  const restricted = await startTestServer(
    { WIDGETS_ALLOWED_ORIGINS: 'https://pages.example.org, http://localhost:3000/' }, { clientDir },
  );
  try {
    for (const path of WIDGET_ASSETS) {
      for (const listed of ['https://pages.example.org', 'http://localhost:3000']) {
        const res = await restricted.request('GET', path, { headers: { origin: listed } });
        assert.is(res.status, 200);
        assert.is(res.headers.get('access-control-allow-origin'), listed, `${path} for ${listed}`);
        assert.match(res.headers.get('vary') ?? '', /\bOrigin\b/);
        assert.match(res.headers.get('vary') ?? '', /\bAccept-Encoding\b/);
      }
      const other = await restricted.request('GET', path, { headers: { origin: 'https://elsewhere.example.org' } });
      assert.is(other.status, 200, 'the file itself is no secret; the browser refuses it to the page');
      assert.is(other.headers.get('access-control-allow-origin'), null, `${path} for an unlisted origin`);
      assert.match(other.headers.get('vary') ?? '', /\bOrigin\b/);
      const none = await restricted.request('GET', path);
      assert.is(none.headers.get('access-control-allow-origin'), null, `${path} without Origin`);
    }
    const notModified = await restricted.request('GET', '/widgets.js', {
      headers: { origin: 'http://localhost:3000', 'if-none-match': (await restricted.request('GET', '/widgets.js')).headers.get('etag')! },
    });
    assert.is(notModified.status, 304);
    assert.is(notModified.headers.get('access-control-allow-origin'), 'http://localhost:3000');
    const page = await restricted.request('GET', '/', { headers: { origin: 'https://pages.example.org' } });
    assert.is(page.headers.get('access-control-allow-origin'), null);
  } finally {
    await restricted.close();
  }
});

t('WIDGETS_ALLOWED_ORIGINS takes * or origins, and names itself on anything else', () => {
  assert.is(loadConfig({}).widgetsAllowedOrigins, '*');
  assert.is(loadConfig({ WIDGETS_ALLOWED_ORIGINS: ' * ' }).widgetsAllowedOrigins, '*');
  assert.equal(loadConfig({ WIDGETS_ALLOWED_ORIGINS: 'HTTPS://Pages.Example.org:443/,http://[::1]:8080' }).widgetsAllowedOrigins,
    ['https://pages.example.org', 'http://[::1]:8080']);
  for (const bad of ['https://pages.example.org/app', 'pages.example.org', 'ftp://pages.example.org', '*, https://a.example', 'https://u:p@a.example', 'https://a.example/?x=1']) {
    assert.throws(() => loadConfig({ WIDGETS_ALLOWED_ORIGINS: bad }), (error: unknown) =>
      error instanceof ConfigError && error.variable === 'WIDGETS_ALLOWED_ORIGINS', bad);
  }
});

t('unknown api paths answer 404 in the error shape; wrong method answers 405', async () => {
  const res = await server.request('GET', '/api/does-not-exist');
  assert.is(res.status, 404);
  assert.equal(Object.keys(res.body).sort(), ['description', 'fieldErrors', 'message']);
  const m = await server.request('DELETE', '/management/health');
  assert.is(m.status, 405);
  assert.is(m.body.message, 'error.methodNotSupported');
});

t('malformed JSON and a wrong content type are 400 with the error header', async () => {
  const bad = await server.request('POST', '/api/test/echo', { body: '{"a":', headers: { 'content-type': 'application/json' } });
  assert.is(bad.status, 400);
  assert.is(bad.body.message, 'error.validation');
  assert.is(bad.headers.get('x-managementportalapp-error'), 'error.validation');
  const type = await server.request('POST', '/api/test/echo', { body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  assert.is(type.status, 400);
  const good = await server.request('POST', '/api/test/echo', { json: { a: 1 } });
  assert.equal(good.body, { got: { a: 1 } });
});

t('a body over the limit is 413', async () => {
  const big = JSON.stringify({ x: 'y'.repeat(1024 * 1024 + 10) });
  const res = await server.request('POST', '/api/test/echo', { body: big, headers: { 'content-type': 'application/json' } });
  assert.is(res.status, 413);
  assert.is(res.body.message, 'error.payloadTooLarge');
});

t('an unexpected error is a 500 without a stack trace', async () => {
  const res = await server.request('GET', '/api/test/boom');
  assert.is(res.status, 500);
  assert.is(res.body.message, 'error.internalServerError');
  assert.not.ok(res.text.includes('secret internal detail'));
  assert.not.ok(res.text.includes('at '));
});

t('ids and counts are JSON numbers', async () => {
  const res = await server.request('GET', '/api/test/ids');
  assert.type(res.body[0].id, 'number');
  assert.type(res.body[0].total, 'number');
});

t('the first admin exists with a hashed password and the system admin role', async () => {
  const rows = await server.app.db.query<{ login: string; password_hash: string; authority_name: string }>(
    `SELECT u.login, u.password_hash, r.authority_name FROM radar_user u JOIN role_users ru ON ru.user_id = u.id JOIN radar_role r ON r.id = ru.role_id`,
  );
  assert.is(rows.length, 1);
  assert.is(rows[0].login, 'admin');
  assert.is(rows[0].authority_name, 'ROLE_SYS_ADMIN');
  assert.ok(rows[0].password_hash.startsWith('scrypt$'));
  assert.not.ok(rows[0].password_hash.includes('Admin-Password-1'));
});

t('graceful shutdown finishes a request in flight and then refuses new ones', async () => {
  const other = await startTestServer({}, { clientDir, router });
  const inFlight = other.request('GET', '/api/test/slow');
  await new Promise((r) => setTimeout(r, 100));
  const stopped = other.close();
  const res = await inFlight;
  assert.is(res.status, 200);
  assert.equal(res.body, { done: true });
  await stopped;
  let refused = false;
  try {
    await fetch(other.url + '/management/health');
  } catch {
    refused = true;
  }
  assert.ok(refused);
});

t('BASE_PATH mounts everything under its prefix', async () => {
  const mounted = await startTestServer({ BASE_PATH: '/managementportal' }, { clientDir });
  try {
    assert.ok(mounted.url.endsWith('/managementportal'));
    assert.is((await mounted.request('GET', '/management/health')).status, 200);
    const root = new URL(mounted.url).origin;
    assert.is((await fetch(root + '/management/health')).status, 404);
    const bare = await fetch(root + '/managementportal', { redirect: 'manual' });
    assert.is(bare.status, 302);
    assert.is(bare.headers.get('location'), '/managementportal/');
    assert.is((await fetch(root + '/managementportal/')).status, 200);
  } finally {
    await mounted.close();
  }
});

t.after(dropTemplates);
t.run();
