import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, NetworkError, withRetry } from '../../../src/client/lib/http';

const apiError = (status: number) => new ApiError({ status, headers: new Headers(), body: undefined, method: 'GET', url: 'api/x' });
const networkError = () => new NetworkError({ method: 'GET', url: 'api/x' });

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

test('retries network errors and 5xx until it succeeds, waiting delayMs between attempts', async () => {
  const failures = [networkError(), apiError(503), apiError(500)];
  const { waits, sleep } = recordingSleep();
  const attempts: number[] = [];
  const result = await withRetry(
    async (attempt) => {
      attempts.push(attempt);
      const failure = failures.shift();
      if (failure) throw failure;
      return 'ok';
    },
    { sleep },
  );
  assert.is(result, 'ok');
  assert.equal(attempts, [0, 1, 2, 3]);
  assert.equal(waits, [1000, 1000, 1000]);
});

test('gives up after 10 retries (11 attempts) with the last error', async () => {
  const { sleep } = recordingSleep();
  let attempts = 0;
  const error = await withRetry(
    async () => {
      attempts++;
      throw apiError(502);
    },
    { sleep },
  ).catch((e: unknown) => e);
  assert.is(attempts, 11);
  assert.ok(error instanceof ApiError && error.status === 502);
});

test('4xx and other errors are not retried', async () => {
  for (const failure of [apiError(404), apiError(400), new Error('bug')]) {
    let attempts = 0;
    await withRetry(
      async () => {
        attempts++;
        throw failure;
      },
      { sleep: async () => undefined },
    ).catch(() => undefined);
    assert.is(attempts, 1);
  }
});

test('retries and delay are configurable, and the real sleep works', async () => {
  let attempts = 0;
  await withRetry(
    async () => {
      attempts++;
      throw networkError();
    },
    { retries: 2, delayMs: 1 },
  ).catch(() => undefined);
  assert.is(attempts, 3);
});

test('an abort stops the waiting', async () => {
  const controller = new AbortController();
  let attempts = 0;
  const pending = withRetry(
    async () => {
      attempts++;
      throw networkError();
    },
    { delayMs: 60_000, signal: controller.signal },
  ).catch((e: unknown) => e);
  controller.abort();
  const error = await pending;
  assert.is(attempts, 1);
  assert.is((error as Error).name, 'AbortError');
});

test.run();
