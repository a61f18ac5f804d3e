// What the per-request instrumentation of issue 33 costs on the request path, in microseconds per request: the request
// id (X-Request-Id / traceparent / a new UUID), running the handler in its AsyncLocalStorage scope, counting it into
// the requests histogram, and one JSON log record. `npm run bench -- request-instrumentation [N]`. Asserts nothing.
import type { IncomingMessage } from 'node:http';
import { requestIdOf, runInRequestScope, type RequestScope } from '../src/server/http/request-scope';
import { recordRequest } from '../src/server/metrics/portal-metrics';
import { jsonRecord } from '../src/server/log';

const n = Number(process.argv[2] ?? 200_000);
const routes = ['/api/subjects/{login}', '/api/projects/{projectName}/subjects', '/management/health', '/api/users/{login}'];
const requests = [
  { headers: {} },
  { headers: { 'x-request-id': 'a6d1c4f2-3b1e-4f0a-9c55-2d8e3b7f1a90' } },
  { headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' } },
] as unknown as IncomingMessage[];

async function measure(name: string, step: (i: number) => unknown): Promise<void> {
  for (let i = 0; i < Math.min(n, 20_000); i++) await step(i); // warm-up
  const started = performance.now();
  for (let i = 0; i < n; i++) await step(i);
  const us = ((performance.now() - started) * 1000) / n;
  console.log(`${name.padEnd(44)} ${us.toFixed(2).padStart(7)} µs per request`);
}

await measure('request id', (i) => requestIdOf(requests[i % 3]));
await measure('AsyncLocalStorage scope around an async handler', () =>
  runInRequestScope({ requestId: 'x', method: 'GET' }, async () => {
    await Promise.resolve();
  }));
await measure('requests histogram', (i) => recordRequest('GET', routes[i % 4], 200, (i % 50) / 3));
const scope: RequestScope = { requestId: 'a6d1c4f2', method: 'GET', route: '/api/subjects/:login', status: 200, durationMs: 4.2, user: 'admin' };
await measure('one JSON log record in a request', () => runInRequestScope(scope, () => jsonRecord('http', 'INFO', '10.0.0.7 GET /api/subjects/sub-1 200 4.2ms')));
