// GET management/health (public, docs/management.md): the database and the disk the data lives on. A component that
// is down makes the whole answer DOWN with status 503 and the same body, which the health screen shows as data.
// Details (the database, response times, disk figures, error texts, worker pids) only go to a system administrator,
// as Spring's `show-details: when-authorized`: an anonymous caller learns each component's status and nothing that
// names the infrastructure. The probe groups ManagementPortal exposes are here too: liveness (the process answers;
// no database, so a database outage never restarts the pods) and readiness (database reachable, this version's
// migrations applied, and not draining before a stop: http/draining.ts).
import type { Reply } from '../http/context';
import type { RequestContext } from '../http/context';
import type { AppServices } from '../services';
import { workersSnapshot } from '../cluster/worker-status';
import { authenticate } from '../auth/principal';
import { isSysAdmin } from '../auth/guards';
import { diskSpaceHealth } from '../db/disk-space';
import { loadMigrations } from '../db/migrate';
import '../http/draining';

const DB_TIMEOUT_MS = 5000;

interface Component {
  status: 'UP' | 'DOWN' | 'OUT_OF_SERVICE';
  details?: Record<string, unknown>;
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${DB_TIMEOUT_MS} ms`)), DB_TIMEOUT_MS).unref());
  return Promise.race([work, timeout]);
}

async function dbHealth(app: AppServices): Promise<Component> {
  const started = Date.now();
  try {
    await withTimeout(app.db.query('SELECT 1'));
    return { status: 'UP', details: { database: app.db.kind === 'pglite' ? 'PGlite' : 'PostgreSQL', validationQuery: 'SELECT 1', responseTimeMs: Date.now() - started } };
  } catch (error) {
    return { status: 'DOWN', details: { database: app.db.kind, error: (error as Error).message } };
  }
}

async function diskHealth(app: AppServices): Promise<Component> {
  return diskSpaceHealth(app.config.dataDir, app.config.diskSpace);
}

/** With WORKERS above 1: every worker process, as the primary's heartbeat last saw it (cluster/primary.ts). */
function workersHealth(): Component | undefined {
  const snapshot = workersSnapshot();
  if (!snapshot) return undefined;
  const up = snapshot.workers.filter((w) => w.up).length;
  return {
    status: up >= snapshot.expected ? 'UP' : 'DOWN',
    details: { expected: snapshot.expected, up, workers: snapshot.workers.map((w) => ({ id: w.id, pid: w.pid, status: w.up ? 'UP' : 'DOWN' })) },
  };
}

let newestMigration: string | undefined;

/** This version's newest migration is recorded: the schema is the one this code needs (or a later one). */
async function migrationsHealth(app: AppServices): Promise<Component> {
  newestMigration ??= loadMigrations().at(-1)?.version ?? '';
  try {
    const rows = await withTimeout(app.db.query('SELECT 1 FROM schema_migrations WHERE version = $1', [newestMigration]));
    return { status: rows.length ? 'UP' : 'DOWN', details: { expected: newestMigration } };
  } catch (error) {
    return { status: 'DOWN', details: { expected: newestMigration, error: (error as Error).message } };
  }
}

/** Whether the caller may see details: a system administrator, by session or bearer token. */
async function showsDetails(ctx: RequestContext): Promise<boolean> {
  try {
    const outcome = await authenticate(ctx);
    return !!outcome && 'principal' in outcome && isSysAdmin(outcome.principal);
  } catch {
    return false;
  }
}

function answer(components: Record<string, Component>, details: boolean, status?: Component['status']): Reply {
  const overall = status ?? (Object.values(components).every((c) => c.status === 'UP') ? 'UP' : 'DOWN');
  const shown = Object.fromEntries(Object.entries(components).map(([name, c]) => [name, details ? c : { status: c.status }]));
  return { status: overall === 'UP' ? 200 : 503, body: { status: overall, components: shown } };
}

/** 200 UP, or 503 DOWN with the same body when a component is down. */
export async function healthReply(ctx: RequestContext): Promise<Reply> {
  const app = ctx.app;
  const [db, diskSpace, details] = await Promise.all([dbHealth(app), diskHealth(app), showsDetails(ctx)]);
  const workers = workersHealth();
  return answer(workers ? { db, diskSpace, workers } : { db, diskSpace }, details);
}

/** The process answers from its event loop: 200 UP, whatever the database does. */
export function livenessReply(): Reply {
  return { status: 200, body: { status: 'UP' } };
}

/** 200 UP when the database answers and holds this version's schema; 503 OUT_OF_SERVICE from the start of a drain. */
export async function readinessReply(ctx: RequestContext): Promise<Reply> {
  const app = ctx.app;
  const details = await showsDetails(ctx);
  if (app.draining) return answer({ readinessState: { status: 'OUT_OF_SERVICE', details: { reason: 'stopping' } } }, details, 'OUT_OF_SERVICE');
  const db = await dbHealth(app);
  const migrations = db.status === 'UP' ? await migrationsHealth(app) : { status: 'DOWN' as const, details: { expected: loadMigrations().at(-1)?.version } };
  return answer({ db, migrations }, details);
}
