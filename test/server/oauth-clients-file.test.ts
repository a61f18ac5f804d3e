// OAUTH_CLIENTS_FILE at start-up (docs/oauth.md): the file's clients replace their stored copies (secrets hashed) and
// work at oauth/token; the portal's own and other protected clients are left alone; concurrent loads take turns;
// a malformed or missing file stops the start (ConfigError, exit code 2) with nothing written.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError, loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/database';
import { runTwiceAtOnce } from '../setup/lock-contention';
import { LoggerRegistry } from '../../src/server/log';
import { CLIENTS_FILE_COLUMNS } from '../../src/server/oauth-clients/clients-csv';
import { CLIENTS_FILE_LOCK, loadFileClients, readClientsFile } from '../../src/server/oauth-clients/clients-file';
import { FRONTEND_CLIENT_ID } from '../../src/server/oauth/frontend-client';
import { startServer } from '../../src/server/start';
import { asUser } from '../setup/auth';
import { createTestDatabase, dropTemplates } from '../setup/database';
import { spawnServer } from '../setup/process';
import { startTestServer, type TestServer } from '../setup/server';
import { tokenRequest } from './oauth-fixtures';

const SAMPLE = fileURLToPath(new URL('../../config/oauth_client_details.example.csv', import.meta.url));
const SAMPLE_IDS = ['pRMT', 'aRMT', 'THINC-IT', 'radar_restapi', 'radar_redcap_integrator', 'radar_dashboard', 'radar_upload_backend', 'radar_appserver_client'];
const HEADER = CLIENTS_FILE_COLUMNS.join(';');

let server: TestServer;
let dir: string;
const t = suite('oauth clients file');
t.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mp-clients-'));
  server = await startTestServer({ OAUTH_CLIENTS_FILE: SAMPLE, LOG_LEVEL: 'INFO' });
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
  rmSync(dir, { recursive: true, force: true });
});

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function logger() {
  const lines: string[] = [];
  return { lines, log: new LoggerRegistry('INFO', (l) => lines.push(l)).get('oauth-clients') };
}

const stored = (clientId: string) =>
  server.app.db.query<{ client_secret_hash: string | null; scope: string[]; additional_information: Record<string, unknown> }>(
    'SELECT client_secret_hash, scope, additional_information FROM oauth_client WHERE client_id = $1',
    [clientId],
  );

t('OAUTH_CLIENTS_FILE is read as an absolute path; unset loads nothing', () => {
  assert.is(loadConfig({}).oauthClientsFile, undefined);
  assert.is(loadConfig({ OAUTH_CLIENTS_FILE: ' ' }).oauthClientsFile, undefined);
  assert.is(loadConfig({ OAUTH_CLIENTS_FILE: 'config/clients.csv' }).oauthClientsFile, join(process.cwd(), 'config/clients.csv'));
});

t('the sample file is loaded at start-up: listed by api/oauth-clients, secrets stored as scrypt hashes', async () => {
  const admin = await asUser(server, 'admin');
  const list = await admin('GET', '/api/oauth-clients');
  assert.is(list.status, 200);
  const ids = list.body.map((c: { clientId: string }) => c.clientId);
  for (const id of SAMPLE_IDS) assert.ok(ids.includes(id), id);
  const thincIt = list.body.find((c: { clientId: string }) => c.clientId === 'THINC-IT');
  assert.equal(thincIt.additionalInformation, { dynamic_registration: 'true' });
  assert.is(thincIt.clientSecret, null);
  assert.is(thincIt.refreshTokenValiditySeconds, 7948800);
  const [restApi] = await stored('radar_restapi');
  assert.match(restApi.client_secret_hash!, /^scrypt\$/);
  assert.not.match(restApi.client_secret_hash!, /change-me/);
  assert.is((await stored('pRMT'))[0].client_secret_hash, null);
  assert.ok(server.logLines.some((l) => l.includes(`loaded 8 OAuth client(s) from ${SAMPLE}`)));
});

t('oauth/token accepts a client of the file with the secret the file gives it', async () => {
  const granted = await tokenRequest(server, { grant_type: 'client_credentials' }, ['radar_restapi', 'change-me-restapi-secret']);
  assert.is(granted.status, 200, granted.text);
  assert.ok(granted.body.access_token);
  assert.equal(granted.body.scope.split(' ').sort(), ['PROJECT.READ', 'SOURCE.READ', 'SOURCETYPE.READ', 'SUBJECT.READ']);
  const refused = await tokenRequest(server, { grant_type: 'client_credentials' }, ['radar_restapi', 'wrong']);
  assert.is(refused.status, 401);
});

t('loading again replaces each stored copy of a file client and leaves other clients alone', async () => {
  await server.app.db.query(`UPDATE oauth_client SET scope = '["ROLE.READ"]', client_secret_hash = NULL WHERE client_id = 'radar_dashboard'`);
  await server.app.db.query(`INSERT INTO oauth_client (client_id) VALUES ('not_in_file')`);
  const { log } = logger();
  const result = await loadFileClients(server.app.db, SAMPLE, await readClientsFile(SAMPLE), log);
  assert.equal(result.loaded, SAMPLE_IDS);
  const [dashboard] = await stored('radar_dashboard');
  assert.equal(dashboard.scope, ['SUBJECT.READ', 'PROJECT.READ', 'SOURCE.READ', 'SOURCETYPE.READ', 'MEASUREMENT.READ']);
  assert.match(dashboard.client_secret_hash!, /^scrypt\$/);
  assert.is((await stored('not_in_file')).length, 1);
});

t('the portal\'s own client and protected clients are not overwritten by the file (and the log says so)', async () => {
  await server.app.db.query(`INSERT INTO oauth_client (client_id, scope, additional_information) VALUES ('locked', '["ROLE.READ"]', '{"protected": "true"}')`);
  const [frontendBefore] = await stored(FRONTEND_CLIENT_ID);
  const path = file('protected.csv', [
    HEADER,
    `${FRONTEND_CLIENT_ID};res_x;hijack;SUBJECT.READ;password;http://evil.example/cb;;60;60;{};true`,
    'locked;res_x;hijack;SUBJECT.READ;client_credentials;;;60;60;{};',
    'fresh;res_x;fresh-secret;SUBJECT.READ;client_credentials;;;60;60;{};',
  ].join('\n'));
  const { lines, log } = logger();
  const result = await loadFileClients(server.app.db, path, await readClientsFile(path), log);
  assert.equal(result.loaded, ['fresh']);
  assert.equal(result.skipped, [FRONTEND_CLIENT_ID, 'locked']);
  assert.equal(await stored(FRONTEND_CLIENT_ID), [frontendBefore]);
  assert.equal((await stored('locked'))[0].scope, ['ROLE.READ']);
  assert.is((await stored('locked'))[0].client_secret_hash, null);
  assert.ok(lines.some((l) => l.includes('WARN') && l.includes(`"${FRONTEND_CLIENT_ID}"`) && l.includes('protected')));
  assert.ok(lines.some((l) => l.includes('WARN') && l.includes('"locked"')));
});

t('two loads at once (two processes starting together) both succeed and leave exactly one copy of each client', async () => {
  const clients = await readClientsFile(SAMPLE);
  const load = (db: Database) => loadFileClients(db, SAMPLE, clients, logger().log);
  // The secrets are hashed by the time the wait is over, so the loads are surely waiting on the lock.
  const [a, b] = await runTwiceAtOnce(server, CLIENTS_FILE_LOCK, load, { waitMs: 1500 });
  assert.equal([a.loaded, b.loaded], [SAMPLE_IDS, SAMPLE_IDS]);
  const rows = await server.app.db.query<{ client_id: string; copies: number }>(
    'SELECT client_id, count(*)::int AS copies FROM oauth_client WHERE client_id = ANY($1::text[]) GROUP BY client_id ORDER BY client_id',
    [SAMPLE_IDS],
  );
  assert.is(rows.length, SAMPLE_IDS.length);
  assert.ok(rows.every((r) => r.copies === 1));
});

t('a malformed file stops the start with a ConfigError naming file and line, before anything is written', async () => {
  const path = file('bad.csv', `${HEADER}\nhalf;res;s;SUBJECT.READ;client_credentials;;;60;60;{};\nbroken;res;s;SUBJECT.READ;client_credentials;;;60;60;{"dynamic_registration": tru};\n`);
  const database = await createTestDatabase();
  try {
    const config = loadConfig({ PORT: '0', DATA_DIR: dir, OAUTH_CLIENTS_FILE: path, LOG_LEVEL: 'ERROR' });
    const logs = new LoggerRegistry('ERROR', () => {});
    const error = await startServer(config, database.db, { logs }).then(() => undefined, (e: unknown) => e);
    assert.instance(error, ConfigError);
    assert.is((error as ConfigError).variable, 'OAUTH_CLIENTS_FILE');
    assert.match((error as Error).message, `${path} line 3: additional_information is not valid JSON`);
    assert.equal(await database.db.query("SELECT client_id FROM oauth_client WHERE client_id IN ('half', 'broken')"), []);
  } finally {
    await database.drop();
  }
});

t('a file that cannot be read is a ConfigError naming it', async () => {
  const missing = join(dir, 'nope.csv');
  const error = await readClientsFile(missing).then(() => undefined, (e: unknown) => e);
  assert.instance(error, ConfigError);
  assert.match((error as Error).message, `OAUTH_CLIENTS_FILE names ${missing}, which cannot be read`);
});

t('the server process prints the problem and exits with code 2', async () => {
  const path = file('bad-header.csv', 'client_id;secret\n');
  const dataDir = mkdtempSync(join(tmpdir(), 'mp-clients-data-'));
  try {
    const child = spawnServer({ DATA_DIR: dataDir, OAUTH_CLIENTS_FILE: path });
    assert.is(await child.exited, 2);
    assert.match(child.output(), `Invalid configuration: OAUTH_CLIENTS_FILE ${path} line 1: unknown column "secret"`);
    assert.not.match(child.output(), 'listening on');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

t.run();
