// The shape of the app's hash URLs, in Angular's form so links from the original client keep working:
//   /project/radar;subjectId=b-1(popup:project-subject-new/radar)?tab=subjects&page=1
// primary path, matrix params on it, the `popup` outlet in parentheses, then the query.
import { parseQueryString, type QueryObject, toQueryString } from './query-string';

export interface AppLocation {
  /** Primary path in URL form, without matrix params or slashes around it: `project/radar`. */
  path: string;
  /** Matrix params of the primary path (all segments merged; they are written back on the last one). */
  matrix: Readonly<Record<string, string>>;
  query: Readonly<Record<string, string>>;
  /** The popup outlet's path in URL form (`organization/main/edit`), or null. */
  popup: string | null;
  /** The whole URL as it stands after `#`. */
  url: string;
}

export interface AppUrlParts {
  path: string;
  matrix?: Readonly<Record<string, string | number | boolean | null | undefined>>;
  query?: QueryObject;
  popup?: string | null;
}

/** Path segments encode `(`, `)` and `;` too, since those delimit outlets and matrix params. */
export function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/\(/g, '%28').replace(/\)/g, '%29');
}

/** Builds a URL-form path from raw values: `pathOf('user-management', 'Jo Doe', 'edit')`. */
export function pathOf(...segments: (string | number)[]): string {
  return segments.map((segment) => encodeSegment(String(segment))).join('/');
}

const trimSlashes = (path: string): string => path.replace(/^\/+|\/+$/g, '');

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function splitMatrix(path: string): { path: string; matrix: Record<string, string> } {
  const matrix: Record<string, string> = {};
  const segments = trimSlashes(path)
    .split('/')
    .map((segment) => {
      const [name, ...params] = segment.split(';');
      for (const param of params) {
        const eq = param.indexOf('=');
        if (eq > 0) matrix[decode(param.slice(0, eq))] = decode(param.slice(eq + 1));
        else if (param) matrix[decode(param)] = 'true';
      }
      return name;
    });
  return { path: segments.filter(Boolean).join('/'), matrix };
}

/** Parses what follows `#` (a leading `#` or missing `/` is tolerated). */
export function parseAppUrl(url: string): AppLocation {
  const normalized = normalizeAppUrl(url);
  const queryAt = normalized.indexOf('?');
  const pathPart = queryAt < 0 ? normalized : normalized.slice(0, queryAt);
  const query = queryAt < 0 ? {} : parseQueryString(normalized.slice(queryAt + 1).split('#')[0]);
  let primary = pathPart;
  let popup: string | null = null;
  const open = pathPart.indexOf('(');
  if (open >= 0 && pathPart.endsWith(')')) {
    primary = pathPart.slice(0, open);
    for (const outlet of pathPart.slice(open + 1, -1).split('//')) {
      if (outlet.startsWith('popup:')) popup = trimSlashes(outlet.slice('popup:'.length)) || null;
    }
  }
  const { path, matrix } = splitMatrix(primary);
  return { path, matrix, query, popup, url: normalized };
}

export function buildAppUrl(parts: AppUrlParts): string {
  let url = `/${trimSlashes(parts.path)}`;
  for (const [name, value] of Object.entries(parts.matrix ?? {})) {
    if (value !== undefined && value !== null && value !== '') url += `;${encodeSegment(name)}=${encodeSegment(String(value))}`;
  }
  if (parts.popup) url += `(popup:${trimSlashes(parts.popup)})`;
  const query = toQueryString(parts.query);
  return query ? `${url}?${query}` : url;
}

/** `#/x`, `/x` and `x` all become `/x`. */
export function normalizeAppUrl(url: string): string {
  const withoutHash = url.startsWith('#') ? url.slice(1) : url;
  return withoutHash.startsWith('/') ? withoutHash : `/${withoutHash}`;
}
