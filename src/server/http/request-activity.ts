// Whether the server is between requests: the requests in flight and when the last one ended, per app. Work that
// may wait (the queued subject views, subjects/subject-views.ts) is done in a quiet moment, so it never adds a
// statement or a round trip to a request, which the statement counts measure (test/server/statement-counts.test.ts).
import type { AppServices } from '../services';

interface Activity {
  inFlight: number;
  lastEnd: number;
}

const activities = new WeakMap<object, Activity>();

function activityOf(app: object): Activity {
  let activity = activities.get(app);
  if (!activity) activities.set(app, (activity = { inFlight: 0, lastEnd: 0 }));
  return activity;
}

/** Called when a request arrives; the answer is called when it is answered. */
export function requestStarted(app: AppServices): () => void {
  const activity = activityOf(app);
  activity.inFlight += 1;
  return () => {
    activity.inFlight -= 1;
    activity.lastEnd = performance.now();
  };
}

/** No request in flight, and none ended within the last `quietMs`. */
export function isQuiet(app: object, quietMs: number): boolean {
  const activity = activityOf(app);
  return activity.inFlight === 0 && performance.now() - activity.lastEnd >= quietMs;
}
