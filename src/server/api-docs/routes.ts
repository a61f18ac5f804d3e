// The API documentation (docs/management.md, API documentation): the OpenAPI document and swagger-ui's config, both
// public and both only with the profile `api-docs`; without it they are a 404 like any unknown route. The document
// describes the application's own route entries (buildRouter), built once per process and base path.
import { anything, ref } from '../../common/schema';
import type { RequestContext } from '../http/context';
import { ok } from '../http/context';
import { notFoundVm } from '../http/errors';
import { PUBLIC, route, type RouteEntry } from '../http/route';
import * as doc from '../http/route-docs';
import { processCache } from '../management/cache-stats';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';
import { swaggerConfig } from './swagger-config';

const API_DOCS_PROFILE = 'api-docs';

function requireProfile(ctx: RequestContext): void {
  if (!ctx.app.config.profiles.includes(API_DOCS_PROFILE)) throw notFoundVm(`No route for ${ctx.method} ${ctx.path}`);
}

const documents = new Map<string, OpenApiDocument>();
const stats = processCache('apiDocs', () => documents.size);

async function documentFor(basePath: string): Promise<OpenApiDocument> {
  let document = documents.get(basePath);
  if (document) stats.hits++;
  else {
    stats.misses++;
    // Imported when first asked for: app.ts registers these routes, so a static import would be a cycle.
    const { buildRouter } = await import('../app');
    document = buildOpenApiDocument(buildRouter().routeTable(), { basePath });
    documents.set(basePath, document);
    stats.puts++;
  }
  return document;
}

const NO_PROFILE = { 404: 'The api-docs profile is not active' };

export const apiDocsRoutes: RouteEntry[] = [
  route({
    method: 'GET', path: '/api-docs', access: PUBLIC,
    handler: async ({ ctx }) => {
      requireProfile(ctx);
      return ok(await documentFor(ctx.app.config.basePath));
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
