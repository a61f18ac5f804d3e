// The API documentation (api.md §1.8, §8: springdoc's `/api-docs` only with the profile `api-docs`): the OpenAPI
// document and swagger-ui's config, both public. Without the profile both are a 404 like any unknown route.
// The document describes the application's own route table (buildRouter), read once per process.
import type { RequestContext } from '../http/context';
import { ok } from '../http/context';
import { notFoundVm } from '../http/errors';
import { Router } from '../http/router';
import { buildOpenApiDocument, type OpenApiDocument } from '../api-docs/openapi-document';
import { swaggerConfig } from '../api-docs/swagger-config';
import { processCache } from '../management/cache-stats';

export const API_DOCS_PROFILE = 'api-docs';

function requireProfile(ctx: RequestContext): void {
  if (!ctx.app.config.profiles.includes(API_DOCS_PROFILE)) throw notFoundVm(`No route for ${ctx.method} ${ctx.path}`);
}

const documents = new Map<string, OpenApiDocument>();
const stats = processCache('apiDocs', () => documents.size);

async function documentFor(basePath: string): Promise<OpenApiDocument> {
  let doc = documents.get(basePath);
  if (doc) stats.hits++;
  else {
    stats.misses++;
    // Imported when first asked for: app.ts registers this file's routes, so a static import would be a cycle.
    const { buildRouter } = await import('../app');
    doc = buildOpenApiDocument(buildRouter().routeTable(), { basePath });
    documents.set(basePath, doc);
    stats.puts++;
  }
  return doc;
}

export function apiDocsRoutes(): Router {
  return new Router()
    .get('/api-docs', async (ctx) => {
      requireProfile(ctx);
      return ok(await documentFor(ctx.app.config.basePath));
    })
    .get('/api-docs/swagger-config', (ctx) => {
      requireProfile(ctx);
      return ok(swaggerConfig(ctx.app.config.basePath));
    });
}
