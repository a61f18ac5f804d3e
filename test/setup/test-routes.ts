// Test-only route entries in front of (or beside) the application's own: a public handler by default.
import type { Reply } from '../../src/server/http/context';
import { PUBLIC, route, type Access, type RouteEntry, type RouteInput } from '../../src/server/http/route';

export function testRoute(
  method: RouteEntry['method'],
  path: string,
  handler: (input: RouteInput) => Promise<Reply> | Reply,
  access: Access = PUBLIC,
  find?: RouteEntry['find'],
): RouteEntry {
  return route({ method, path, access, find, handler, doc: { tag: 'Test', summary: `${method} ${path}`, success: { status: 200, description: 'Test only' } } });
}
