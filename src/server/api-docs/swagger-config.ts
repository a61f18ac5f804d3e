// What swagger-ui's `configUrl` expects (springdoc's `/api-docs/swagger-config`): where the document is. The URLs are
// paths under the base path, so they work whatever host the portal is reached at.
export interface SwaggerConfig {
  configUrl: string;
  url: string;
  urls: { name: string; url: string }[];
  validatorUrl: string;
}

export function swaggerConfig(basePath: string): SwaggerConfig {
  const url = `${basePath}/api-docs`;
  return { configUrl: `${url}/swagger-config`, url, urls: [{ name: 'ManagementPortal', url }], validatorUrl: '' };
}
