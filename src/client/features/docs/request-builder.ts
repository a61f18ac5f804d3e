// Turns the "try it out" form into a request for the http wrapper: path parameters filled in (encoded), empty query
// parameters left out, the body parsed when it is JSON. Problems come back as values the form shows.
import type { RequestOptions } from '../../lib/http';
import type { ApiOperation } from './openapi-model';

export interface TryInput {
  params: Record<string, string>;
  body: string;
}

export type TryProblem = { kind: 'missingParam'; name: string } | { kind: 'invalidJson'; detail: string };

export interface TryRequest {
  url: string;
  options: RequestOptions;
}

/** The server URL of the document joined with the operation's path template. */
export function joinServer(serverUrl: string | undefined, path: string): string {
  const base = (serverUrl ?? '').replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

export function buildRequest(op: ApiOperation, serverUrl: string | undefined, input: TryInput): TryRequest | TryProblem {
  const query: Record<string, string> = {};
  let path = op.path;
  for (const param of op.parameters) {
    const value = (input.params[`${param.in}:${param.name}`] ?? '').trim();
    if (!value) {
      if (param.required || param.in === 'path') return { kind: 'missingParam', name: param.name };
      continue;
    }
    if (param.in === 'path') path = path.split(`{${param.name}}`).join(encodeURIComponent(value));
    else if (param.in === 'query') query[param.name] = value;
  }
  const options: RequestOptions = { query, silent: true, keepSession: true };
  if (op.body && input.body.trim() !== '') {
    if (/json/i.test(op.body.contentType)) {
      try {
        options.body = JSON.parse(input.body);
      } catch (error) {
        return { kind: 'invalidJson', detail: (error as Error).message };
      }
    } else {
      options.body = input.body;
      options.text = true;
      if (!/^text\/plain/i.test(op.body.contentType)) options.headers = { 'Content-Type': op.body.contentType };
    }
  }
  return { url: joinServer(serverUrl, path), options };
}

export const isProblem = (value: TryRequest | TryProblem): value is TryProblem => 'kind' in value;
