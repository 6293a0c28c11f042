-- Fair share of an office's calendar (docs/decisions/007-fair-share-of-capacity.md).
--
-- client_key: a one-way hash of the client's network address (an IPv6 address by its
-- /64), stored when a session starts and on each booking saved from it, so that every
-- server instance can count the time one address holds. Never the address itself.
-- first_hold_at: when the process first took a hold; its holds end at most a fixed
-- time after it, however often the time is reserved again.
ALTER TABLE process ADD COLUMN client_key text;
ALTER TABLE process ADD COLUMN first_hold_at timestamptz;
ALTER TABLE booking ADD COLUMN client_key text;

CREATE INDEX process_client_key_idx ON process (client_key) WHERE client_key IS NOT NULL;
CREATE INDEX booking_client_key_idx ON booking (client_key, organization_id, created_at) WHERE client_key IS NOT NULL;
