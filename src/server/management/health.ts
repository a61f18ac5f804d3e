// GET management/health (public, docs/management.md): the database and the disk the data lives on. A component that
// is down makes the whole answer DOWN with status 503 and the same body, which the health screen shows as data.
import type { Reply } from '../http/context';
import type { AppServices } from '../services';
import { workersSnapshot } from '../cluster/worker-status';
import { diskSpaceHealth } from '../db/disk-space';

interface Component {
  status: 'UP' | 'DOWN';
  details: Record<string, unknown>;
}

async function dbHealth(app: AppServices): Promise<Component> {
  const started = Date.now();
  try {
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out after 5000 ms')), 5000).unref());
    await Promise.race([app.db.query('SELECT 1'), timeout]);
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

/** 200 UP, or 503 DOWN with the same body when a component is down. */
export async function healthReply(app: AppServices): Promise<Reply> {
  const [db, diskSpace] = await Promise.all([dbHealth(app), diskHealth(app)]);
  const workers = workersHealth();
  const components = workers ? { db, diskSpace, workers } : { db, diskSpace };
  const status = Object.values(components).every((c) => c.status === 'UP') ? 'UP' : 'DOWN';
  return { status: status === 'UP' ? 200 : 503, body: { status, components } };
}
