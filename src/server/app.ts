// The request pipeline: base path, security headers, route table for api/, management/ and oauth/, static client for
// everything else, one error path, and a log line per request. Every request runs in its request scope (its id,
// echoed as X-Request-Id, and what the log lines say about it: http/request-scope.ts) and is counted for
// management/prometheus by method, route template and status. `createServer` returns a plain node:http server.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createContext } from './http/context';
import { HttpError, methodNotAllowed, notFoundVm, validationFailed } from './http/errors';
import { UNSTORABLE_MESSAGE, unstorable } from '../common/schema';
import { errorReply, securityHeaders, writeReply } from './http/respond';
import { Router, type RouteInfo } from './http/router';
import { setSchemaRegistry } from './http/route';
import { COMPONENT_SCHEMAS } from '../common/schemas';
import { StaticFiles } from './http/static-files';
import type { AppServices } from './services';
import { siteRoutes } from './site/routes';
import { sourceTypeRoutes } from './source-types/routes';
import { sourceDataRoutes } from './source-data/routes';
import { accountRoutes } from './account/routes';
import { twoFactorRoutes } from './two-factor/routes';
import { userRoutes } from './users/routes';
import { oauthRoutes } from './oauth/routes';
import { oauthClientRoutes } from './oauth-clients/routes';
import { metaTokenRoutes } from './meta-tokens/routes';
import { sessionRoutes } from './session/routes';
import { organizationRoutes } from './organizations/routes';
import { projectRoutes } from './projects/routes';
import { overviewRoutes } from './projects/overview-routes';
import { groupRoutes } from './groups/routes';
import { roleRoutes } from './roles/routes';
import { revisionRoutes } from './revisions/routes';
import { subjectRoutes } from './subjects/routes';
import { subjectPrivacyRoutes } from './subjects/privacy-routes';
import { subjectFileRoutes } from './subjects/file-routes';
import { sourceRoutes } from './sources/routes';
import { managementRoutes } from './management/routes';
import { RequestMetrics } from './management/request-metrics';
import { requestStarted } from './http/request-activity';
import { requestIdOf, runInRequestScope, type RequestScope } from './http/request-scope';
import { recordRequest, uriLabel } from './metrics/portal-metrics';
import './http/draining';
import { apiDocsRoutes } from './api-docs/routes';

export const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));
const API_PREFIXES = ['/api/', '/management/', '/oauth/', '/api-docs/'];

/** Every route of the application. Features register theirs here. */
export function buildRouter(): Router {
  setSchemaRegistry(COMPONENT_SCHEMAS);
  // The API document describes this table as it stands after the last line below: the application's own routes,
  // without any a caller (a test) adds to the router afterwards.
  let ownRoutes: RouteInfo[] = [];
  const router = new Router().entries(siteRoutes)
    .entries(accountRoutes)
    .entries(twoFactorRoutes)
    .entries(userRoutes)
    .entries(oauthRoutes)
    .entries(oauthClientRoutes)
    .entries(metaTokenRoutes)
    .entries(sessionRoutes)
    .entries(organizationRoutes)
    .entries(projectRoutes)
    .entries(overviewRoutes)
    .entries(groupRoutes)
    .entries(roleRoutes)
    .entries(revisionRoutes)
    .entries(subjectRoutes)
    .entries(subjectPrivacyRoutes)
    .entries(subjectFileRoutes)
    .entries(sourceTypeRoutes)
    .entries(sourceDataRoutes)
    .entries(sourceRoutes)
    .entries(managementRoutes)
    .entries(apiDocsRoutes(() => ownRoutes));
  ownRoutes = router.routeTable();
  return router;
}

/**
 * No string of a request may reach the database if PostgreSQL cannot store it (a NUL character, an unpaired
 * surrogate): such a path segment or query parameter is a 400 here, for every route. Bodies: http/body.ts.
 */
function requireStorableRequest(path: string, query: URLSearchParams): void {
  const bad = (field: string) => validationFailed('request', [{ objectName: 'request', field, message: UNSTORABLE_MESSAGE }]);
  if (path.includes('%')) {
    for (const segment of path.split('/')) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        continue; // the router answers 404 for a segment it cannot decode
      }
      if (unstorable(decoded)) throw bad('path');
    }
  }
  for (const [key, value] of query) if (unstorable(key) || unstorable(value)) throw bad(key);
}

export interface AppOptions {
  router?: Router;
  clientDir?: string;
}

export function createHandler(app: AppServices, options: AppOptions = {}) {
  const router = options.router ?? buildRouter();
  const staticFiles = new StaticFiles(options.clientDir ?? DEFAULT_CLIENT_DIR, { widgetsAllowedOrigins: app.config.widgetsAllowedOrigins });
  (app.caches ??= new Map()).set('staticFiles', staticFiles.cacheStats);
  const httpLog = app.logs.get('http');
  const errorLog = app.logs.get('errors');
  const base = app.config.basePath;
  const metrics = (app.metrics ??= new RequestMetrics());

  return function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const scope: RequestScope = { requestId: requestIdOf(req), method: req.method ?? 'GET' };
    res.setHeader('X-Request-Id', scope.requestId);
    // While the server drains before it stops (start.ts), keep-alive clients are sent to reconnect, which the load
    // balancer by then sends to another instance.
    if (app.draining) res.setHeader('Connection', 'close');
    return runInRequestScope(scope, () => handleInScope(req, res, scope));
  };

  async function handleInScope(req: IncomingMessage, res: ServerResponse, scope: RequestScope): Promise<void> {
    const started = performance.now();
    const ended = requestStarted(app);
    securityHeaders(res, app.config.publicUrl.startsWith('https:'));
    const url = new URL(req.url ?? '/', 'http://localhost');
    let path = url.pathname;
    const method = req.method ?? 'GET';
    const ctx = createContext(req, path, url.searchParams, app);
    try {
      if (base) {
        if (path === base) {
          writeReply(res, { status: 302, headers: { Location: `${base}/${url.search}` } });
          return;
        }
        if (!path.startsWith(base + '/')) throw notFoundVm(`No route for ${method} ${path}`);
        path = path.slice(base.length);
        ctx.path = path;
      }
      requireStorableRequest(path, url.searchParams);
      const isApi = API_PREFIXES.some((p) => path.startsWith(p)) || path === '/api' || path === '/management' || path === '/api-docs';
      if (isApi) {
        const match = router.match(method, path);
        if (!match) throw notFoundVm(`No route for ${method} ${path}`);
        if ('allowed' in match) {
          const error = methodNotAllowed(method);
          throw new HttpError(405, error.body, { ...error.headers, Allow: match.allowed.join(', ') });
        }
        scope.route = match.template;
        ctx.params = match.params;
        const reply = await match.handler(ctx);
        writeReply(res, reply, ctx.extraHeaders);
      } else {
        scope.route = 'static';
        if (method !== 'GET' && method !== 'HEAD') throw methodNotAllowed(method);
        const reply = await staticFiles.serve(req, path);
        if (!reply) throw notFoundVm(`No file at ${path}`);
        writeReply(res, reply);
      }
    } catch (error) {
      writeReply(res, errorReply(error, errorLog), ctx.extraHeaders);
    } finally {
      ended();
      const elapsed = performance.now() - started;
      metrics.record(method, path, res.statusCode, elapsed);
      // Unmatched paths share one label, so a crawler cannot add series without end.
      recordRequest(method, scope.route ? uriLabel(scope.route) : 'NOT_FOUND', res.statusCode, elapsed);
      scope.status = res.statusCode;
      scope.durationMs = elapsed;
      httpLog.info(`${ctx.remoteAddress} ${method} ${url.pathname} ${res.statusCode} ${elapsed.toFixed(1)}ms`);
    }
  }
}

export function createServer(app: AppServices, options: AppOptions = {}): Server {
  const handle = createHandler(app, options);
  const server = createHttpServer((req, res) => {
    handle(req, res).catch((error) => {
      app.logs.get('errors').error('unhandled', error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  server.keepAliveTimeout = 5000;
  server.headersTimeout = 30000;
  server.requestTimeout = 120000;
  return server;
}
