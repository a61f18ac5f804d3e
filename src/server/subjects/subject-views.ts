// "Who looked" (docs/subjects.md): reading a subject's personal fields through GET api/subjects/{login} writes an
// audit event SUBJECT_VIEWED with who, when and which subject (never a value). The detail is a hot read of one round
// trip (test/server/statement-counts.test.ts), so its events are not written in the request: they are queued in this
// process, with the time of the read, and written together, one multi-row INSERT, in the next quiet moment (no
// request in flight and none for QUIET_MS, http/request-activity.ts), or at the latest MAX_WAIT_MS after the first
// one was queued, or when MAX_QUEUED wait. Whatever reads view events (the subject's "last viewed by", the subject
// access export, the audit screen) writes this process's queue first; the server's shutdown writes it too. A process
// that dies loses the views not yet written (at most MAX_WAIT_MS of them), never an answer.
// A subject reading itself (the participant's app) is no view by someone else and is not recorded.
import { recordSecurityEvent } from '../audit/security-events';
import type { Principal } from '../auth/principal';
import type { Database, Queryable } from '../db/database';
import { isQuiet } from '../http/request-activity';
import type { AppServices } from '../services';

type App = Pick<AppServices, 'db' | 'logs'>;

export const QUIET_MS = 250;
export const MAX_WAIT_MS = 10_000;
const MAX_QUEUED = 500;

interface QueuedView {
  principal: string;
  login: string;
  at: string;
}

interface ViewQueue {
  views: QueuedView[];
  /** performance.now() when the oldest queued view was queued. */
  since: number;
  timer?: ReturnType<typeof setTimeout>;
  flushing?: Promise<void>;
}

const queues = new WeakMap<Database, ViewQueue>();

function queueOf(db: Database): ViewQueue {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = { views: [], since: 0 }));
  return queue;
}

/** Who a principal is in the audit log: the user's login, else the client id of a client-credentials token. */
export const viewerOf = (principal: Principal): string => (principal.login ?? principal.clientId ?? 'anonymous').slice(0, 255);

/** Queues a view of the subject `login` by `principal` (not when the subject reads itself). */
export function recordView(app: App, principal: Principal, login: string): void {
  if (principal.login === login) return;
  const queue = queueOf(app.db);
  if (!queue.views.length) queue.since = performance.now();
  queue.views.push({ principal: viewerOf(principal), login, at: new Date().toISOString() });
  if (queue.views.length >= MAX_QUEUED) void flushViews(app);
  else schedule(app, queue);
}

/** Looks for a quiet moment every QUIET_MS until the queue is written. */
function schedule(app: App, queue: ViewQueue): void {
  if (queue.timer) return;
  queue.timer = setTimeout(() => {
    queue.timer = undefined;
    if (!queue.views.length) return;
    if (isQuiet(app, QUIET_MS) || performance.now() - queue.since >= MAX_WAIT_MS) void flushViews(app);
    else schedule(app, queue);
  }, QUIET_MS);
  queue.timer.unref?.();
}

/** Writes this process's queued views; answers when they (and any write already under way) are stored. */
export async function flushViews(app: App): Promise<void> {
  const { db } = app;
  const queue = queues.get(db);
  if (!queue) return;
  if (queue.timer) clearTimeout(queue.timer);
  queue.timer = undefined;
  const views = queue.views.splice(0);
  const before = queue.flushing;
  const write = (async () => {
    await before;
    if (!views.length) return;
    try {
      await db.query(
        `INSERT INTO audit_event (principal, event_date, event_type, data)
         SELECT v.principal, v.at::timestamptz, 'SUBJECT_VIEWED', jsonb_build_object('subject_login', v.login)
           FROM jsonb_to_recordset($1::text::jsonb) AS v(principal text, login text, at text)`,
        [JSON.stringify(views)],
      );
    } catch (error) {
      app.logs.get('audit').warn(`could not record ${views.length} subject view(s): ${(error as Error).message}`);
    }
  })();
  queue.flushing = write;
  await write;
  if (queue.flushing === write) queue.flushing = undefined;
}

export interface LastView {
  by: string;
  at: string;
}

/**
 * The latest view of the subject by someone other than `viewer`: your own looks (this one included) are never
 * "last viewed by", so the line tells the reader who else looked.
 */
export async function lastViewOf(q: Queryable, login: string, viewer: string): Promise<LastView | undefined> {
  const [row] = await q.query<{ principal: string; event_date: Date | string }>(
    `SELECT principal, event_date FROM audit_event
      WHERE data->>'subject_login' = $1 AND event_type IN ('SUBJECT_VIEWED', 'SUBJECT_ACCESS_EXPORTED') AND principal <> $2
      ORDER BY event_date DESC, id DESC LIMIT 1`,
    [login, viewer]);
  return row ? { by: row.principal, at: new Date(row.event_date).toISOString() } : undefined;
}

/**
 * A CSV export of subjects reads many subjects' personal fields: one event SUBJECTS_EXPORTED naming the project (or
 * none: every project) per export, not one per subject, written before the file is streamed. It never holds the
 * criteria, which may name a person. The JSON lists are not recorded: they are the hottest reads, and the list shows
 * what the export would hold page by page only to staff who may export it anyway (docs/subjects.md, "Who looked").
 */
export async function recordSubjectsExport(db: Queryable, principal: Principal, project: string | undefined): Promise<void> {
  await recordSecurityEvent(db, viewerOf(principal), 'SUBJECTS_EXPORTED', { project: project ?? '*' });
}
