// The route table: route entries (route.ts) matched by method and path, with path parameters. A path that matches no route is a 404 through the same error path as any other
// error; a path that matches only under another method is a 405. Path parameters are decoded and must match the
// entity-id pattern (docs/api-conventions.md, "Names and ids") unless the route names its own pattern.
import type { Handler } from './context';
import { compileRoute, type RouteEntry } from './route';

const ENTITY_ID = /^[_'.@A-Za-z0-9- ]*$/;

interface Route {
  method: string;
  segments: string[];
  handler: Handler;
  patterns: Record<string, RegExp>;
  entry: RouteEntry;
}

export interface RouteMatch {
  handler: Handler;
  params: Record<string, string>;
  /** The route's path as registered, e.g. `/api/users/:login` (the metrics' and logs' route). */
  template: string;
}

export type MatchResult = RouteMatch | { allowed: string[] } | null;

/** One row of the route table as the API documentation reads it. */
export interface RouteInfo {
  method: string;
  /** The template as registered, e.g. `/api/users/:login`. */
  path: string;
  /** The route's entry: access, schemas, handler and documentation. */
  entry: RouteEntry;
  /** Patterns of path parameters that do not use the entity-id pattern, as regex sources. */
  patterns: Record<string, string>;
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

export class Router {
  private readonly routes: Route[] = [];

  /** Adds declarative route entries (a resource's routes.ts); each is compiled with the checks of route.ts. */
  entries(list: readonly RouteEntry[]): this {
    for (const entry of list) {
      this.routes.push({
        method: entry.method,
        segments: entry.path.split('/').filter(Boolean),
        handler: compileRoute(entry),
        patterns: entry.patterns ?? {},
        entry,
      });
    }
    return this;
  }

  /** Adds every route of another router (one router per resource file). */
  use(other: Router): this {
    this.routes.push(...other.routes);
    return this;
  }

  /** The route table, read-only, in registration order (what the API documentation is built from). */
  routeTable(): RouteInfo[] {
    return this.routes.map((route) => ({
      method: route.method,
      path: `/${route.segments.join('/')}`,
      patterns: Object.fromEntries(Object.entries(route.patterns).map(([name, pattern]) => [name, pattern.source])),
      entry: route.entry,
    }));
  }

  match(method: string, path: string): MatchResult {
    const parts = path.split('/').filter(Boolean);
    const allowed = new Set<string>();
    for (const route of this.routes) {
      const params = this.matchSegments(route, parts);
      if (!params) continue;
      if (route.method === method || (method === 'HEAD' && route.method === 'GET')) return { handler: route.handler, params, template: route.entry.path };
      allowed.add(route.method);
    }
    return allowed.size ? { allowed: [...allowed] } : null;
  }

  private matchSegments(route: Route, parts: string[]): Record<string, string> | null {
    if (route.segments.length !== parts.length) return null;
    const params: Record<string, string> = {};
    for (let i = 0; i < parts.length; i++) {
      const want = route.segments[i];
      if (want.startsWith(':')) {
        const name = want.slice(1);
        const value = decode(parts[i]);
        if (value === null || !(route.patterns[name] ?? ENTITY_ID).test(value)) return null;
        params[name] = value;
      } else if (want !== parts[i]) {
        return null;
      }
    }
    return params;
  }
}
