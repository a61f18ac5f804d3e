// A throw-away PostgreSQL server of a test's own (.ci/postgres.sh with a directory of its own), for tests that stop,
// restart or starve the server: they must not touch the shared TEST_DATABASE_URL server other test files use.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { postgresServerUnavailable } from '../server/import-mp-source';
import { TEST_DATABASE_URL } from './database';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = `${ROOT}.ci/postgres.sh`;

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres (the superuser, trust authentication). */
  url: string;
  /** Stops the server (`immediate`: its processes killed, as by a crash; `fast`: sessions terminated with 57P01). */
  halt(mode: 'immediate' | 'fast'): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  resume(): Promise<void>;
  /** Stops it and removes its directory. */
  remove(): void;
}

/** Why this run cannot have a server of its own (a line for the skip message), or undefined when it can. Only the
 * PostgreSQL run starts one: the PGlite run tests the embedded database. */
export function ownPostgresUnavailable(): string | undefined {
  if (!TEST_DATABASE_URL) return 'it needs a PostgreSQL server of its own, started only on the PostgreSQL run (TEST_DATABASE_URL)';
  return postgresServerUnavailable();
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [SCRIPT, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`postgres.sh ${args.join(' ')} failed: ${err}`))));
  });
}

/** `options`: extra server settings, e.g. `-c max_connections=12`. */
export function startOwnPostgres(name: string, options = ''): OwnPostgres {
  const env = { ...process.env, PG_TEST_DIR: `/tmp/${name}-${process.pid}`, PG_TEST_OPTIONS: options, PG_TEST_PORT: '' };
  const started = spawnSync('bash', [SCRIPT, 'start'], { env, encoding: 'utf8' });
  if (started.status !== 0) throw new Error(`could not start PostgreSQL: ${started.stderr}`);
  return {
    url: started.stdout.trim(),
    halt: (mode) => run(['halt', mode], env),
    resume: () => run(['resume'], env),
    remove: () => { spawnSync('bash', [SCRIPT, 'stop'], { env }); },
  };
}
