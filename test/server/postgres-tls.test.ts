// PostgreSQL over TLS as the Helm chart sets it up (docs/deploy.md, "PostgreSQL over TLS"): sslmode and sslrootcert
// of the URL (db/connect-options.ts), libpq's default root certificate places, and a real server with a certificate
// signed by a throw-away authority. The server is a PostgreSQL 15 from .ci/postgres.sh with TLS switched on; its
// certificate names `localhost` only, so 127.0.0.1 passes verify-ca and fails verify-full. Without root, the postgres
// OS user or openssl, the server tests are skipped with a line saying why; the URL tests always run.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError } from '../../src/server/config';
import { connectOptions, defaultRootCertPaths } from '../../src/server/db/connect-options';
import { openPostgres } from '../../src/server/db/postgres';
import { jdbcToPostgresUrl } from '../../src/server/config-mp-env';
import { postgresServerUnavailable } from './import-mp-source';

const t = suite('PostgreSQL over TLS');
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

t('the URL: sslmode and sslrootcert are taken out (the server refuses sslrootcert as a setting), other parameters stay', () => {
  assert.equal(connectOptions('postgres://u@h/db'), { url: 'postgres://u@h/db' });
  assert.equal(connectOptions('postgres://u@h/db?application_name=x'), { url: 'postgres://u@h/db?application_name=x' });
  assert.equal(connectOptions('postgres://u@h/db?sslmode=require&application_name=x'), { url: 'postgres://u@h/db?application_name=x', ssl: 'require' });
  assert.equal(connectOptions('postgres://u@h/db?sslmode=prefer'), { url: 'postgres://u@h/db', ssl: 'prefer' });
  assert.equal(connectOptions('postgres://u@h/db?sslmode=allow'), { url: 'postgres://u@h/db', ssl: 'prefer' });
  assert.equal(connectOptions('postgres://u@h/db?sslmode=disable'), { url: 'postgres://u@h/db', ssl: false });
  const system = connectOptions('postgres://u@h/db?sslrootcert=system');
  assert.is(system.url, 'postgres://u@h/db');
  assert.ok(typeof system.ssl === 'object' && system.ssl.rejectUnauthorized === true && system.ssl.ca === undefined, 'system: verify-full on the default authorities');
  assert.throws(() => connectOptions('postgres://u@h/db?sslmode=verify'), (e: unknown) => e instanceof ConfigError && /sslmode=verify;/.test(e.message));
  assert.throws(() => connectOptions('postgres://u@h/db?sslmode=require&sslrootcert=system'), (e: unknown) => e instanceof ConfigError && /only used with verify-full/.test(e.message));
});

t("the root certificate: the URL's, else PGSSLROOTCERT, else ~/.postgresql/root.crt, else the chart's /root/.postgresql/root.crt", () => {
  const home = mkdtempSync(join(tmpdir(), 'pg-tls-home-'));
  try {
    assert.equal(defaultRootCertPaths({}, home), [join(home, '.postgresql/root.crt'), '/root/.postgresql/root.crt']);
    assert.equal(defaultRootCertPaths({ PGSSLROOTCERT: '/etc/x.crt' }, home)[0], '/etc/x.crt');
    mkdirSync(join(home, '.postgresql'));
    writeFileSync(join(home, '.postgresql/root.crt'), 'PEM FROM HOME');
    writeFileSync(join(home, 'named.crt'), 'PEM NAMED');
    const fromHome = connectOptions('postgres://u@h/db?sslmode=verify-ca', {}, home);
    assert.ok(typeof fromHome.ssl === 'object' && fromHome.ssl.ca === 'PEM FROM HOME');
    const named = connectOptions(`postgres://u@h/db?sslmode=verify-full&sslrootcert=${encodeURIComponent(join(home, 'named.crt'))}`, {}, home);
    assert.ok(typeof named.ssl === 'object' && named.ssl.ca === 'PEM NAMED');
    const fromEnv = connectOptions('postgres://u@h/db?sslmode=verify-full', { PGSSLROOTCERT: join(home, 'named.crt') }, home);
    assert.ok(typeof fromEnv.ssl === 'object' && fromEnv.ssl.ca === 'PEM NAMED');
    // A named file that is not there is an error; so is verify-* with no certificate anywhere.
    assert.throws(() => connectOptions('postgres://u@h/db?sslmode=verify-ca&sslrootcert=/nonexistent.crt', {}, home),
      (e: unknown) => e instanceof ConfigError && /sslrootcert=\/nonexistent\.crt, which cannot be read/.test(e.message));
    if (!existsSync('/root/.postgresql/root.crt')) {
      assert.throws(() => connectOptions('postgres://u@h/db?sslmode=verify-full', {}, join(home, 'none')),
        (e: unknown) => e instanceof ConfigError && /sslmode=verify-full, which needs the server's root certificate: set sslrootcert=/.test(e.message));
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

t("MP's JDBC URL: sslmode and sslrootcert kept; the JDBC driver's ssl=true is verify-full, its NonValidatingFactory require", () => {
  const warnings: string[] = [];
  assert.is(jdbcToPostgresUrl('jdbc:postgresql://db:5432/mp?sslmode=verify-full&sslrootcert=/root/.postgresql/root.crt', 'u', undefined, warnings),
    'postgres://u@db:5432/mp?sslmode=verify-full&sslrootcert=%2Froot%2F.postgresql%2Froot.crt');
  assert.is(jdbcToPostgresUrl('jdbc:postgresql://db/mp?ssl=true', 'u', undefined, warnings), 'postgres://u@db/mp?sslmode=verify-full');
  assert.is(jdbcToPostgresUrl('jdbc:postgresql://db/mp?ssl=true&sslfactory=org.postgresql.ssl.NonValidatingFactory', 'u', undefined, warnings),
    'postgres://u@db/mp?sslmode=require');
  assert.is(jdbcToPostgresUrl('jdbc:postgresql://db/mp?ssl=true&sslmode=verify-ca', 'u', undefined, warnings), 'postgres://u@db/mp?sslmode=verify-ca');
  assert.equal(warnings, []);
});

const openssl = spawnSync('openssl', ['version']).status === 0;
const unavailable = postgresServerUnavailable() ?? (openssl ? undefined : 'openssl is missing (it makes the certificates)');
if (unavailable) {
  const line = `a real PostgreSQL server with TLS: skipped, ${unavailable}`;
  console.log(`PostgreSQL over TLS: ${line}`);
  t(line, () => {});
} else {
  const dir = `/tmp/pg-tls-test-${process.pid}`;
  const certs = mkdtempSync(join(tmpdir(), 'pg-tls-certs-'));
  const env = { ...process.env, PG_TEST_DIR: dir };
  let port = '';
  const url = (host: string, query: string) => `postgres://postgres@${host}:${port}/postgres?${query}`;
  const ca = join(certs, 'ca.crt');
  const otherCa = join(certs, 'other-ca.crt');

  const run = (cmd: string, args: string[]) => {
    const r = spawnSync(cmd, args, { cwd: certs, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  /** Whether a connection made from this URL runs over TLS (pg_stat_ssl), or the connection's error. */
  const tlsOf = async (u: string): Promise<boolean | Error> => {
    const db = openPostgres(u, { max: 1 });
    try {
      const [row] = await db.query<{ ssl: boolean }>('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()');
      return row.ssl;
    } catch (error) {
      return error as Error;
    } finally {
      await db.close().catch(() => {});
    }
  };

  t.before(() => {
    // An authority, a server certificate for `localhost` signed by it, and an unrelated authority.
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    run('openssl', ['req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-subj', '/CN=portal test authority', '-days', '2']);
    run('openssl', ['req', '-x509', ...ec, '-keyout', 'other-ca.key', '-out', 'other-ca.crt', '-subj', '/CN=another authority', '-days', '2']);
    run('openssl', ['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost']);
    writeFileSync(join(certs, 'san.ext'), 'subjectAltName=DNS:localhost\n');
    run('openssl', ['x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.crt', '-days', '2', '-extfile', 'san.ext']);
    const started = spawnSync('bash', [`${ROOT}.ci/postgres.sh`, 'start'], { env, encoding: 'utf8' });
    if (started.status !== 0) throw new Error(`could not start PostgreSQL: ${started.stderr}`);
    port = new URL(started.stdout.trim()).port;
    // The server reads its key only when it is the postgres user's and private.
    writeFileSync(join(dir, 'server.crt'), readFileSync(join(certs, 'server.crt')));
    writeFileSync(join(dir, 'server.key'), readFileSync(join(certs, 'server.key')));
    chmodSync(join(dir, 'server.key'), 0o600);
    run('chown', ['postgres', join(dir, 'server.crt'), join(dir, 'server.key')]);
    const psql = (sql: string) => run('su', ['postgres', '-c', `psql -h 127.0.0.1 -p ${port} -U postgres -d postgres -qAt -c "${sql}"`]);
    psql(`ALTER SYSTEM SET ssl_cert_file = '${dir}/server.crt'`);
    psql(`ALTER SYSTEM SET ssl_key_file = '${dir}/server.key'`);
    psql('ALTER SYSTEM SET ssl = on');
    psql('SELECT pg_reload_conf()');
  });

  t.after(() => {
    spawnSync('bash', [`${ROOT}.ci/postgres.sh`, 'stop'], { env });
    rmSync(certs, { recursive: true, force: true });
  });

  t('verify-full with sslrootcert: TLS, the chain and the host name checked', async () => {
    assert.is(await tlsOf(url('localhost', `sslmode=verify-full&sslrootcert=${encodeURIComponent(ca)}`)), true);
    const wrongName = await tlsOf(url('127.0.0.1', `sslmode=verify-full&sslrootcert=${encodeURIComponent(ca)}`));
    assert.instance(wrongName, Error);
    assert.match((wrongName as Error).message, /127\.0\.0\.1/);
  });

  t('verify-ca checks the chain only; a certificate of another authority is refused', async () => {
    assert.is(await tlsOf(url('127.0.0.1', `sslmode=verify-ca&sslrootcert=${encodeURIComponent(ca)}`)), true);
    const stranger = await tlsOf(url('localhost', `sslmode=verify-ca&sslrootcert=${encodeURIComponent(otherCa)}`));
    assert.instance(stranger, Error);
    assert.match((stranger as Error).message, /certificate/i);
  });

  t('the default place ~/.postgresql/root.crt serves when the URL names no certificate', async () => {
    const home = mkdtempSync(join(tmpdir(), 'pg-tls-home-'));
    const before = process.env.HOME;
    try {
      mkdirSync(join(home, '.postgresql'));
      writeFileSync(join(home, '.postgresql/root.crt'), readFileSync(ca));
      process.env.HOME = home; // os.homedir() reads HOME
      assert.is(await tlsOf(url('localhost', 'sslmode=verify-full')), true);
    } finally {
      process.env.HOME = before;
      rmSync(home, { recursive: true, force: true });
    }
  });

  t('require and prefer encrypt without checking; disable does not encrypt', async () => {
    assert.is(await tlsOf(url('127.0.0.1', 'sslmode=require')), true);
    assert.is(await tlsOf(url('127.0.0.1', 'sslmode=prefer')), true);
    assert.is(await tlsOf(url('127.0.0.1', 'sslmode=disable')), false);
  });
}

t.run();
