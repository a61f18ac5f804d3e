// The portal started as the `management-portal` Helm chart starts ManagementPortal (docs/deploy.md): its own
// process, the chart's environment (MP's names, the JDBC datasource, SPRING_APPLICATION_JSON, the `;`-separated
// clients file, the names it sets for MP's JVM), the image's defaults (8080-style base path /managementportal),
// against a PostgreSQL database holding MP 3.0's schema and data, owned by a role that is not a superuser. Then:
// the chart's probe passes, `admin` signs in with the chart's password, a user MP had signs in with the password MP
// had, the password, refresh and client-credentials grants work, a token verifies with the key oauth/token_key
// publishes (MP's key store), a refresh token MP signed before the switch is accepted, and MP's tables are
// byte-for-byte unchanged.
// PostgreSQL only.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { createPublicKey, createSign, createVerify, randomUUID, type KeyObject } from 'node:crypto';
import { readKeyStore } from '../../src/server/auth/key-store';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import postgres from 'postgres';
import { TEST_DATABASE_URL } from '../setup/database';
import { createMpSharedDatabase, publicTableStates, type MpSharedDatabase } from '../setup/mp-shared-database';
import { spawnServer, waitListening, type ServerProcess } from '../setup/process';

const t = suite('chart-environment');
const CHART_ADMIN_PASSWORD = 'chart-admin-password-1';
const FRONTEND_SECRET = 'chart-frontend-secret';
const MP_USER = 'mp-staff';
const MP_USER_PASSWORD = 'the password MP had';
// MP's key store (test/fixtures/mp-3.0: keytool's PKCS#12, password radarbase). The chart mounts it at
// /mp-includes/config/keystore.p12, found there without a setting; here it is named by KEY_STORE_FILE.
const KEY_STORE = 'test/fixtures/mp-3.0/keystore.p12';
const EC_ALIAS = 'radarbase-managementportal-ec';

/** A refresh token as MP signed it before the switch: ES256 with the key store's EC key, no kid. */
function mpRefreshToken(key: KeyObject, login: string): string {
  const now = Math.floor(Date.now() / 1000);
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    aud: ['res_ManagementPortal'], sub: login, user_name: login, scope: ['SUBJECT.READ', 'PROJECT.READ'], iss: 'ManagementPortal',
    iat: now - 60, exp: now + 86400, jti: randomUUID(), ati: randomUUID(), client_id: 'aRMT', grant_type: 'password',
    authorities: [], roles: [], sources: [],
  };
  const input = `${b64({ alg: 'ES256', typ: 'JWT' })}.${b64(payload)}`;
  const signature = createSign('SHA256').update(input).sign({ key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

/** Whether a JWS verifies with a token_key `value` (read as radar-auth reads it), independently of the portal's code. */
function verifiesWith(token: string, value: string): boolean {
  const key = createPublicKey({ key: Buffer.from(value.replace(/-----(BEGIN|END) ([A-Z]+ )?PUBLIC KEY-----/g, '').trim(), 'base64'), format: 'der', type: 'spki' });
  const [header, payload, signature] = token.split('.');
  const verifier = createVerify('SHA256').update(`${header}.${payload}`);
  const bytes = Buffer.from(signature, 'base64url');
  return key.asymmetricKeyType === 'ec' ? verifier.verify({ key, dsaEncoding: 'ieee-p1363' }, bytes) : verifier.verify(key, bytes);
}

/** The environment the chart's deployment.yaml gives MP's container, for this database (values as a chart sets them). */
function chartEnvironment(mp: MpSharedDatabase, clientsFile: string): Record<string, string> {
  const u = new URL(mp.url);
  return {
    SPRING_PROFILES_ACTIVE: 'prod,swagger',
    SPRING_DATASOURCE_URL: `jdbc:postgresql://${u.hostname}:${u.port}/${mp.database}`,
    SPRING_DATASOURCE_USERNAME: mp.owner,
    SPRING_DATASOURCE_PASSWORD: mp.password,
    SPRING_DATASOURCE_HIKARI_CONNECTION_TIMEOUT: '15000',
    SPRING_DATASOURCE_HIKARI_VALIDATION_TIMEOUT: '15000',
    SPRING_DATASOURCE_HIKARI_LEAK_DETECTION_THRESHOLD: '30000',
    MANAGEMENTPORTAL_MAIL_FROM: 'noreply@example.com',
    MANAGEMENTPORTAL_COMMON_BASEURL: 'https://radar.example.org',
    MANAGEMENTPORTAL_COMMON_MANAGEMENT_PORTAL_BASE_URL: 'https://radar.example.org/managementportal',
    MANAGEMENTPORTAL_FRONTEND_CLIENT_SECRET: FRONTEND_SECRET,
    MANAGEMENTPORTAL_OAUTH_CLIENTS_FILE: clientsFile,
    MANAGEMENTPORTAL_CATALOGUE_SERVER_ENABLE_AUTO_IMPORT: 'false',
    MANAGEMENTPORTAL_OAUTH_REQUIRE_AAL2: 'true',
    MANAGEMENTPORTAL_CATALOGUE_SERVER_SERVER_URL: 'http://catalog-server:9010/source-types',
    MANAGEMENTPORTAL_IDENTITY_SERVER_ADMIN_EMAIL: 'admin@example.com',
    MANAGEMENTPORTAL_IDENTITY_SERVER_SERVER_URL: 'https://radar.example.org/kratos',
    MANAGEMENTPORTAL_IDENTITY_SERVER_LOGIN_URL: 'https://radar.example.org/kratos-ui',
    MANAGEMENTPORTAL_IDENTITY_SERVER_SERVER_ADMIN_URL: 'http://kratos-admin',
    MANAGEMENTPORTAL_AUTHSERVER_SERVERURL: 'https://radar.example.org/kratos',
    MANAGEMENTPORTAL_AUTHSERVER_LOGINURL: 'https://radar.example.org/kratos-ui',
    MANAGEMENTPORTAL_AUTHSERVER_SERVERADMINURL: 'http://hydra:4445',
    MANAGEMENTPORTAL_COMMON_ADMIN_PASSWORD: CHART_ADMIN_PASSWORD,
    MANAGEMENTPORTAL_COMMON_PRIVACY_POLICY_URL: 'http://info.thehyve.nl/radar-cns-privacy-policy',
    MANAGEMENTPORTAL_OAUTH_KEY_STORE_PASSWORD: 'radarbase',
    KEY_STORE_FILE: KEY_STORE,
    SPRING_APPLICATION_JSON: '{"managementportal":{"oauth":{"checkingKeyAliases":["radarbase-managementportal-ec","selfsigned"]}}}',
    JHIPSTER_SLEEP: '0',
    JAVA_OPTS: '-Xmx1500m',
    // What the image sets (Dockerfile ENV); the port is left to the test (PORT=0), as 8080 may be taken here.
    BASE_PATH: '/managementportal',
  };
}

async function token(url: string, client: string, secret: string, form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${client}:${secret}`).toString('base64')}` },
    body: new URLSearchParams(form),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

if (TEST_DATABASE_URL) {
  t("the portal runs in MP's slot with the chart's environment, and MP's tables stay as they were", async () => {
    const mp = await createMpSharedDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'chart-env-'));
    let server: ServerProcess | undefined;
    try {
      // A staff member MP had, with the bcrypt hash MP stored ($2a$, cost 10, as Spring Security writes it).
      const sql = postgres(mp.url, { max: 1, onnotice: () => {} });
      const hash = bcrypt.hashSync(MP_USER_PASSWORD, 10).replace(/^\$2b\$/, '$2a$');
      await sql`INSERT INTO public.radar_user (id, login, password_hash, first_name, last_name, email, activated, lang_key)
                VALUES (1000, ${MP_USER}, ${hash}, 'Staff', 'Member', 'staff@example.org', true, 'en')`;
      await sql`INSERT INTO public.role_users (users_id, roles_id) VALUES (1000, 3)`; // project admin of project 1
      await sql.end();
      const before = await publicTableStates(mp.url);
      const clientsFile = join(dir, 'oauth_client_details.csv');
      copyFileSync('config/oauth_client_details.example.csv', clientsFile);

      server = spawnServer(chartEnvironment(mp, clientsFile));
      const url = await waitListening(server, 120_000);
      const log = server.output();
      assert.match(log, 'import report', 'the first start imported MP');
      assert.match(log, 'PostgreSQL');
      assert.match(log, 'ManagementPortal settings accepted and ignored');
      assert.ok(url.endsWith('/managementportal'), url);

      // The chart's probe, as it is but for the port.
      const port = new URL(url).port;
      const probe = readFileSync('test/fixtures/chart/healthcheck.sh', 'utf8').replace('localhost:8080', `127.0.0.1:${port}`);
      assert.is(spawnSync('/bin/sh', ['-c', probe]).status, 0, 'the probe passes');
      const failing = probe.replace('/managementportal/management/health', '/managementportal/no-such-health');
      assert.is(spawnSync('/bin/sh', ['-c', failing]).status, 1, 'the probe can fail');

      // admin, with the password the chart sets (not the one MP's database held).
      const admin = await token(url, 'ManagementPortalapp', FRONTEND_SECRET, { grant_type: 'password', username: 'admin', password: CHART_ADMIN_PASSWORD });
      assert.is(admin.status, 200);
      assert.is((await token(url, 'ManagementPortalapp', FRONTEND_SECRET, { grant_type: 'password', username: 'admin', password: 'admin' })).status, 400);
      // The user MP had, with the password MP had; then the refresh grant.
      const staff = await token(url, 'ManagementPortalapp', FRONTEND_SECRET, { grant_type: 'password', username: MP_USER, password: MP_USER_PASSWORD });
      assert.is(staff.status, 200);
      assert.type(staff.body.refresh_token, 'string');
      const refreshed = await token(url, 'ManagementPortalapp', FRONTEND_SECRET, { grant_type: 'refresh_token', refresh_token: String(staff.body.refresh_token) });
      assert.is(refreshed.status, 200);
      assert.type(refreshed.body.access_token, 'string');
      // The portal signs with MP's key: a token verifies with the first key oauth/token_key publishes.
      const tokenKeys = ((await (await fetch(`${url}/oauth/token_key`)).json()) as { keys: { value: string }[] }).keys;
      assert.ok(verifiesWith(String(admin.body.access_token), tokenKeys[0].value), 'verifies with the published key');
      // A refresh token MP signed before the switch is accepted (and rotated).
      const ecKey = readKeyStore(KEY_STORE, 'radarbase').find((e) => e.alias === EC_ALIAS)!.privateKey;
      const fromMp = await token(url, 'aRMT', '', { grant_type: 'refresh_token', refresh_token: mpRefreshToken(ecKey, MP_USER) });
      assert.is(fromMp.status, 200, JSON.stringify(fromMp.body));
      assert.type(fromMp.body.refresh_token, 'string');
      // A service of the platform, from the clients file: client credentials.
      const service = await token(url, 'radar_upload_backend', 'change-me-upload-secret', { grant_type: 'client_credentials' });
      assert.is(service.status, 200);
      const projects = await fetch(`${url}/api/projects`, { headers: { authorization: `Bearer ${service.body.access_token}` } });
      assert.is(projects.status, 200);
      const names = ((await projects.json()) as { projectName: string }[]).map((p) => p.projectName).sort();
      assert.equal(names, ['Radar-Pilot-01', 'radar'].sort(), "MP's projects, imported");

      server.child.kill('SIGTERM');
      assert.is(await server.exited, 0);
      server = undefined;
      assert.equal(await publicTableStates(mp.url), before, "MP's tables byte-for-byte unchanged");
    } finally {
      server?.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      await mp.drop();
    }
  });
} else {
  t('the chart-environment test needs PostgreSQL: skipped without TEST_DATABASE_URL', () => {});
}

t.run();
