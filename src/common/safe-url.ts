// Which URLs the portal stores and hands on (docs/oauth.md "Redirect URIs", docs/projects.md "Attributes", issue #34):
// a URL that a browser or an app opens must not run script or carry a document of its own. Shared by the server
// (input checks, and filtering values stored before these checks) and the client (links it renders).

/** Schemes that run script, embed a document or reach local files: never a redirect target or a link. */
const DANGEROUS_SCHEMES = new Set(['javascript:', 'vbscript:', 'data:', 'blob:', 'file:', 'filesystem:', 'about:', 'view-source:', 'jar:']);

const parse = (value: string): URL | undefined => {
  try {
    return new URL(value.trim());
  } catch {
    return undefined;
  }
};

/** An absolute http: or https: URL with a host (a privacy policy, a project's page, a subject's external link). */
export function isHttpUrl(value: string | null | undefined): value is string {
  const url = value ? parse(value) : undefined;
  return !!url && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/**
 * A redirect URI an OAuth client may register: an http(s) URL, or an app's own scheme (RFC 8252 7.1, e.g.
 * `org.radarbase.armt:/oauth`), never one of the dangerous schemes above. The value must be exactly what it parses as
 * (no leading or trailing space, no control characters), as authorize compares it byte for byte.
 */
export function isSafeRedirectUri(value: string | null | undefined): value is string {
  if (!value || value !== value.trim() || /[\u0000-\u001f\u007f]/.test(value)) return false;
  const url = parse(value);
  if (!url || DANGEROUS_SCHEMES.has(url.protocol)) return false;
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.hostname !== '';
  return /^[a-z][a-z0-9+.-]*:$/.test(url.protocol);
}
