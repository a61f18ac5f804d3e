-- When the user's credentials last changed (password change, password reset, deactivation): an access token
-- issued at or before that second is refused from then on (docs/oauth.md, "Revocation"). NULL: never changed
-- since this column exists, so no token is refused for it.
ALTER TABLE radar_user ADD COLUMN credentials_changed_at timestamptz;
