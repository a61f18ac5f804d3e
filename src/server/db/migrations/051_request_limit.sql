-- Counters for rate limits on requests that send mail (password reset, "send activation e-mail"), shared by every
-- process (docs/users.md, "Limits on mailed keys"). One row per key, e.g. `reset:address:203.0.113.9` or
-- `reset:account:42`: hits counts the requests of the window that ends at window_ends_at; the first hit after
-- that starts a new window. Rows whose window has passed are dropped by the housekeeping.
CREATE TABLE request_limit (
  limit_key varchar(255) PRIMARY KEY,
  hits integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
CREATE INDEX request_limit_window_ends_idx ON request_limit (window_ends_at);
