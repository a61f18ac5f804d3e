// The API documentation (docs/management.md, API documentation): the OpenAPI document and swagger-ui's config, both
// public and both only with the profile `api-docs`; without it they are a 404 like any unknown route. The document
// describes the application's own route entries, which buildRouter (app.ts) hands in: this folder never imports the
// application, so the arrow points one way. Built once per process and base path.
import { anything, ref } from '../../common/schema';
import type { RequestContext } from '../http/context';
import { ok } from '../http/context';
import { notFoundVm } from '../http/errors';
import { PUBLIC, route, type RouteEntry } from '../http/route';
import type { RouteInfo } from '../http/router';
import * as doc from '../http/route-docs';
import { processCache } from '../cache-stats';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';
import { swaggerConfig } from './swagger-config';

const API_DOCS_PROFILE = 'api-docs';

function requireProfile(ctx: RequestContext): void {
  if (!ctx.app.config.profiles.includes(API_DOCS_PROFILE)) throw notFoundVm(`No route for ${ctx.method} ${ctx.path}`);
}

const documents = new Map<string, OpenApiDocument>();
const stats = processCache('apiDocs', () => documents.size);

// Every router buildRouter makes holds the same application routes, so one document per base path serves them all.
function documentFor(basePath: string, routeTable: () => RouteInfo[]): OpenApiDocument {
  let document = documents.get(basePath);
  if (document) stats.hits++;
  else {
    stats.misses++;
    document = buildOpenApiDocument(routeTable(), { basePath });
    documents.set(basePath, document);
    stats.puts++;
  }
  return document;
}

const NO_PROFILE = { 404: 'The api-docs profile is not active' };

/**
 * The documentation's entries; `routeTable` gives the application's own routes (read when the document is first
 * asked for, so the table is complete by then).
 */
export const apiDocsRoutes = (routeTable: () => RouteInfo[]): RouteEntry[] => [
  route({
    method: 'GET', path: '/api-docs', access: PUBLIC,
    handler: ({ ctx }) => {
      requireProfile(ctx);
      return ok(documentFor(ctx.app.config.basePath, routeTable));
    },
    doc: {
      tag: 'Documentation', summary: 'This OpenAPI document', description: 'Only with the api-docs profile (PROFILES); 404 otherwise.',
      success: doc.ok(anything('OpenAPI 3.0 document'), 'The document'), errors: NO_PROFILE,
    },
  }),

  route({
    method: 'GET', path: '/api-docs/swagger-config', access: PUBLIC,
    handler: ({ ctx }) => {
      requireProfile(ctx);
      return ok(swaggerConfig(ctx.app.config.basePath));
    },
    doc: {
      tag: 'Documentation', summary: 'Configuration for swagger-ui', description: 'What swagger-ui\'s `configUrl` expects: where the document is.',
      success: doc.ok(ref('SwaggerConfig'), 'The configuration'), errors: NO_PROFILE,
    },
  }),
];
