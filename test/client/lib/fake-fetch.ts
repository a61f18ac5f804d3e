// A scripted fetch for client tests: answers by "METHOD url" (url without the query, or with it when the key has
// one), records every call, and fails loudly on an unexpected request.

export interface RecordedCall {
  method: string;
  url: string;
  headers: Headers;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | undefined;
}

export interface FakeAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

export type Responder = FakeAnswer | 'network-error' | ((call: RecordedCall) => FakeAnswer | 'network-error' | Promise<FakeAnswer | 'network-error'>);

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): FakeAnswer {
  return { status, json: body, headers };
}

export function fakeFetch(routes: Record<string, Responder | Responder[]> = {}) {
  const calls: RecordedCall[] = [];
  const queues = new Map<string, Responder[]>();
  for (const [key, value] of Object.entries(routes)) queues.set(key, Array.isArray(value) ? [...value] : [value]);

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      url,
      headers: new Headers(init.headers),
      body: init.body === undefined || init.body === null ? undefined : String(init.body),
      credentials: init.credentials,
      signal: init.signal ?? undefined,
    };
    calls.push(call);
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const queue = queues.get(`${call.method} ${url}`) ?? queues.get(`${call.method} ${url.split('?')[0]}`);
    if (!queue || queue.length === 0) throw new Error(`fake fetch: unexpected ${call.method} ${url}`);
    // The last answer repeats; earlier ones are used once each.
    const responder = queue.length > 1 ? queue.shift()! : queue[0];
    const answer = typeof responder === 'function' ? await responder(call) : responder;
    if (answer === 'network-error') throw new TypeError('fetch failed');
    if (answer.status === 0) {
      return { status: 0, ok: false, headers: new Headers(), text: async () => '' } as unknown as Response;
    }
    const headers = new Headers(answer.headers);
    let body: string | null = null;
    if (answer.json !== undefined) {
      body = JSON.stringify(answer.json);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    } else if (answer.text !== undefined) {
      body = answer.text;
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'text/plain');
    }
    return new Response(answer.status === 204 ? null : body, { status: answer.status ?? 200, headers });
  };

  return { fetch: fetch as typeof globalThis.fetch, calls };
}

/** Lets pending promise callbacks run. */
export const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
