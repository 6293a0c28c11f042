-- Rate-limit counters, shared by every server instance on this database: one row per
-- limited call and client address (or booking session), counting the calls of the
-- current fixed window. A row whose window has ended is reset by the next call and
-- deleted by a periodic sweep (plugins/rate-limit.ts).
CREATE TABLE rate_limit_counter (
  key        text PRIMARY KEY CHECK (length(key) <= 300),
  count      integer NOT NULL CHECK (count >= 0),
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counter_expires_idx ON rate_limit_counter (expires_at);
