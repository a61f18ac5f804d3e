// Talking to the OpenID Connect provider: JSON over HTTP with a time limit and a size limit, no redirects followed.
// Every way it can go wrong (no answer, too slow, an error status, something that is not a JSON object) is an
// OidcFailure, which the sign-in turns into the app's error page and a log line, never a 500.

/** A sign-in through the provider that cannot go on; `message` is for the log, never for the browser. */
export class OidcFailure extends Error {}

export const PROVIDER_TIMEOUT_MS = 5000;
const MAX_ANSWER_BYTES = 512 * 1024;

export interface ProviderRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  form?: URLSearchParams;
  timeoutMs?: number;
}

export async function fetchProviderJson(url: string, what: string, request: ProviderRequest = {}): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (request.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method: request.method ?? 'GET',
      headers,
      body: request.form?.toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(request.timeoutMs ?? PROVIDER_TIMEOUT_MS),
    });
    if (Number(res.headers.get('content-length') ?? 0) > MAX_ANSWER_BYTES) throw new Error('answer too large');
    text = await res.text();
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message;
    throw new OidcFailure(`${what}: no answer from ${url} (${reason})`);
  }
  if (text.length > MAX_ANSWER_BYTES) throw new OidcFailure(`${what}: answer from ${url} is too large`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const detail = isObject(body) && typeof body.error === 'string' ? `${body.error} ${String(body.error_description ?? '')}`.trim() : text.slice(0, 200);
    throw new OidcFailure(`${what}: ${url} answered ${res.status} ${detail}`);
  }
  if (!isObject(body)) throw new OidcFailure(`${what}: ${url} did not answer a JSON object`);
  return body;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
