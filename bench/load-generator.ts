// One load-generator process of the load benchmark (bench/load.ts forks --generators of them): it drives its share of
// the clients against the server and answers what it measured. A process of its own, so that the generators' CPU is
// not the server's, and several of them can load a server that one Node process cannot saturate. The parent steers
// the phases by message ('timed' starts the measured window, 'done' ends it), so that the window of every generator
// is the window in which the parent reads PostgreSQL's counters.
import http from 'node:http';
import { kindCall, KINDS, SHARES, type Call, type Fixture } from './load-workload';

export interface GeneratorTask {
  base: string;
  token?: string;
  fixture: Fixture;
  /** 'mixed', or one fixed call for every request. */
  workload: 'mixed' | Call;
  label: string;
  /** The global client numbers of this generator: [first, first + count). */
  first: number;
  count: number;
  /** All clients of all generators (a client's own subjects are those at c, c + clients, ...). */
  clients: number;
  seed: number;
}

export interface GeneratorResult {
  latencies: number[];
  statuses: Record<string, number>;
  /** Answers 5xx or no answer at all, in any phase (warm-up included). */
  failed: number;
  failedStatuses: Record<string, number>;
  /** This process's CPU during the timed window, in cores (user + system seconds per second). */
  cpu: number;
  seconds: number;
}

function request(agent: http.Agent, base: string, token: string | undefined, call: Call): Promise<number> {
  return new Promise((resolve) => {
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (call.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      if (call.basic) headers.authorization = `Basic ${call.basic}`;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
    }
    const payload = call.form ?? body;
    if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
    const req = http.request(`${base}${call.path}`, { method: call.method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.end(payload);
  });
}

export async function generate(task: GeneratorTask, phases: { timed: Promise<void>; done: Promise<void> }): Promise<GeneratorResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: task.count });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const failedStatuses: Record<string, number> = {};
  let failed = 0;
  let phase: 'warmup' | 'timed' | 'done' = 'warmup';
  let timedStart = Infinity;
  let timedEnd = Infinity;
  let cpuStart = process.cpuUsage();
  let random = task.seed;
  const next = () => ((random = (random * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const pick = (c: number, n: number): Call => {
    if (task.workload !== 'mixed') return task.workload;
    let r = next();
    let kind = 0;
    while (kind < KINDS.length - 1 && r >= SHARES[kind]) r -= SHARES[kind++];
    return kindCall(task.fixture, task.label, kind, c, n, task.clients);
  };
  void phases.timed.then(() => {
    phase = 'timed';
    timedStart = performance.now();
    cpuStart = process.cpuUsage();
  });
  let cpu = 0;
  let seconds = 0;
  void phases.done.then(() => {
    timedEnd = performance.now();
    seconds = (timedEnd - timedStart) / 1000;
    const used = process.cpuUsage(cpuStart);
    cpu = (used.user + used.system) / 1e6 / Math.max(seconds, 1e-9);
    phase = 'done';
  });
  await Promise.all(Array.from({ length: task.count }, async (_, i) => {
    const c = task.first + i;
    for (let n = 0; phase !== 'done'; n++) {
      const t0 = performance.now();
      const status = await request(agent, task.base, task.token, pick(c, n));
      const t1 = performance.now();
      if (status === 0 || status >= 500) {
        failed++;
        failedStatuses[status] = (failedStatuses[status] ?? 0) + 1;
      }
      if (phase === 'warmup' || t0 < timedStart || t1 > timedEnd) continue;
      latencies.push(t1 - t0);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }));
  agent.destroy();
  return { latencies, statuses, failed, failedStatuses, cpu, seconds };
}

// As a forked process: the task arrives by message, then 'timed' and 'done'.
if (process.send) {
  let timed!: () => void;
  let done!: () => void;
  const phases = { timed: new Promise<void>((r) => (timed = r)), done: new Promise<void>((r) => (done = r)) };
  process.on('message', (message: { type: string; task?: GeneratorTask }) => {
    if (message.type === 'task') {
      void generate(message.task!, phases).then((result) => process.send!({ type: 'result', result }, () => process.exit(0)));
      process.send!({ type: 'started' });
    } else if (message.type === 'timed') timed();
    else if (message.type === 'done') done();
  });
}
