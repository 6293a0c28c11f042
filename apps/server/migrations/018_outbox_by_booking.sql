-- A booking's messages are listed on its back-office page: found by booking, not by reading
-- the whole outbox.
CREATE INDEX email_outbox_booking_idx ON email_outbox (booking_id, id);
