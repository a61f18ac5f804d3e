-- Deleted OAuth clients (docs/oauth.md, "Revocation"): an access token of a client deleted in or after the second
-- of the token's `iat` is refused from the deletion on, by every process (and so is a refresh token ManagementPortal
-- issued to it). A row is kept as long as the deleted client's tokens could live (expires_at); a client created again
-- under the same id gets working tokens again, its old ones stay refused.
CREATE TABLE oauth_client_revocation (
  client_id varchar(255) PRIMARY KEY,
  revoked_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

-- A session made from a bearer token (POST api/login) carries no more than the token (docs/oauth.md, "Sessions and
-- sign-in"): its scopes (NULL for a session of the sign-in page, which has every scope the user's roles grant), the
-- client it was issued to and its `iat` (so the client's deletion ends the session too), and its expiry, beyond
-- which the session never slides.
ALTER TABLE http_session ADD COLUMN token_scopes jsonb;
ALTER TABLE http_session ADD COLUMN token_client_id varchar(255);
ALTER TABLE http_session ADD COLUMN token_issued_at bigint;
ALTER TABLE http_session ADD COLUMN token_expires_at timestamptz;
