// OAuth 2.0 error answers (RFC 6749, of the authorization and the token endpoint): `{"error", "error_description"}`,
// not the portal's own error shapes, because OAuth clients parse these. They are HttpErrors, so handlers simply throw
// them; in-process callers (the browser sign-in) catch them by class.
import { HttpError } from '../http/errors';

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'temporarily_unavailable';

export const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const;

export class OAuthError extends HttpError {
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    status = code === 'invalid_client' ? 401 : 400,
    headers: Record<string, string> = {},
  ) {
    super(
      status,
      { error: code, error_description: description },
      {
        ...NO_STORE,
        ...(code === 'invalid_client' ? { 'WWW-Authenticate': 'Basic realm="oauth", error="invalid_client"' } : {}),
        ...headers,
      },
      description,
    );
  }
}
