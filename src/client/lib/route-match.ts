// Segment matcher for route patterns such as `project/:projectName`, `subject/:login/revisions/:revisionNb?` or
// `docs/*` (preact-iso's `exec`, in the same spirit). Params come back URL-decoded.

export type RouteParams = Record<string, string>;

const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Matches `path` (URL form, no matrix params) against `pattern`; null when it does not match. */
export function matchPath(pattern: string, path: string): RouteParams | null {
  const want = segmentsOf(pattern);
  const have = segmentsOf(path);
  const params: RouteParams = {};
  for (let i = 0; i < Math.max(want.length, have.length); i++) {
    const w = want[i];
    if (w === undefined) return null;
    const param = /^:(\w+)([?*+]?)$/.exec(w);
    if (w === '*' || (param && (param[2] === '*' || param[2] === '+'))) {
      const rest = have.slice(i).map(decode).join('/');
      if (param?.[2] === '+' && rest === '') return null;
      if (param) params[param[1]] = rest;
      return params;
    }
    if (have[i] === undefined) {
      if (param?.[2] === '?') continue;
      return null;
    }
    if (param) params[param[1]] = decode(have[i]);
    else if (w !== decode(have[i])) return null;
  }
  return params;
}

/** First route whose pattern matches (table order decides, like the original's shadowed `role/...` routes). */
export function matchRoute<R extends { path: string }>(
  routes: readonly R[],
  path: string,
): { route: R; params: RouteParams } | null {
  for (const route of routes) {
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}
