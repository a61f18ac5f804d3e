// Configuration from the environment (defaults, and a message naming the variable for a bad value) and the logger
// registry whose levels change while the server runs.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { availableParallelism } from 'node:os';
import { ConfigError, loadConfig } from '../../src/server/config';
import { LoggerRegistry } from '../../src/server/log';

test('defaults', () => {
  const c = loadConfig({});
  assert.is(c.port, 8080);
  assert.is(c.host, '127.0.0.1');
  assert.ok(c.dataDir.endsWith('/data'));
  assert.is(c.databaseUrl, undefined);
  assert.is(c.basePath, '');
  assert.is(c.publicUrl, 'http://127.0.0.1:8080');
  assert.equal(c.profiles, ['prod']);
  assert.equal(c.hiddenSubjectFields, []);
  assert.is(c.logLevel, 'INFO');
});

test('values are read and normalised', () => {
  const c = loadConfig({ BASE_PATH: '/managementportal', PUBLIC_URL: 'https://mp.example.org/managementportal/', PROFILES: 'dev, api-docs', HIDDEN_SUBJECT_FIELDS: 'group,person_name', LOG_LEVEL: 'debug' });
  assert.is(c.basePath, '/managementportal');
  assert.is(c.publicUrl, 'https://mp.example.org/managementportal');
  assert.equal(c.profiles, ['dev', 'api-docs']);
  assert.equal(c.hiddenSubjectFields, ['group', 'person_name']);
  assert.is(c.logLevel, 'DEBUG');
});

test('a bad value names its variable', () => {
  const cases: [Record<string, string>, string][] = [
    [{ PORT: 'x' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ BASE_PATH: 'managementportal' }, 'BASE_PATH'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'LOUD' }, 'LOG_LEVEL'],
    [{ HIDDEN_SUBJECT_FIELDS: 'shoe_size' }, 'HIDDEN_SUBJECT_FIELDS'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: 'ten' }, 'DATABASE_POOL_SIZE'],
  ];
  for (const [env, variable] of cases) {
    try {
      loadConfig(env);
      assert.unreachable(`${variable} accepted`);
    } catch (error) {
      assert.instance(error, ConfigError);
      assert.is((error as ConfigError).variable, variable);
      assert.match((error as Error).message, variable);
    }
  }
});

test('the pool per process shares about two connections per core among the WORKERS, at least 4 each', () => {
  const url = 'postgres://db/radar';
  const cores = availableParallelism();
  assert.is(loadConfig({ DATABASE_URL: url, WORKERS: '1' }).databasePoolSize, Math.max(4, 2 * cores));
  const many = loadConfig({ DATABASE_URL: url, WORKERS: String(4 * cores) });
  assert.is(many.databasePoolSize, 4);
  const eight = loadConfig({ DATABASE_URL: url, WORKERS: '8' }).databasePoolSize;
  assert.ok(eight * 8 <= Math.max(2 * cores, 32), `8 workers x ${eight} connections`);
  assert.is(loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '25' }).databasePoolSize, 25);
});

test('loggers inherit the root level and can be changed while running', () => {
  const lines: string[] = [];
  const logs = new LoggerRegistry('INFO', (l) => lines.push(l));
  const http = logs.get('http');
  http.debug('hidden');
  http.info('shown');
  assert.is(lines.length, 1);
  logs.setLevel('http', 'DEBUG');
  http.debug('now shown');
  assert.is(lines.length, 2);
  logs.setLevel('root', 'ERROR');
  logs.get('db').warn('hidden');
  assert.is(lines.length, 2);
  assert.equal(logs.list().find((l) => l.name === 'http')?.level, 'DEBUG');
  assert.equal(logs.list()[0], { name: 'root', level: 'ERROR' });
});

test.run();
