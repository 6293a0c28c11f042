-- The periodic purge of expired state (src/jobs/purge.ts) finds expired holds by this
-- index instead of reading every booked time. Expired sessions it finds by
-- process_expires_idx (001).
CREATE INDEX resource_time_hold_expires_idx ON resource_time (expires_at) WHERE kind = 'HOLD';
